// Which texts of a page fell back to the default language, so templates can mark them with its lang and dir (WCAG 3.1.2).
import type { Content } from "../types.js";
import type { FallbackMarks } from "./i18n.js";
import { textAt } from "../translate/sources.js";
import { typographic } from "./typography.js";

/** One (source, language) text block a page read, with the pointers of its fields that fell back. */
export interface TextRead {
  source: string;
  lang: string;
  fallbacks: string[];
}

/** Inputs of {@link fallbackMarker}. */
export interface MarkInput {
  content: Content;
  /** How resolve splits prose into paragraphs: a fallback paragraph is shown on its own. */
  split: (text: string) => string[];
}

/** The language blocks of a text source ("strings", "home", "hotel:<id>"). */
function blocksOf(content: Content, source: string): Record<string, unknown> | undefined {
  if (source === "strings") return content.strings;
  if (source === "home") return content.home;
  return content.hotels.find((h) => `hotel:${h.id}` === source)?.text;
}

/** The function that gives a page's fallback marks from the text blocks it read in its language (undefined: none fell back). */
export function fallbackMarker({ content, split }: MarkInput): (reads: TextRead[]) => FallbackMarks | undefined {
  const def = content.site.languages[0];
  // (source, language) -> the default-language texts shown in its place, worked out once per block.
  const shown = new Map<string, string[]>();
  const textsOf = (r: TextRead): string[] => {
    // By the fallbacks too: a page that reads a block field by field shows only those fields' (resolve.ts fieldRead).
    const key = `${r.source}\u0000${r.lang}\u0000${r.fallbacks.join("\u0000")}`;
    let texts = shown.get(key);
    if (!texts) {
      const english = blocksOf(content, r.source)?.[def.code];
      texts = r.fallbacks.flatMap((p) => {
        const raw = textAt(english, p);
        // As resolve shows it (i18n.ts): with typographic quotes.
        const text = raw === undefined ? undefined : typographic(raw);
        return text === undefined ? [] : [text, ...split(text)];
      });
      shown.set(key, texts);
    }
    return texts;
  };
  return (reads) => {
    const texts = new Set(reads.flatMap((r) => (r.fallbacks.length ? textsOf(r) : [])));
    return texts.size ? { lang: def.htmlLang, dir: def.dir ?? "ltr", texts: [...texts] } : undefined;
  };
}
