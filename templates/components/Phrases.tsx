// A headline set as its language's typesetters would (templates/components/line-breaks.ts): Chinese and Japanese with a
// <wbr> between phrases (the stylesheet gives these elements `word-break: keep-all`), names from the content kept
// whole; spaced languages without a one-word last line. The segmenter follows the text's language (a text that fell
// back is in the default language), chosen by its BCP 47 tag: no language branching here.
import { createContext, useContext, type ReactNode } from "react";
import { noWidow, phrases, placeLine, segmenterFor } from "./line-breaks";
import { useLangOf } from "./T";

/** The page's language and the names no line may split; exported for <ReusedList>, which carries it into the items it renders apart. */
export const Setting = createContext<{ htmlLang: string; names: readonly string[] }>({ htmlLang: "", names: [] });

/**
 * The page's language and the names from the content whose letters no line inside may split; a nested one adds
 * its names (a hotel's own page, a card) to those around it.
 */
export function Names({ htmlLang, names, children }: { htmlLang?: string; names: readonly (string | undefined)[]; children: ReactNode }) {
  const outer = useContext(Setting);
  const value = { htmlLang: htmlLang ?? outer.htmlLang, names: [...outer.names, ...names.filter((n): n is string => !!n)] };
  return <Setting.Provider value={value}>{children}</Setting.Provider>;
}

/** A text field (as <T> shows it: in a <span lang dir> when it fell back) with its line breaks set; a `place` line
 * (a location) wraps between its comma-separated places. */
export function Phrases({ children: text, place = false }: { children: string | undefined; place?: boolean }) {
  const attrs = useLangOf(text);
  const { htmlLang, names } = useContext(Setting);
  if (text === undefined) return null;
  const parser = segmenterFor(attrs.lang ?? htmlLang);
  const body = parser ? withBreaks(phrases(text, parser, names)) : place ? placeLine(text) : noWidow(text);
  return attrs.lang ? <span {...attrs}>{body}</span> : <>{body}</>;
}

/** The pieces with a <wbr> between each two (a loop: flatMap's arrays took about 170 ms of a 4,008-page build). */
function withBreaks(pieces: string[]): ReactNode {
  if (pieces.length === 1) return pieces[0];
  const out: ReactNode[] = [pieces[0]];
  for (let i = 1; i < pieces.length; i++) out.push(<wbr key={i} />, pieces[i]);
  return out;
}
