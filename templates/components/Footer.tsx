// Shared footer: logo, brand blurb, contact, popular destinations, quick links, languages, copyright and
// the affiliate disclosure.
import type { Page } from "../../src/site/pages";
import { Logo } from "./Logo";

export function Footer({ page }: { page: Page }) {
  const { chrome, t } = page;
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section className="site-footer__brand" aria-label={chrome.brandName}>
          <Logo chrome={chrome} />
          <p>{t.brandBlurb}</p>
          <h2 className="site-footer__heading">{t.contact}</h2>
          <p>
            <a href={`mailto:${chrome.contactEmail}`}>{chrome.contactEmail}</a>
          </p>
        </section>
        <nav aria-labelledby="footer-popular">
          <h2 className="site-footer__heading" id="footer-popular">
            {t.popularDestinations}
          </h2>
          <ul>
            {chrome.popular.map((p) => (
              <li key={p.href}>
                <a href={p.href}>{p.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-quick">
          <h2 className="site-footer__heading" id="footer-quick">
            {t.quickLinks}
          </h2>
          <ul>
            <li>
              <a href={chrome.homeHref}>{t.home}</a>
            </li>
            <li>
              <a href={chrome.destinationsHref}>{t.allDestinations}</a>
            </li>
            <li>
              <a href={chrome.bookNow.hrefs.footer} target="_blank" rel={chrome.bookNow.rel} data-book>
                {chrome.bookNow.label}
                <span className="visually-hidden"> ({t.opensInNewTab})</span>
              </a>
            </li>
          </ul>
          <h2 className="site-footer__heading">{t.language}</h2>
          <ul className="site-footer__languages">
            {chrome.languages.map((l) => (
              <li key={l.code}>
                <a href={l.href} hrefLang={l.htmlLang} lang={l.htmlLang} aria-current={l.current ? "true" : undefined} data-lang-choice={l.code}>
                  {l.nativeName}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-footer__legal">
        <p className="site-footer__disclosure">{t.disclosure}</p>
        <p>
          © {chrome.year} {chrome.siteName}. {t.rightsReserved}
        </p>
      </div>
    </footer>
  );
}
