// Where each translation stands: missing (falls back), outdated (its English changed, or never recorded), or current. Pure.
import { textHash, type Lock } from "./lock.js";
import { fieldsOf, textAt, type TextSource } from "./sources.js";

/** One field of one source in one language. */
export interface FieldState {
  src: TextSource;
  lang: string;
  /** Pointer inside the language block ("/sections/0/title"). */
  pointer: string;
  /** The default language's text now. */
  english: string;
  translation?: string;
  state: "missing" | "outdated" | "current";
  /** For outdated fields: the English the translation was made from, when the lock still has it. */
  oldEnglish?: string;
  /** For outdated fields: whether the lock never recorded this translation (rather than recording older English). */
  unrecorded?: boolean;
}

/** Options for {@link fieldStates}. */
export interface StatusOptions {
  sources: TextSource[];
  defaultLang: string;
  /** Languages to report (every language but the default, usually). */
  langs: string[];
  /** The lock; null means freshness is not tracked, so every present translation counts as current. */
  lock: Lock | null;
}

/** The state of every default-language field in every requested language. */
export function fieldStates({ sources, defaultLang, langs, lock }: StatusOptions): FieldState[] {
  const out: FieldState[] = [];
  for (const src of sources) {
    const fields = fieldsOf(src.blocks[defaultLang]);
    for (const lang of langs) {
      if (lang === defaultLang) continue;
      const block = src.blocks[lang];
      for (const { pointer, text } of fields) {
        const translation = textAt(block, pointer);
        if (translation === undefined) {
          out.push({ src, lang, pointer, english: text, state: "missing" });
          continue;
        }
        const recorded = lock?.fields[src.key]?.[pointer]?.[lang];
        if (!lock || recorded === textHash(text)) {
          out.push({ src, lang, pointer, english: text, translation, state: "current" });
          continue;
        }
        out.push({
          src,
          lang,
          pointer,
          english: text,
          translation,
          state: "outdated",
          unrecorded: recorded === undefined,
          oldEnglish: recorded === undefined ? undefined : lock.english[recorded],
        });
      }
    }
  }
  return out;
}
