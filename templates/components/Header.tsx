// Sticky header: logo, Home, Destinations, the language menu button and Book Now; below the medium
// breakpoint a toggle opens the mobile menu. Every control is a real link that works without JavaScript.
import type { Page } from "../../src/site/pages";
import { BookButton } from "./BookButton";
import { LanguageFlag } from "./LanguageFlag";
import { LanguageMenu } from "./LanguageMenu";
import { Logo } from "./Logo";
import { T } from "./T";

export function Header({ page }: { page: Page }) {
  const { chrome, t } = page;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo chrome={chrome} />
        <nav className="site-nav" aria-label={chrome.brandName}>
          <ul className="site-nav__links">
            <li>
              <a href={chrome.homeHref} aria-current={page.kind === "home" ? "page" : undefined}>
                <T>{t.home}</T>
              </a>
            </li>
            <li>
              <a href={chrome.destinationsHref}><T>{t.destinations}</T></a>
            </li>
          </ul>
          <LanguageMenu page={page} />
          <BookButton link={chrome.bookNow} placement="header" newTab={t.opensInNewTab} size="small" className="site-nav__book" />
        </nav>
        <button type="button" className="menu-toggle" aria-expanded="false" aria-controls="mobile-menu" data-menu-toggle>
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="menu-toggle__label"><T>{t.menu}</T></span>
        </button>
      </div>
      <div className="mobile-menu" id="mobile-menu" data-mobile-menu hidden>
        <nav aria-label={t.menu}>
          <ul className="mobile-menu__links">
            <li>
              <a href={chrome.homeHref}><T>{t.home}</T></a>
            </li>
            <li>
              <a href={chrome.destinationsHref}><T>{t.destinations}</T></a>
            </li>
          </ul>
          <ul className="mobile-menu__languages" aria-label={t.language}>
            {chrome.languages.map((l) => (
              <li key={l.code}>
                <a className="lang-button" href={l.href} hrefLang={l.htmlLang} lang={l.htmlLang} aria-current={l.current ? "true" : undefined} data-lang-choice={l.code}>
                  <LanguageFlag lang={l} /> {l.nativeName}
                </a>
              </li>
            ))}
          </ul>
          <BookButton link={chrome.bookNow} placement="menu" newTab={t.opensInNewTab} className="mobile-menu__book" />
        </nav>
      </div>
    </header>
  );
}
