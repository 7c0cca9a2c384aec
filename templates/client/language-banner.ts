// The suggestion banner: the path decides the page's language; this only offers the visitor's language,
// never redirects, and never stores the detected browser language. Its words come from one small file per
// language, fetched only when there is a language to offer.
import type { BannerCopy } from "../../src/site/language-banner";
import { dismissedKey, STORED_LANGUAGE_KEY, suggestLanguage } from "./language";
import { readStorage, writeStorage } from "./storage";

/** Fills the empty [data-lang-banner] with the visitor's language's copy and shows it, when that language differs
 * from the page's, the page links to it and its banner was not dismissed; nothing is fetched otherwise. */
export function initLanguageBanner(doc: Document, opts: { site: readonly string[]; page: string; browser: readonly string[] }): void {
  const code = suggestLanguage({ ...opts, stored: readStorage("localStorage", STORED_LANGUAGE_KEY) });
  const banner = doc.querySelector<HTMLElement>("[data-lang-banner]");
  const to = Array.from(doc.querySelectorAll<HTMLAnchorElement>("[data-lang-list] a")).find((a) => a.dataset.langChoice === code);
  if (!code || !banner || !to || readStorage("localStorage", dismissedKey(code))) return;
  fetch(`${banner.dataset.langBanner}${code}.json`)
    .then((r) => r.json())
    .then((copy: BannerCopy) => {
      const link = banner.querySelector("a")!;
      banner.lang = copy.lang;
      banner.dir = copy.dir;
      banner.querySelector("span")!.textContent = copy.text;
      link.textContent = copy.link;
      link.href = to.href;
      link.hreflang = to.hreflang;
      link.dataset.langChoice = code;
      banner.querySelector(".visually-hidden")!.textContent = copy.dismiss;
      banner.hidden = false;
      banner.querySelector("button")!.addEventListener("click", () => {
        banner.hidden = true;
        writeStorage("localStorage", dismissedKey(code), "1");
      });
    })
    // No copy (offline, a host without the file): no banner; the page is complete without it.
    .catch(() => {});
}
