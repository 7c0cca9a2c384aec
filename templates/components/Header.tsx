// Sticky header: the site's name and mark, Home, Destinations, the language menu button and Book Now. One navigation for every
// width: from the medium breakpoint up it is the header's row; below it, the panel the menu toggle opens
// (the same links and the same language menu, so each language is listed once a page). Every control is a
// real link that works without JavaScript.
import type { Page } from "../../src/site/pages";
import { BookButton } from "./BookButton";
import { LanguageMenu } from "./LanguageMenu";
import { Logo } from "./Logo";
import { T } from "./T";

export function Header({ page }: { page: Page }) {
  const { chrome, t } = page;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo chrome={chrome} t={t} />
        <button type="button" className="menu-toggle" aria-expanded="false" aria-controls="mobile-menu" data-menu-toggle>
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="menu-toggle__label"><T>{t.menu}</T></span>
        </button>
        {/* `hidden` is the phone panel's closed state; the stylesheet shows the row from the medium breakpoint up. */}
        <nav className="site-nav" id="mobile-menu" aria-label={chrome.siteName} data-mobile-menu hidden>
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
          <BookButton link={chrome.bookNow} placement="menu" newTab={t.opensInNewTab} className="mobile-menu__book" />
        </nav>
      </div>
    </header>
  );
}
