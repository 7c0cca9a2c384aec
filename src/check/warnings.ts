// The findings `check` reports besides errors (fallback text, long meta, facts the copy omits, placeholders left
// by `hotelsite new`). Pure: loaded files and resolved coverage in, located warnings out.
import type { Warning } from "../errors.js";
import { placeholderPointers } from "../content/placeholders.js";
import { spellings, unstatedFacts } from "../site/facts.js";
import type { Coverage } from "../site/resolve.js";
import { sourceFiles } from "../translate/sources.js";
import type { Content, LoadedContent, SourceFile } from "../types.js";

/** Widths search results show, in Latin characters (a wide CJK character counts twice). */
export const META_LIMITS = { title: 60, description: 160 } as const;

/** How many fallback fields a warning names before it says "and N more". */
const LISTED = 5;

/** Wide characters: CJK ideographs, kana, hangul, CJK punctuation and full-width forms. */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u;

/** The width of a text in Latin characters: wide characters count 2, everything else 1 per code point. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) && !/[\uff61-\uff9f]/.test(ch) ? 2 : 1;
  return width;
}

/** Which limit a field has, by its name: metaTitle / notFoundMetaTitle are titles, metaDescription a description. */
function limitOf(key: string): { kind: keyof typeof META_LIMITS; max: number } | null {
  if (/(^m|M)etaTitle$/.test(key)) return { kind: "title", max: META_LIMITS.title };
  if (/(^m|M)etaDescription$/.test(key)) return { kind: "description", max: META_LIMITS.description };
  return null;
}

/** A warning at a pointer of a file, with its line and column. */
function at(source: SourceFile, pointer: string, message: string, key = false): Warning {
  const { line, column } = source.locate(pointer, { key });
  return { place: { file: source.file, line, column, pointer: pointer || "/" }, message };
}

/** Inputs of {@link authoringWarnings}: what `check` already has. */
export interface WarningsInput {
  loaded: LoadedContent;
  content: Content;
  coverage: Coverage[];
}

/** What {@link authoringWarnings} found. */
export interface AuthoringWarnings {
  warnings: Warning[];
  /** TODO placeholders left (from `hotelsite new`), which `check --strict` refuses. */
  placeholders: number;
}

/** A file with more placeholders than this gets one warning listing their lines, not one warning each. */
const PLACEHOLDERS_LISTED = 3;

/** Untranslated fields, over-long meta text, facts the copy does not state and unfilled placeholders, each at its place. */
export function authoringWarnings({ loaded, content, coverage }: WarningsInput): AuthoringWarnings {
  const warnings: Warning[] = [];
  const def = content.site.languages[0].code;
  const sources = new Map(sourceFiles(loaded, content).map((s) => [s.source, { source: s.file, base: s.base }]));

  for (const c of coverage) {
    const src = sources.get(c.source);
    if (!src || !c.fallbacks.length) continue;
    const listed = c.fallbacks.slice(0, LISTED).join(", ");
    const more = c.fallbacks.length > LISTED ? ` and ${c.fallbacks.length - LISTED} more` : "";
    warnings.push(
      at(src.source, `${src.base}/${c.lang}`, `${c.lang}: ${c.fallbacks.length} of ${c.fields} fields untranslated (shown in ${def}): ${listed}${more}`, true),
    );
  }

  for (const { source, base } of sources.values()) {
    const blocks = (base ? (source.data as Record<string, unknown>).text : source.data) as Record<string, Record<string, unknown>>;
    for (const [lang, block] of Object.entries(blocks ?? {})) {
      for (const [key, value] of Object.entries(block ?? {})) {
        const limit = limitOf(key);
        if (!limit || typeof value !== "string") continue;
        const width = textWidth(value);
        if (width <= limit.max) continue;
        warnings.push(
          at(source, `${base}/${lang}/${key}`, `is ${width} characters wide; search results show about ${limit.max} of a ${limit.kind} (CJK characters count double)`),
        );
      }
    }
  }

  // A fact repeats a figure the hotel's copy states: one its default-language text never mentions may be invented.
  const defLang = content.site.languages[0].htmlLang;
  for (const hotel of content.hotels) {
    const source = sources.get(`hotel:${hotel.id}`)?.source;
    if (!source) continue;
    for (const i of unstatedFacts(hotel.facts, hotel.text[def], defLang)) {
      const as = spellings(hotel.facts![i].value, defLang).join(", ");
      warnings.push(at(source, `/facts/${i}/value`, `${hotel.facts![i].value} is not in this hotel's ${def} copy (looked for: ${as}); a key fact must repeat a figure the copy states: write it into the copy, or remove the fact`));
    }
  }

  let placeholders = 0;
  for (const source of [loaded.site, loaded.strings, loaded.home, ...loaded.hotels]) {
    const found = placeholderPointers(source.data);
    placeholders += found.length;
    if (found.length <= PLACEHOLDERS_LISTED) {
      for (const pointer of found) warnings.push(at(source, pointer, "still holds a TODO placeholder"));
    } else {
      const lines = found.slice(1).map((p) => source.locate(p).line);
      // Without lines (the file changed since it was read) the pointers say where.
      const places = lines.every((l) => l) ? `on lines ${lines.join(", ")}` : `at ${found.slice(1).join(", ")}`;
      warnings.push(at(source, found[0], `still holds a TODO placeholder, and ${lines.length} more ${places}`));
    }
  }
  return { warnings, placeholders };
}
