// The translation lock (translations.lock.json): for every translated field, a hash of the English it was translated
// from, plus that text; one field per line, sorted, so reviews see exactly which translations changed.
import { createHash } from "node:crypto";
import path from "node:path";
import { ContentError, ContentErrors } from "../errors.js";
import { readGuardedText } from "../io/read.js";
import { writeGuarded } from "../io/write.js";
import { normalize } from "./sources.js";

/** The lock file's name inside the content folder. */
export const LOCK_FILE = "translations.lock.json";

/** file (relative to the content folder) -> pointer inside the language block -> language -> hash of the English. */
export type LockFields = Record<string, Record<string, Record<string, string>>>;

/** The lock: which English each translation was made from, and those English texts by hash. */
export interface Lock {
  fields: LockFields;
  english: Record<string, string>;
}

/** A short hash of a text, whitespace aside (reflowing a paragraph does not make its translations outdated). */
export function textHash(text: string): string {
  return createHash("sha256").update(normalize(text)).digest("hex").slice(0, 12);
}

/** A lock for content that has none yet. */
export const emptyLock = (): Lock => ({ fields: {}, english: {} });

/** Most bytes a lock may hold: a few hundred bytes per translated field leaves room for very large sites. */
export const MAX_LOCK_BYTES = 64 * 1024 * 1024;

/** Reads the content folder's lock; null when there is none (freshness is not tracked yet). */
export async function readLock(contentDir: string, shownAs: string): Promise<Lock | null> {
  const text = await readGuardedText(path.join(contentDir, LOCK_FILE), { root: contentDir, maxBytes: MAX_LOCK_BYTES, shown: shownAs, what: "a translation lock", missingOk: true, folderHint: `move the folder away: ${LOCK_FILE} is the file hotelsite keeps the translation record in` });
  if (text === null) return null;
  const fail = (message: string): never => {
    throw new ContentErrors([
      new ContentError({ file: shownAs }, message, "restore it from version control, or delete it and run `hotelsite translate mark-current` after checking the translations"),
    ]);
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return fail(`is not valid JSON (${(e as Error).message})`);
  }
  const d = data as Partial<Lock> | null;
  if (!d || typeof d !== "object" || !isRecord(d.fields) || !isRecord(d.english)) return fail('is not a translation lock (it needs "fields" and "english" objects)');
  for (const byPointer of Object.values(d.fields)) {
    if (!isRecord(byPointer)) return fail("has a file entry that is not an object");
    for (const byLang of Object.values(byPointer)) {
      if (!isRecord(byLang) || Object.values(byLang).some((h) => typeof h !== "string")) return fail("has a field entry that is not an object of language -> hash");
    }
  }
  if (Object.values(d.english).some((t) => typeof t !== "string")) return fail('has an "english" entry that is not a string');
  return { fields: d.fields as LockFields, english: d.english as Record<string, string> };
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** Sorted keys, so the file's order never depends on the order fields were recorded in. */
const sorted = <T>(o: Record<string, T>) => Object.keys(o).sort().map((k) => [k, o[k]] as const);

/** The lock as diff-friendly JSON: one line per field, keys sorted, English texts only where still referenced. */
export function serializeLock(lock: Lock): string {
  const used = new Set<string>();
  const files: string[] = [];
  for (const [file, byPointer] of sorted(lock.fields)) {
    const lines = sorted(byPointer)
      .filter(([, byLang]) => Object.keys(byLang).length > 0)
      .map(([pointer, byLang]) => {
        for (const h of Object.values(byLang)) used.add(h);
        return `      ${JSON.stringify(pointer)}: { ${sorted(byLang).map(([l, h]) => `${JSON.stringify(l)}: ${JSON.stringify(h)}`).join(", ")} }`;
      });
    if (lines.length) files.push(`    ${JSON.stringify(file)}: {\n${lines.join(",\n")}\n    }`);
  }
  const english = sorted(lock.english)
    .filter(([h]) => used.has(h))
    .map(([h, t]) => `    ${JSON.stringify(h)}: ${JSON.stringify(t)}`);
  const block = (items: string[]) => (items.length ? `{\n${items.join(",\n")}\n  }` : "{}");
  return `{\n  "about": "Which English text each translation was made from. Written by hotelsite translate mark-current and translate import.",\n  "fields": ${block(files)},\n  "english": ${block(english)}\n}\n`;
}

/** Writes the lock into the content folder (guarded: never through a link, keeping its mode). */
export async function writeLock(contentDir: string, lock: Lock): Promise<void> {
  await writeGuarded(path.join(contentDir, LOCK_FILE), serializeLock(lock), { root: contentDir });
}

/** Records that `lang`'s translation of a field was made from `english`. */
export function record(lock: Lock, o: { key: string; pointer: string; lang: string; english: string }): void {
  const hash = textHash(o.english);
  ((lock.fields[o.key] ??= {})[o.pointer] ??= {})[o.lang] = hash;
  lock.english[hash] = o.english;
}

/** Forgets a field's record for a language (its translation is gone). */
export function forget(lock: Lock, o: { key: string; pointer: string; lang: string }): void {
  const byLang = lock.fields[o.key]?.[o.pointer];
  if (byLang) delete byLang[o.lang];
}
