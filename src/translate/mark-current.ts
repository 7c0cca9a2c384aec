// `translate mark-current`: records that the translations as they stand were made from the English as it stands. Pure.
import { forget, record, type Lock } from "./lock.js";
import type { TextSource } from "./sources.js";
import { fieldStates } from "./status.js";

/** Which translations to mark: by language, and by file or field ("hotels/bali.yaml", "hotels/bali.yaml#/name"). */
export interface MarkOptions {
  sources: TextSource[];
  /** Language codes, the default first. */
  languages: string[];
  lock: Lock;
  /** Only these languages (default: every language but the default). */
  langs?: string[];
  /** Only these files or fields (default: all). */
  only?: string[];
}

/** Whether target `o` selects a field: a file key, or a file key and the field's pointer after "#". */
function selects(o: string, key: string, pointer: string): boolean {
  const [file, field] = o.split("#");
  const sameFile = file.replace(/\\/g, "/").replace(/^(\.\/)?(content\/)?/, "") === key;
  return sameFile && (field === undefined || field === pointer || pointer.startsWith(`${field}/`));
}

/** Marks the selected translations current, forgets records of untranslated fields; `unmatched`: targets that selected none. */
export function markCurrent(o: MarkOptions): { marked: number; forgotten: number; unmatched: string[] } {
  const [def, ...others] = o.languages;
  let marked = 0;
  let forgotten = 0;
  const states = fieldStates({ sources: o.sources, defaultLang: def, langs: o.langs ?? others, lock: o.lock });
  // Marking everything starts afresh, so fields and files that no longer exist keep no records.
  if (!o.only?.length && !o.langs) o.lock.fields = {};
  const matched = new Set<string>();
  for (const s of states) {
    const by = o.only?.filter((t) => selects(t, s.src.key, s.pointer));
    if (by) for (const t of by) matched.add(t);
    if (o.only?.length && !by?.length) continue;
    const at = { key: s.src.key, pointer: s.pointer, lang: s.lang };
    if (s.state === "missing") {
      if (o.lock.fields[s.src.key]?.[s.pointer]?.[s.lang] !== undefined) forgotten++;
      forget(o.lock, at);
    } else {
      if (s.state === "outdated") marked++;
      record(o.lock, { ...at, english: s.english });
    }
  }
  return { marked, forgotten, unmatched: (o.only ?? []).filter((t) => !matched.has(t)) };
}
