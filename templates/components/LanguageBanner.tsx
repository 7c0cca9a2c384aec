// One empty banner: the script fills it with the copy of the visitor's language (fetched from the folder named
// in data-lang-banner, one small file per language) and a link to this page in that language, then shows it.
// In the page's flow under the header, where a visitor reading another language sees it first: it covers nothing,
// and a visitor who is not offered a language never sees anything move. A region landmark named by its sentence.
// Without JavaScript it stays hidden.
import type { Page } from "../../src/site/pages";

export function LanguageBanner({ page }: { page: Page }) {
  return (
    <section className="lang-banner" aria-labelledby="lang-banner-text" data-lang-banner={page.chrome.bannerCopy} hidden>
      <p>
        <span id="lang-banner-text" /> <a />
      </p>
      <button type="button" className="lang-banner__close">
        <span aria-hidden="true">×</span>
        <span className="visually-hidden" />
      </button>
    </section>
  );
}
