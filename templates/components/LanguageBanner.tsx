// One hidden banner per other language, each written in that language; the script shows the one matching
// the visitor's stored or browser language. In the page's flow after the footer: it covers nothing, and
// showing it moves nothing above it. A region landmark named by its sentence.
import type { Page } from "../../src/site/pages";

export function LanguageBanner({ page }: { page: Page }) {
  return (
    <>
      {page.chrome.suggestions.map((s) => (
        <section key={s.code} className="lang-banner" lang={s.textLang} dir={s.dir} data-lang-banner={s.code} aria-label={s.text} hidden>
          <p>
            {s.text}{" "}
            <a href={s.href} hrefLang={s.htmlLang} data-lang-choice={s.code}>
              {s.linkText}
            </a>
          </p>
          <button type="button" className="lang-banner__close" data-lang-dismiss>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{s.dismiss}</span>
          </button>
        </section>
      ))}
    </>
  );
}
