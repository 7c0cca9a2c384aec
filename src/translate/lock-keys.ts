// Keeps the translation lock's file keys in step with the content: a hotel renamed with an alias keeps its record, and
// entries for files or fields the content no longer has are found. Pure.
import type { Lock } from "./lock.js";
import { fieldsOf, type TextSource } from "./sources.js";

/** A rename the lock followed: the old file key and the hotel's file now. */
export interface CarriedKey {
  from: string;
  to: string;
}

/** Hotel ids' old names, from the hotels' `aliases` (hotel source -> old ids). */
export type AliasesBySource = Map<string, string[]>;

/** Each renamed hotel's old file keys (`hotels/<alias>.yaml` and `.yml`, unless still content) -> its file key now. */
export function renamedKeys(sources: TextSource[], aliases: AliasesBySource): Map<string, string> {
  const current = new Set(sources.map((s) => s.key));
  const out = new Map<string, string>();
  for (const src of sources) {
    const folder = src.key.slice(0, src.key.lastIndexOf("/") + 1);
    for (const alias of aliases.get(src.source) ?? []) {
      for (const from of [`${folder}${alias}.yaml`, `${folder}${alias}.yml`]) if (!current.has(from)) out.set(from, src.key);
    }
  }
  return out;
}

/** Moves a renamed hotel's old file's lock entries to its file now, in place; fields the new key has keep their record. */
export function carryRenamed(lock: Lock, sources: TextSource[], aliases: AliasesBySource): CarriedKey[] {
  const carried: CarriedKey[] = [];
  for (const [from, to] of renamedKeys(sources, aliases)) {
    const old = lock.fields[from];
    if (!old) continue;
    const into = (lock.fields[to] ??= {});
    for (const [pointer, byLang] of Object.entries(old)) into[pointer] = { ...byLang, ...into[pointer] };
    delete lock.fields[from];
    carried.push({ from, to });
  }
  return carried;
}

/** A lock entry no content field has: a file that is gone, or a field (pointer) its file no longer holds. */
export interface StaleEntry {
  key: string;
  /** Undefined when the whole file is gone. */
  pointer?: string;
}

/** The lock's entries for files and default-language fields the content does not have. */
export function staleEntries(lock: Lock, sources: TextSource[], defaultLang: string): StaleEntry[] {
  const byKey = new Map(sources.map((s) => [s.key, new Set(fieldsOf(s.blocks[defaultLang]).map((f) => f.pointer))]));
  const stale: StaleEntry[] = [];
  for (const [key, byPointer] of Object.entries(lock.fields)) {
    const fields = byKey.get(key);
    if (!fields) {
      stale.push({ key });
      continue;
    }
    for (const pointer of Object.keys(byPointer)) if (!fields.has(pointer)) stale.push({ key, pointer });
  }
  return stale;
}

/** Removes stale entries from the lock in place; returns what was removed. */
export function pruneLock(lock: Lock, sources: TextSource[], defaultLang: string): StaleEntry[] {
  const stale = staleEntries(lock, sources, defaultLang);
  for (const s of stale) {
    if (s.pointer === undefined) delete lock.fields[s.key];
    else delete lock.fields[s.key][s.pointer];
  }
  return stale;
}
