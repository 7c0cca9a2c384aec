// Every placement id the site issues or ever issued (the placement table, then content/placements.json's older ids).
import path from "node:path";
import { placementRows } from "../affiliate/placements.js";
import { readRecord, RECORD_FILE } from "../affiliate/record.js";
import type { CheckResult } from "../build.js";
import { shownPath } from "../errors.js";
import type { PlacedId } from "./tally.js";

/** The placed ids of a checked site, the table's first (an id is counted under the page it stands for now). */
export async function placedIds(result: Pick<CheckResult, "content">, o: { contentDir: string; cwd: string }): Promise<PlacedId[]> {
  const current = placementRows(result.content).filter((r) => r.id !== "");
  const known = new Set(current.map((r) => r.id));
  const dir = path.resolve(o.cwd, o.contentDir);
  const record = await readRecord(dir, shownPath(path.join(dir, RECORD_FILE), o.cwd));
  // A renamed hotel keeps its old id among its aliases.
  const renamed = new Map(result.content.hotels.flatMap((h) => (h.aliases ?? []).map((old) => [old, h.id] as [string, string])));
  // The record lists an id's pages oldest first: the last is what it stood for most recently.
  const old = new Map(record.filter((r) => !known.has(r.id)).map((r) => [r.id, { ...r, page: renamed.get(r.page) ?? r.page }]));
  return [...current, ...old.values()];
}
