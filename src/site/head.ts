// The page builder of a page's <head>: title, description, canonical URL, hreflang alternates, Open Graph and JSON-LD.
import { OG_SIZE } from "../images/plan.js";
import type { Content, Language } from "../types.js";
import type { Head, ImageView } from "./pages.js";
import type { Route, Routes } from "./routes.js";
import { serializeJsonLd } from "./seo.js";
import { SPECULATION_RULES } from "./speculation.js";

/** The og image's size and type: every page's is the same (one object for all of them). */
const OG_IMAGE_SIZE = { ...OG_SIZE, type: "image/jpeg" };

/** What a page's head shows besides its route and language. */
export interface HeadParts {
  title: string;
  description: string;
  image: ImageView;
  type: string;
  jsonLd: unknown[];
}

/** The head builder of a site; a route's alternates are made once and shared by its pages in every language. */
export function headBuilder(o: { routes: Routes; site: Content["site"]; siteName: (lang: string) => string }): (route: Route, lang: Language, parts: HeadParts) => Head {
  const { routes, site } = o;
  const languages = site.languages;
  const def = languages[0].code;
  const alternatesOf = new Map<string, Head["alternates"]>();
  const localeAlternates = new Map(languages.map((lang) => [lang.code, languages.filter((l) => l.code !== lang.code).map((l) => l.locale)]));
  return (route, lang, p) => {
    const indexed = route.kind !== "notFound";
    const key = routes.url(route, def);
    let alternates = indexed ? alternatesOf.get(key) : [];
    if (!alternates) {
      alternates = [...languages.map((l) => ({ hreflang: l.htmlLang, href: routes.absolute(routes.url(route, l.code)) })), { hreflang: "x-default", href: routes.absolute(key) }];
      alternatesOf.set(key, alternates);
    }
    return {
      title: p.title,
      description: p.description,
      canonical: indexed ? routes.absolute(routes.url(route, lang.code)) : null,
      alternates,
      noindex: !indexed,
      og: {
        type: p.type,
        locale: lang.locale,
        localeAlternates: localeAlternates.get(lang.code)!,
        image: routes.absolute(p.image.og ?? p.image.src),
        // The og image is always the 1200x630 JPEG the image stage makes; say so, so previews need not fetch it first.
        imageSize: p.image.og ? OG_IMAGE_SIZE : undefined,
        imageAlt: p.image.alt,
        siteName: o.siteName(lang.code),
      },
      jsonLd: p.jsonLd.map(serializeJsonLd),
      themeColor: site.themeColor ?? "#1b2a3a",
      speculationRules: SPECULATION_RULES,
    };
  };
}
