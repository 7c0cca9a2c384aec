// The suggestion banner: the path decides the page's language; this only offers the visitor's language,
// never redirects, and never stores the detected browser language.
import { dismissedKey, STORED_LANGUAGE_KEY, suggestLanguage } from "./language";
import { readStorage, writeStorage } from "./storage";

/** Shows the [data-lang-banner] for the visitor's language when it differs from the page's. */
export function initLanguageBanner(doc: Document, opts: { site: readonly string[]; page: string; browser: readonly string[] }): void {
  const code = suggestLanguage({ ...opts, stored: readStorage("localStorage", STORED_LANGUAGE_KEY) });
  const banner = Array.from(doc.querySelectorAll<HTMLElement>("[data-lang-banner]")).find((b) => b.dataset.langBanner === code);
  if (!code || !banner || readStorage("localStorage", dismissedKey(code))) return;
  banner.hidden = false;
  banner.querySelector("[data-lang-dismiss]")?.addEventListener("click", () => {
    banner.hidden = true;
    writeStorage("localStorage", dismissedKey(code), "1");
  });
}
