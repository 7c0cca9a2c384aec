// `hotelsite links --placements [file]`: the placement table written beside the site, and its ids added to the record.
import path from "node:path";
import { shownPath } from "../errors.js";
import { writeGuarded } from "../io/write.js";
import { loadContent } from "../content/load.js";
import { validateContent } from "../content/validate.js";
import type { Content } from "../types.js";
import { placementRows, placementsCsv } from "./placements.js";
import { mergeRecord, readRecord, RECORD_FILE, recordKey, writeRecord } from "./record.js";

/** What to write: the content folder, the table's file and the day the ids are seen (UTC, YYYY-MM-DD). */
export interface TableOptions {
  contentDir: string;
  file: string;
  cwd: string;
  day: string;
}

/** Writes the table and updates the record; returns the lines to print. */
export async function writePlacementTable(o: TableOptions): Promise<string[]> {
  const contentDir = path.resolve(o.cwd, o.contentDir);
  const { content } = validateContent(await loadContent({ contentDir, cwd: o.cwd }));
  const rows = placementRows(content);
  const file = path.resolve(o.cwd, o.file);
  await writeGuarded(file, file.endsWith(".json") ? JSON.stringify(rows, null, 2) + "\n" : placementsCsv(rows));
  const recordShown = shownPath(path.join(contentDir, RECORD_FILE), o.cwd);
  const before = await readRecord(contentDir, recordShown);
  const after = mergeRecord(before, rows, o.day);
  await writeRecord(contentDir, after);
  const ids = new Set(rows.map((r) => r.id).filter(Boolean)).size;
  return [
    `Wrote ${rows.length} placements (${ids} ids) to ${shownPath(file, o.cwd)}.`,
    `${recordShown}: ${after.length - before.length} new id${after.length - before.length === 1 ? "" : "s"}, ${after.length} in all; commit it with the content.`,
  ];
}

/** `check`'s note when the owner keeps a record and the site issues ids it does not hold yet; undefined otherwise. */
export async function recordNote(contentDir: string, content: Content, cwd: string): Promise<string | undefined> {
  const shown = shownPath(path.join(contentDir, RECORD_FILE), cwd);
  const record = await readRecord(contentDir, shown);
  if (!record.length) return undefined;
  const kept = new Set(record.map(recordKey));
  const missing = placementRows(content).filter((r) => r.id && !kept.has(recordKey(r))).length;
  return missing ? `note: ${missing} placement id${missing === 1 ? " is" : "s are"} not in ${shown} yet; run hotelsite links --placements and commit it.` : undefined;
}
