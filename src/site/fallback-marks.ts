// Which texts of each page fell back to the default language, so templates can mark them with that language's
// lang and dir (WCAG 3.1.2). Pure: from the coverage resolve recorded and the content's default-language text.
import type { Content } from "../types.js";
import type { FallbackMarks } from "./i18n.js";
import type { Page } from "./pages.js";
import type { Coverage } from "./resolve.js";
import { textAt } from "../translate/sources.js";

/** Inputs of {@link withFallbackMarks}. */
export interface MarkInput {
  coverage: Coverage[];
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

/** Sets `fallback` on every page that shows text in the default language instead of its own. */
export function withFallbackMarks(pages: Page[], { coverage, content, split }: MarkInput): Page[] {
  const def = content.site.languages[0];
  // (source, language) -> the default-language texts shown in its place.
  const fellBack = new Map<string, string[]>();
  for (const c of coverage) {
    if (!c.fallbacks.length) continue;
    const english = blocksOf(content, c.source)?.[def.code];
    const texts = c.fallbacks.flatMap((p) => {
      const text = textAt(english, p);
      return text === undefined ? [] : [text, ...split(text)];
    });
    fellBack.set(`${c.source}\u0000${c.lang}`, texts);
  }
  if (!fellBack.size) return pages;
  // A language whose banner sentence is not translated offers itself in the default language's words.
  const untranslatedBanner = new Set(coverage.filter((c) => c.source === "strings" && c.fallbacks.includes("/languageSuggestion")).map((c) => c.lang));
  for (const page of pages) {
    const texts = new Set(page.sources.flatMap((s) => fellBack.get(`${s}\u0000${page.lang.code}`) ?? []));
    if (texts.size) page.fallback = { lang: def.htmlLang, dir: def.dir ?? "ltr", texts: [...texts] } satisfies FallbackMarks;
    for (const s of page.chrome.suggestions) {
      if (untranslatedBanner.has(s.code)) Object.assign(s, { textLang: def.htmlLang, dir: def.dir ?? "ltr" });
    }
  }
  return pages;
}
