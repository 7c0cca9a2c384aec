// Reads the site's languages and the page's own language from the markup, so nothing is hard-coded here.
import { primarySubtag } from "./language";

/** The site's language codes: the [data-lang-choice] codes of the language list (else of any switcher). */
export function siteLanguages(doc: Document): string[] {
  let links = doc.querySelectorAll<HTMLAnchorElement>("[data-lang-list] a");
  if (!links.length) links = doc.querySelectorAll<HTMLAnchorElement>("a[data-lang-choice]");
  const codes = Array.from(links, (a) => a.dataset.langChoice || primarySubtag(a.hreflang));
  return [...new Set(codes)].filter(Boolean);
}

/** The page's language: the code of the current language-list item, else the primary subtag of <html lang>. */
export function pageLanguage(doc: Document): string {
  const current = doc.querySelector<HTMLElement>("[data-lang-list] [aria-current]");
  return current?.dataset.langChoice || primarySubtag(current?.lang || doc.documentElement.lang);
}
