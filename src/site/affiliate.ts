// Outbound booking URLs with their placement ids, through the hotel's programme: the one place resolve asks for a Book link's URLs.
import { programmeUrl } from "../affiliate/links.js";
import { programmeOf, programmesOf } from "../affiliate/programmes.js";
import { idMaker } from "../affiliate/subid.js";
import type { SiteSettings } from "../types.js";
import { Memo } from "../util/memo.js";
import type { BookLink, Placement } from "./pages.js";
import { goUrl, type Route } from "./routes.js";

/** Where on a page a Book link sits; templates pick one per link, and each is used once per page. */
export const PLACEMENTS = ["header", "menu", "footer", "hero", "top", "bar", "form", "body", "cta"] as const satisfies readonly Placement[];

/** The placements each kind of page has: every page's chrome, and its own body's (the table of placements lists them). */
export const PAGE_PLACEMENTS = {
  chrome: ["header", "menu", "footer"],
  home: ["hero", "cta"],
  hotel: ["hero", "top", "bar", "body", "cta"],
} as const satisfies Record<string, readonly Placement[]>;

/** What a booking URL is made from. */
export interface BookingUrlInput {
  /** The destination as written in the content (already validated: https on an allowed host). */
  link: string;
  site: Pick<SiteSettings, "affiliate">;
  lang: string;
  /** The page's key in placement ids: see {@link pageKey}. */
  page: string;
  placement: Placement;
  /** The programme the hotel names; none: the site's default. */
  programme?: string;
  memo?: Memo;
}

/** The page part of a placement id: "home", "404", or the hotel's slug (which always holds a hyphen, so never those). */
export function pageKey(route: Route, slug: (id: string) => string): string {
  return route.kind === "home" ? "home" : route.kind === "notFound" ? "404" : slug(route.id);
}

/** The placement id of a page, language and placement, when the site declares them. */
export function placementId(o: Omit<BookingUrlInput, "link" | "programme">): string | undefined {
  const memo = o.memo ?? new Memo();
  return idMaker(programmesOf(o.site.affiliate, memo), memo)?.id({ lang: o.lang, page: o.page, placement: o.placement });
}

/** The URL a Book link opens: the destination (scheme and host lower-cased) through the hotel's programme. */
export function bookingUrl(o: BookingUrlInput): string {
  // The programme's own URL, never the site's /go/ link (countClicks is the pages' business).
  return bookLink({ ...o, site: { affiliate: o.site.affiliate }, label: "", rel: "", placements: [o.placement] }).hrefs[o.placement];
}

/** A Book link with its URL for each of `placements` on one page in one language (with countClicks, the site's /go/<id>). */
export function bookLink<P extends Placement>(o: Omit<BookingUrlInput, "placement" | "site"> & { site: Pick<SiteSettings, "affiliate" | "countClicks">; label: string; rel: string; placements: readonly P[] }): BookLink<P> {
  const hrefs = {} as Record<P, string>;
  const memo = o.memo ?? new Memo();
  // The programme and the id maker looked up once for the page's links, not once a link.
  const all = programmesOf(o.site.affiliate, memo);
  const programme = programmeOf(all, o.programme);
  const ids = idMaker(all, memo);
  for (const placement of o.placements) {
    const subId = ids?.id({ lang: o.lang, page: o.page, placement });
    hrefs[placement] = o.site.countClicks && subId ? goUrl(subId) : programmeUrl(o.link, programme, { lang: o.lang, subId }, memo);
  }
  return { hrefs, label: o.label, rel: o.rel };
}
