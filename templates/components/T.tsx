// Text that fell back to the default language carries that language's lang and dir (WCAG 3.1.2), so screen
// readers do not read English with a Chinese voice. The page says which texts fell back (page.fallback, made
// by src/site/fallback-marks.ts); <FallbackMarks> hands that to every <T> below it: no language branching here.
import { createContext, useContext, type ReactNode } from "react";
import type { Page } from "../../src/site/pages";

/** The page's fallback texts and their language; exported for <ReusedList>, which carries it into the items it renders apart. */
export const Marks = createContext<{ lang: string; dir: string; texts: Set<string> } | null>(null);

/** Provides a page's fallback texts to the <T> elements inside it. */
export function FallbackMarks({ page, children }: { page: Page; children: ReactNode }) {
  const f = page.fallback;
  return <Marks.Provider value={f ? { lang: f.lang, dir: f.dir, texts: new Set(f.texts) } : null}>{children}</Marks.Provider>;
}

/** The lang and dir attributes a text needs: those of its fallback language, or none. */
export function useLangOf(text: string | undefined): { lang?: string; dir?: string } {
  const marks = useContext(Marks);
  return text !== undefined && marks?.texts.has(text) ? { lang: marks.lang, dir: marks.dir } : {};
}

/** A text field: as it is, or in a <span lang dir> when it fell back to the default language. */
export function T({ children }: { children: string | undefined }) {
  const attrs = useLangOf(children);
  return attrs.lang ? <span {...attrs}>{children}</span> : <>{children}</>;
}
