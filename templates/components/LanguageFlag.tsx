// A language's flag as a small image beside its name, when site.yaml's languageMenu.flags is "svg"; nothing
// otherwise (the name stands alone). Decorative: the name beside it says the same.
import type { LanguageLink } from "../../src/site/pages";

export function LanguageFlag({ lang }: { lang: LanguageLink }) {
  return lang.flagSrc ? <img className="lang-flag" src={lang.flagSrc} alt="" width={20} height={15} /> : null;
}
