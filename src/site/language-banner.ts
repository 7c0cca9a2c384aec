// The language banner's copy as one small file per language, fetched by the script: a page carries one empty banner.
import type { OutputFile } from "../render/assets.js";
import type { Content, UiStrings } from "../types.js";
import { format, resolveText } from "./i18n.js";

/** The folder (root-relative URL) of the banner files: `${BANNER_COPY}${code}.json`. */
export const BANNER_COPY = "/languages/";

/** What the script puts into the page's empty banner; the link's address is the page's own link to that language. */
export interface BannerCopy {
  /** The language the words are in (BCP 47): the language's own, or the default's when the sentence is not translated. */
  lang: string;
  dir: "ltr" | "rtl";
  text: string;
  link: string;
  dismiss: string;
}

/** Each language's banner copy, written in that language (field by field falling back to the default's). */
export function bannerCopies(content: Pick<Content, "site" | "strings">): Map<string, BannerCopy> {
  const languages = content.site.languages;
  const def = languages[0];
  return new Map(
    languages.map((l) => {
      const { value: t, fallbacks } = resolveText<UiStrings>(content.strings, l.code, def.code);
      const own = !fallbacks.includes("/languageSuggestion");
      const words = { language: l.nativeName };
      const copy: BannerCopy = {
        lang: own ? l.htmlLang : def.htmlLang,
        dir: (own ? l.dir : def.dir) ?? "ltr",
        text: format(t.languageSuggestion, words),
        link: format(t.languageSuggestionLink, words),
        dismiss: t.dismiss,
      };
      return [l.code, copy];
    }),
  );
}

/** The banner files of the output folder: languages/<code>.json. */
export function bannerFiles(content: Pick<Content, "site" | "strings">): OutputFile[] {
  return [...bannerCopies(content)].map(([code, copy]) => ({ path: `${BANNER_COPY.slice(1)}${code}.json`, contents: JSON.stringify(copy) }));
}
