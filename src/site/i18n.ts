// The one place a text field is chosen for a language: its own when it has the field, else the default's, recorded.
import type { TextValue } from "../types.js";
import { typographic } from "./typography.js";

/** A text source resolved for one language: its value, how many fields it has, and the ones that fell back. */
export interface ResolvedText<T> {
  value: T;
  /** How many text fields it has (a count, not their pointers: 12,006 pages' pointers were 29 MB). */
  fields: number;
  /** JSON pointers (inside the language block) of the fields that came from the default language. */
  fallbacks: string[];
}

/** Fills `value` from `preferred` where it has the same field, else from `fallback`, recording which (typographic quotes). */
function merge(fallback: TextValue, preferred: unknown, pointer: string, out: { fields: number; fallbacks: string[] }): TextValue {
  if (typeof fallback === "string") {
    out.fields++;
    if (typeof preferred === "string" && preferred.length > 0) return typographic(preferred);
    out.fallbacks.push(pointer);
    return typographic(fallback);
  }
  if (Array.isArray(fallback)) {
    const list = Array.isArray(preferred) ? preferred : [];
    return fallback.map((item, i) => merge(item, list[i], `${pointer}/${i}`, out));
  }
  const obj = preferred && typeof preferred === "object" && !Array.isArray(preferred) ? (preferred as Record<string, unknown>) : {};
  const result: Record<string, TextValue> = {};
  for (const [key, item] of Object.entries(fallback)) result[key] = merge(item, obj[key], `${pointer}/${key}`, out);
  return result;
}

/** Resolves a block of text for `lang`, field by field, falling back to `defaultLang` (whose block decides the fields). */
export function resolveText<T>(blocks: Record<string, unknown>, lang: string, defaultLang: string): ResolvedText<T> {
  const out = { fields: 0, fallbacks: [] as string[] };
  const base = (blocks[defaultLang] ?? {}) as TextValue;
  const value = merge(base, lang === defaultLang ? base : blocks[lang], "", out);
  return { value: value as T, fields: out.fields, fallbacks: out.fallbacks };
}

/** Texts of a page that fell back to another language, and that language's lang and dir for marking them. */
export interface FallbackMarks {
  /** BCP 47 tag of the language the texts are in (the default language's htmlLang). */
  lang: string;
  dir: "ltr" | "rtl";
  texts: string[];
}

/** The UI strings with site.yaml's `siteName` as the default language's `siteName` (translated like any string). */
export function withSiteName<T extends Record<string, unknown>>(strings: T, siteName: string, defaultLang: string): T {
  const block = (strings[defaultLang] ?? {}) as Record<string, unknown>;
  return { ...strings, [defaultLang]: { ...block, siteName } };
}

/** Replaces {name} placeholders in a UI string. */
export function format(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
}
