// Remembers an explicit language choice, so the banner can offer it on pages in other languages.
import { isSiteLanguage, STORED_LANGUAGE_KEY } from "./language";
import { writeStorage } from "./storage";

/** Stores the code of any clicked [data-lang-choice] link, if it is exactly one of the site's languages. */
export function initLanguageMemory(doc: Document, site: readonly string[]): void {
  doc.addEventListener("click", (e) => {
    const code = (e.target as Element).closest?.("[data-lang-choice]")?.getAttribute("data-lang-choice");
    if (isSiteLanguage(code, site)) writeStorage("localStorage", STORED_LANGUAGE_KEY, code);
  });
}
