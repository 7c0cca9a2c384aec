// A language's flag as a small image beside its name, when site.yaml's languageMenu.flags is "svg"; nothing
// otherwise (the name stands alone). Decorative: the name beside it says the same. No class: it is styled as
// .lang-menu img, the bytes of every item being paid once per language on every page.
import type { LanguageLink } from "../../src/site/pages";

export function LanguageFlag({ lang }: { lang: LanguageLink }) {
  // The space that parts it from the name comes with it: without a flag the name stands alone.
  return lang.flagSrc ? <><img src={lang.flagSrc} alt="" width={20} height={15} />{" "}</> : null;
}
