// Every URL and output path of the site is made here, so templates, sitemap, hreflang and canonical links never disagree.
import type { ImageInfo, SiteSettings } from "../types.js";

/** The route of a page, independent of its language. */
export type Route = { kind: "home" } | { kind: "hotel"; id: string } | { kind: "notFound" };

/** URL maker bound to one site's settings. */
export interface Routes {
  /** The hotel's slug: the brand prefix plus its id. */
  slug(id: string): string;
  /** Root-relative URL of a route in a language ("/zh/grand-hyatt-dubai/"). */
  url(route: Route, lang: string): string;
  /** File in the output folder that serves a route ("zh/grand-hyatt-dubai/index.html"). */
  outFile(route: Route, lang: string): string;
  /** Fully qualified URL for canonical links, hreflang, the sitemap and social tags. */
  absolute(url: string): string;
  /** Root-relative URL of a content image, with its hash in the name. */
  image(ref: string, info: ImageInfo): string;
  /** The home page's destinations section in a language. */
  destinations(lang: string): string;
}

/** Builds the site's URL maker; `baseUrl` overrides the settings' (the CLI's --base-url). */
export function makeRoutes(site: SiteSettings, baseUrl = site.baseUrl): Routes {
  const defaultLang = site.languages[0].code;
  const prefix = (lang: string) => (lang === defaultLang ? "/" : `/${lang}/`);
  const origin = baseUrl.replace(/\/+$/, "");
  // Each URL is made once per maker and handed out again: 12,006 pages held 30 MB of equal URLs made one by one.
  const made = new Map<string, Map<string, string>>();
  const absolute = new Map<string, string>();
  const routes: Routes = {
    slug: (id) => `${site.brand.slugPrefix}-${id}`,
    url(route, lang) {
      const key = route.kind === "hotel" ? route.id : route.kind === "home" ? "" : "/404";
      let byKey = made.get(lang);
      if (!byKey) made.set(lang, (byKey = new Map()));
      let url = byKey.get(key);
      if (url === undefined) byKey.set(key, (url = urlOf(route, prefix(lang), routes.slug)));
      return url;
    },
    outFile(route, lang) {
      const url = routes.url(route, lang).slice(1);
      return url === "" || url.endsWith("/") ? `${url}index.html` : url;
    },
    absolute(url) {
      let full = absolute.get(url);
      if (full === undefined) absolute.set(url, (full = origin + url));
      return full;
    },
    image(ref, info) {
      const stem = ref.replace(/\.[^.]+$/, "");
      return `/assets/${stem}.${info.hash}.${info.ext}`;
    },
    destinations: (lang) => `${prefix(lang)}#destinations`,
  };
  return routes;
}

/** The site's own redirect for a booking link's placement id (countClicks): "/go/en-grand-hyatt-dubai-hero". */
export function goUrl(id: string): string {
  return `/go/${encodeURIComponent(id)}`;
}

/** A route's root-relative URL under a language's prefix ("/" or "/zh/"). */
function urlOf(route: Route, prefix: string, slug: (id: string) => string): string {
  switch (route.kind) {
    case "home":
      return prefix;
    case "hotel":
      return `${prefix}${slug(route.id)}/`;
    case "notFound":
      return `${prefix}404.html`;
  }
}
