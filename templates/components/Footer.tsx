// Shared footer: logo, brand blurb, contact, popular destinations, quick links, copyright and the affiliate
// disclosure. The languages are the header's list only (it works without JavaScript at every width): a second
// list here cost every page ~110 bytes per language.
import type { Page } from "../../src/site/pages";
import { Logo } from "./Logo";
import { T } from "./T";

export function Footer({ page }: { page: Page }) {
  const { chrome, t } = page;
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section className="site-footer__brand" aria-label={chrome.siteName}>
          <Logo chrome={chrome} t={t} />
          <p><T>{t.brandBlurb}</T></p>
          <h2 className="site-footer__heading"><T>{t.contact}</T></h2>
          <p>
            <a href={`mailto:${chrome.contactEmail}`}>{chrome.contactEmail}</a>
          </p>
        </section>
        <nav aria-labelledby="footer-popular">
          <h2 className="site-footer__heading" id="footer-popular">
            <T>{t.popularDestinations}</T>
          </h2>
          <ul>
            {chrome.popular.map((p) => (
              <li key={p.href}>
                <a href={p.href}><T>{p.name}</T></a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-quick">
          <h2 className="site-footer__heading" id="footer-quick">
            <T>{t.quickLinks}</T>
          </h2>
          <ul>
            <li>
              <a href={chrome.homeHref}><T>{t.home}</T></a>
            </li>
            <li>
              <a href={chrome.destinationsHref}><T>{t.allDestinations}</T></a>
            </li>
            <li>
              <a href={chrome.bookNow.hrefs.footer} target="_blank" rel={chrome.bookNow.rel} data-book>
                <T>{chrome.bookNow.label}</T>
                <span className="visually-hidden"> (<T>{t.opensInNewTab}</T>)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="site-footer__legal">
        <p className="site-footer__disclosure"><T>{t.disclosure}</T></p>
        <p>
          {chrome.copyright.map((part, i) =>
            "year" in part ? (
              <span key={i} data-year>
                {part.year}
              </span>
            ) : "siteName" in part ? (
              <T key={i}>{part.siteName}</T>
            ) : (
              part.text
            ),
          )}
        </p>
      </div>
    </footer>
  );
}
