// The placement record (content/placements.json): every id ever issued and what it stood for, so old report rows stay traceable.
import path from "node:path";
import { ContentError, ContentErrors, type Place } from "../errors.js";
import { readGuardedText } from "../io/read.js";
import { writeGuarded } from "../io/write.js";
import type { PlacementRow } from "./placements.js";

/** The record's file name inside the content folder. */
export const RECORD_FILE = "placements.json";

/** One id as it was issued: what it stood for, and from when to when (UTC days, YYYY-MM-DD). */
export interface RecordRow {
  id: string;
  page: string;
  lang: string;
  placement: string;
  route: string;
  programme: string;
  first: string;
  last: string;
}

/** What makes a row of the record its own: an id and what it stood for. */
export const recordKey = (r: { id: string; page: string; lang: string; placement: string }) => [r.id, r.page, r.lang, r.placement].join("\u0000");

/** The ids of the table merged into the record, seen on `day`: sorted by id, then by when first seen. */
export function mergeRecord(record: readonly RecordRow[], rows: readonly PlacementRow[], day: string): RecordRow[] {
  const merged = new Map(record.map((r) => [recordKey(r), { ...r }]));
  for (const row of rows) {
    if (!row.id) continue;
    const kept = merged.get(recordKey(row));
    if (kept) Object.assign(kept, { route: row.route, programme: row.programme, last: day > kept.last ? day : kept.last });
    else merged.set(recordKey(row), { id: row.id, page: row.page, lang: row.lang, placement: row.placement, route: row.route, programme: row.programme, first: day, last: day });
  }
  return [...merged.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
}

/** Most bytes the record may hold: some 200 bytes a row, millions of rows. */
const MAX_RECORD_BYTES = 256 * 1024 * 1024;
const FIELDS = ["id", "page", "lang", "placement", "route", "programme", "first", "last"] as const;

/** Reads the content folder's record; [] when there is none yet. */
export async function readRecord(contentDir: string, shownAs: string): Promise<RecordRow[]> {
  const text = await readGuardedText(path.join(contentDir, RECORD_FILE), { root: contentDir, maxBytes: MAX_RECORD_BYTES, shown: shownAs, what: "a placement record", missingOk: true, folderHint: `move the folder away: ${RECORD_FILE} is the file hotelsite keeps the placement ids in` });
  if (text === null) return [];
  const refuse = (place: Omit<Place, "file">, why: string) =>
    new ContentErrors([new ContentError({ file: shownAs, ...place }, `${why}: it is not a placement record ("placements": rows of ${FIELDS.join(", ")})`, "restore it from version control: it is the only trace of the ids issued before")]);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    // The parser names the offset where the text stops being JSON: as a line and column.
    const lines = text.slice(0, Number(/at position (\d+)/.exec((e as Error).message)?.[1] ?? text.length)).split("\n");
    throw refuse({ line: lines.length, column: [...lines.at(-1)!].length + 1 }, `is not JSON (${(e as Error).message.replace(/ (in JSON )?at position.*$/s, "")})`);
  }
  const rows = (data as { placements?: unknown } | null)?.placements;
  if (!Array.isArray(rows)) throw refuse({ pointer: "/placements" }, "has no list of placements");
  const bad = rows.findIndex((r) => !r || typeof r !== "object" || !FIELDS.every((f) => typeof (r as Record<string, unknown>)[f] === "string"));
  if (bad >= 0) throw refuse({ pointer: `/placements/${bad}` }, "is not a row of text fields");
  return rows as RecordRow[];
}

/** Writes the record: one row a line, so a review shows exactly which ids came and went. */
export async function writeRecord(contentDir: string, rows: readonly RecordRow[]): Promise<void> {
  const lines = rows.map((r) => JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, r[f]]))));
  await writeGuarded(path.join(contentDir, RECORD_FILE), `{\n  "placements": [\n    ${lines.join(",\n    ")}\n  ]\n}\n`, { root: contentDir });
}
