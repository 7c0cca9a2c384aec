// The HTML shell every page shares: head (title, SEO, social, structured data), skip link, header, language
// banner, main, footer and the one deferred script.
import type { ReactNode } from "react";
import type { Page } from "../src/site/pages";
import { Header } from "./components/Header";
import { Footer } from "./components/Footer";
import { LanguageBanner } from "./components/LanguageBanner";
import { FallbackMarks, T } from "./components/T";
import { Names } from "./components/Phrases";
import { KeepLists } from "./components/Reused";
import { sharedName } from "./components/line-breaks";

interface AssetLinks {
  css: string;
  js: string;
  preload: { href: string; as: string; type: string }[];
}

export function Document({ page, assets, children, devScript }: { page: Page; assets: AssetLinks; children: ReactNode; devScript?: string }) {
  const { head, t, chrome } = page;
  // Names from the content that Chinese and Japanese lines never break inside: the site's, the hotels' the page
  // names (the footer's popular ones, a hotel page's own name and location) and the brand (what their names share).
  const popular = chrome.popular.map((p) => p.name);
  const names = [chrome.siteName, sharedName(popular), ...popular, ...(page.kind === "hotel" ? [page.hotel.name, page.hotel.location] : [])];
  return (
    <html lang={page.lang.htmlLang} dir={page.lang.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.noindex && <meta name="robots" content="noindex" />}
        {head.canonical && <link rel="canonical" href={head.canonical} />}
        {head.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        <meta name="theme-color" content={head.themeColor} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.preload.map((p) => (
          <link key={p.href} rel="preload" href={p.href} as={p.as} type={p.type} crossOrigin="anonymous" />
        ))}
        <link rel="stylesheet" href={assets.css} />
        <script src={assets.js} defer />
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: head.speculationRules }} />
        <meta property="og:type" content={head.og.type} />
        <meta property="og:site_name" content={head.og.siteName} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        {head.canonical && <meta property="og:url" content={head.canonical} />}
        <meta property="og:image" content={head.og.image} />
        {head.og.imageSize && <meta property="og:image:type" content={head.og.imageSize.type} />}
        {head.og.imageSize && <meta property="og:image:width" content={String(head.og.imageSize.width)} />}
        {head.og.imageSize && <meta property="og:image:height" content={String(head.og.imageSize.height)} />}
        {head.og.imageAlt && <meta property="og:image:alt" content={head.og.imageAlt} />}
        <meta property="og:locale" content={head.og.locale} />
        {head.og.localeAlternates.map((l) => (
          <meta key={l} property="og:locale:alternate" content={l} />
        ))}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={head.title} />
        <meta name="twitter:description" content={head.description} />
        <meta name="twitter:image" content={head.og.image} />
        {head.jsonLd.map((json, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
        ))}
      </head>
      <body data-page={page.kind}>
        <FallbackMarks page={page}>
          <Names htmlLang={page.lang.htmlLang} names={names}>
          <a className="skip-link" href="#main">
            <T>{t.skipToContent}</T>
          </a>
          <Header page={page} />
          <LanguageBanner page={page} />
          <main id="main" tabIndex={-1}>
            {/* Under watch (its live script on every page) each save renders pages again: lists keep their items' markup from the first render. */}
            <KeepLists.Provider value={devScript !== undefined}>{children}</KeepLists.Provider>
          </main>
          <Footer page={page} />
          </Names>
        </FallbackMarks>
        {devScript && <script src={devScript} defer />}
      </body>
    </html>
  );
}
