// The language dropdown as a WAI-ARIA menu button; each item is a link to this page in that language,
// so it works without JavaScript (the list is shown inline when scripting is off). The page's one list of its
// languages: every byte of an item is paid once per language on every page.
import type { Page } from "../../src/site/pages";
import { LanguageFlag } from "./LanguageFlag";

export function LanguageMenu({ page }: { page: Page }) {
  const { chrome, t } = page;
  const current = chrome.languages.find((l) => l.current)!;
  return (
    <div className="lang-menu" data-lang-menu>
      <button type="button" className="lang-menu__button" id="lang-menu-button" aria-haspopup="menu" aria-expanded="false" aria-controls="lang-menu-list" data-lang-button>
        <span className="visually-hidden">{t.language}: </span>
        <LanguageFlag lang={current} />{current.nativeName}
        <span className="lang-menu__caret" aria-hidden="true" />
      </button>
      {/* The script gives the list and its links their menu roles: without it they are a list of links. */}
      <ul className="lang-menu__list" id="lang-menu-list" aria-labelledby="lang-menu-button" hidden data-lang-list>
        {chrome.languages.map((l) => (
          <li key={l.code}>
            <a href={l.href} hrefLang={l.htmlLang} lang={l.htmlLang} aria-current={l.current ? "true" : undefined} data-lang-choice={l.code}>
              <LanguageFlag lang={l} />{l.nativeName}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
