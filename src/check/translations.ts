// check's translation findings beyond coverage: translations of English changed since (outdated), and one English
// text translated two ways in one language (inconsistent). Pure: the caller passes the lock in.
import type { Warning } from "../errors.js";
import type { Lock } from "../translate/lock.js";
import { normalize, type TextSource } from "../translate/sources.js";
import { fieldStates } from "../translate/status.js";

/** A place in a content file (no line and column when the file changed on disk since it was read). */
interface At {
  file: string;
  line?: number;
  column?: number;
  /** JSON pointer inside the file. */
  pointer: string;
}

/** A translation made from English that has changed since (or never recorded as current). */
export interface Outdated extends At {
  lang: string;
  /** The field inside the language block ("/sections/0/title"). */
  field: string;
  english: string;
  /** The English it was translated from, when the lock knows it. */
  oldEnglish?: string;
  reason: string;
}

/** One English text translated more than one way in one language. */
export interface Inconsistent {
  lang: string;
  english: string;
  /** Each distinct translation with every place it is used. */
  variants: { text: string; places: At[] }[];
}

/** What {@link translationFindings} reports. */
export interface TranslationFindings {
  /** False when the content folder has no lock, so outdated translations cannot be told. */
  tracked: boolean;
  outdated: Outdated[];
  inconsistent: Inconsistent[];
}

/** The place of a language block's field in its file. */
function placeOf(src: TextSource, lang: string, field: string): At {
  const pointer = `${src.base}/${lang}${field}`;
  const { line, column } = src.file.locate(pointer);
  return { file: src.file.file, line, column, pointer };
}

/** Outdated and inconsistent translations of every non-default language. */
export function translationFindings(o: { sources: TextSource[]; languages: string[]; lock: Lock | null }): TranslationFindings {
  const [def, ...langs] = o.languages;
  const states = fieldStates({ sources: o.sources, defaultLang: def, langs, lock: o.lock });
  const outdated: Outdated[] = states
    .filter((s) => s.state === "outdated")
    .map((s) => ({
      ...placeOf(s.src, s.lang, s.pointer),
      lang: s.lang,
      field: s.pointer,
      english: s.english,
      oldEnglish: s.oldEnglish,
      reason: s.unrecorded ? `no record of which ${def} text it translates` : `the ${def} text changed since it was translated`,
    }));

  // Per language: normalised English -> normalised translation -> the fields using it.
  const groups = new Map<string, Map<string, { text: string; fields: typeof states }>>();
  for (const s of states) {
    if (s.translation === undefined) continue;
    const key = `${s.lang}\u0000${normalize(s.english)}`;
    let byText = groups.get(key);
    if (!byText) groups.set(key, (byText = new Map()));
    const t = normalize(s.translation);
    let v = byText.get(t);
    if (!v) byText.set(t, (v = { text: s.translation, fields: [] }));
    v.fields.push(s);
  }
  const inconsistent: Inconsistent[] = [];
  for (const byText of groups.values()) {
    if (byText.size < 2) continue;
    const variants = [...byText.values()].map((v) => ({ text: v.text, places: v.fields.map((s) => placeOf(s.src, s.lang, s.pointer)) }));
    const first = [...byText.values()][0].fields[0];
    inconsistent.push({ lang: first.lang, english: first.english, variants });
  }
  return { tracked: o.lock !== null, outdated, inconsistent };
}

/** file:line:column, or file:line, or the file alone when its position is not known. */
const where = (p: At, column = true) => (p.line ? `${p.file}:${p.line}${column ? `:${p.column ?? 1}` : ""}` : p.file);

/** Quotes a text for one line of a report, shortened. */
const quote = (t: string) => JSON.stringify(t.length > 60 ? `${t.slice(0, 57).trimEnd()}...` : t);

/** The findings as report lines: file:line:column first, so terminals and editors link them. */
export function formatTranslationFindings(f: TranslationFindings): string {
  const lines: string[] = [];
  if (f.outdated.length) {
    lines.push("Outdated translations");
    for (const o of f.outdated) lines.push(`  ${where(o)} ${o.lang} ${o.field} is outdated: ${o.reason}`);
  }
  if (f.inconsistent.length) {
    if (lines.length) lines.push("");
    lines.push("Inconsistent translations");
    for (const i of f.inconsistent) {
      lines.push(`  ${i.lang}: ${quote(i.english)} is translated ${i.variants.length} ways:`);
      for (const v of i.variants) lines.push(`    ${quote(v.text)} at ${v.places.map((p) => where(p, false)).join(", ")}`);
    }
  }
  return lines.join("\n");
}

/** The findings as located warnings, for the HTML report: one per outdated field and per inconsistent variant. */
export function translationWarnings(f: TranslationFindings): Warning[] {
  const out: Warning[] = f.outdated.map((o) => ({ place: o, message: `${o.lang}: outdated, ${o.reason}` }));
  for (const i of f.inconsistent) {
    const others = (v: (typeof i.variants)[number]) => i.variants.filter((x) => x !== v).map((x) => quote(x.text)).join(", ");
    for (const v of i.variants) for (const p of v.places) out.push({ place: p, message: `${i.lang}: ${quote(i.english)} is translated ${quote(v.text)} here and ${others(v)} elsewhere` });
  }
  return out;
}
