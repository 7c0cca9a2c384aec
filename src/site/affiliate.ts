// Outbound booking URLs: the partner id, and a tracking label per language, page and placement so the partner's
// report tells every Book button apart. The one place a booking link's URL is made (resolve asks it), and the
// rule that refuses a label template which would give two placements the same URL (validate asks it).
import type { SiteSettings } from "../types.js";
import { Memo, table } from "../util/memo.js";
import type { BookLink, Placement } from "./pages.js";
import { goUrl, makeRoutes, type Route } from "./routes.js";

/** Where on a page a Book link sits; templates pick one per link, and each is used once per page. */
export const PLACEMENTS = ["header", "menu", "footer", "hero", "top", "bar", "form", "body", "cta"] as const satisfies readonly Placement[];
export type { Placement };

/** The placeholders a tracking template may use. */
export const PLACEHOLDERS = ["lang", "page", "placement"] as const;

/** What a booking URL is made from. */
export interface BookingUrlInput {
  /** The link as written in the content (already validated: https on an allowed host). */
  link: string;
  site: Pick<SiteSettings, "affiliate">;
  /** Language code (en, zh). */
  lang: string;
  /** The page's key in labels: see {@link pageKey}. */
  page: string;
  placement: Placement;
  /** Where a run keeps each link parsed (util/memo.ts); none: parsed for this URL alone. */
  memo?: Memo;
}

/** The page part of a label: "home", "404", or the hotel's slug (which always holds a hyphen, so never those). */
export function pageKey(route: Route, slug: (id: string) => string): string {
  return route.kind === "home" ? "home" : route.kind === "notFound" ? "404" : slug(route.id);
}

type Values = Record<(typeof PLACEHOLDERS)[number], string>;

/** A template split once into its fixed text and placeholders, so each value is a few concatenations. */
function compile(template: string): (values: Values) => string {
  const parts = template.split(/\{(lang|page|placement)\}/);
  return (values) => {
    let out = parts[0];
    for (let i = 1; i < parts.length; i += 2) out += values[parts[i] as keyof Values] + parts[i + 1];
    return out;
  };
}
const compiled = new Map<string, (values: Values) => string>();

/** The tracking value a template gives: `{lang}-{page}-{placement}` -> "zh-grand-hyatt-dubai-hero". */
export function trackingValue(template: string, values: Values): string {
  let fn = compiled.get(template);
  if (!fn) compiled.set(template, (fn = compile(template)));
  return fn(values);
}

/** A content link parsed once per site: the URL with the partner id and without a label, split at its fragment. */
interface Prepared {
  head: string;
  fragment: string;
}
/** Parsed links per affiliate settings: a page has five or six Book URLs, and URL parsing is the cost of them. */
const PREPARED = table<SiteSettings["affiliate"], Map<string, Prepared>>("booking links");

function prepare(link: string, affiliate: SiteSettings["affiliate"], memo: Memo): Prepared {
  const byLink = memo.get(PREPARED, affiliate, () => new Map());
  let p = byLink.get(link);
  if (!p) {
    const url = new URL(link);
    url.searchParams.set(affiliate.partnerParam, affiliate.partnerId);
    if (affiliate.tracking) url.searchParams.delete(affiliate.tracking.param);
    if (affiliate.languageParam) url.searchParams.delete(affiliate.languageParam);
    const fragment = url.hash;
    url.hash = "";
    byLink.set(link, (p = { head: url.href, fragment }));
  }
  return p;
}

/** The partner's language value for a site language (site.yaml affiliate.languages), if it names one. */
export function partnerLanguage(affiliate: SiteSettings["affiliate"], lang: string): string | undefined {
  return affiliate.languageParam ? affiliate.languages?.[lang] : undefined;
}

/** The URL a Book link opens: the content's link (scheme and host lower-cased), the partner id, and the label. */
export function bookingUrl({ link, site, lang, page, placement, memo = new Memo() }: BookingUrlInput): string {
  const { affiliate } = site;
  const { head: base, fragment } = prepare(link, affiliate, memo);
  // The partner's own language value, so the visitor lands on its page in the page's language.
  const language = partnerLanguage(affiliate, lang);
  const head = language ? [base, "&", affiliate.languageParam, "=", encodeURIComponent(language)].join("") : base;
  if (!affiliate.tracking) return head + fragment;
  const value = trackingValue(affiliate.tracking.template, { lang, page, placement });
  // The partner id made the query non-empty; values of these characters need no escaping (others get the form encoding).
  const pair = /^[A-Za-z0-9_.-]*$/.test(value) ? `${affiliate.tracking.param}=${value}` : new URLSearchParams({ [affiliate.tracking.param]: value }).toString();
  // Joined, not concatenated: a join is one flat string, a chain of + is a tree of pieces that a page keeps (six
  // URLs a page; 12,006 pages' trees were 6 MB more than the strings).
  return [head, "&", pair, fragment].join("");
}

/** The characters each placeholder's values are made of: language codes, "home", "404" and slugs, placement names. */
const ALPHABET: Record<keyof Values, RegExp> = { lang: /[a-z]/, page: /[a-z0-9-]/, placement: /[a-z]/ };

/**
 * Whether every value of `template` reads back one way whatever the site holds: placeholders are peeled off
 * from the left while fixed text starting with a character they cannot contain follows them, and from the
 * right while such text precedes them; at most one may remain, between known text. "{lang}-{page}-{placement}"
 * reads back (the language up to the first "-", the placement after the last); "{page}{lang}{placement}" does not.
 */
export function readsBack(template: string): boolean {
  const parts = template.split(/\{(lang|page|placement)\}/);
  let lo = 1;
  let hi = parts.length - 2;
  while (lo < hi && parts[lo + 1] !== "" && !ALPHABET[parts[lo] as keyof Values].test(parts[lo + 1][0])) lo += 2;
  while (hi > lo && parts[hi - 1] !== "" && !ALPHABET[parts[hi] as keyof Values].test(parts[hi - 1].slice(-1))) hi -= 2;
  return hi <= lo;
}

/**
 * A Book link with its URL for each of `placements` on one page in one language (resolve's one call). With
 * countClicks on, each URL is the site's own /go/<placement id>, which the host redirects to the programme's.
 */
export function bookLink<P extends Placement>(o: Omit<BookingUrlInput, "placement" | "site"> & { site: Pick<SiteSettings, "affiliate" | "countClicks">; label: string; rel: string; placements: readonly P[] }): BookLink<P> {
  const hrefs = {} as Record<P, string>;
  const memo = o.memo ?? new Memo();
  const tracking = o.site.countClicks ? o.site.affiliate.tracking : undefined;
  for (const placement of o.placements) {
    hrefs[placement] = tracking ? goUrl(trackingValue(tracking.template, { lang: o.lang, page: o.page, placement })) : bookingUrl({ ...o, memo, placement });
  }
  return { hrefs, label: o.label, rel: o.rel };
}

/** A template problem: where in site.yaml (a JSON pointer), what, and what to do. */
export interface TrackingProblem {
  pointer: string;
  message: string;
  hint: string;
}

/**
 * Why the tracking settings would not give every page x language x placement its own URL, or []. Checks the
 * placeholders, then computes every value the site would use, so no template can pass that collides in practice.
 */
export function trackingProblems(site: SiteSettings, hotelIds: string[]): TrackingProblem[] {
  const tracking = site.affiliate.tracking;
  if (site.countClicks && !tracking) {
    return [{ pointer: "/countClicks", message: "needs affiliate.tracking: clicks are counted by placement id", hint: 'add affiliate.tracking (e.g. param: label, template: "{lang}-{page}-{placement}"), or set countClicks: false' }];
  }
  if (!tracking) return [];
  const pointer = "/affiliate/tracking/template";
  if (tracking.param === site.affiliate.partnerParam) {
    return [
      {
        pointer: "/affiliate/tracking/param",
        message: `"${tracking.param}" is already the partner id's parameter`,
        hint: `the label needs its own parameter (Booking.com's is label); partnerParam carries the partner id`,
      },
    ];
  }
  const missing = PLACEHOLDERS.filter((p) => !tracking.template.includes(`{${p}}`));
  if (missing.length) {
    const names = missing.map((p) => `{${p}}`).join(" and ");
    return [
      {
        pointer,
        message: `has no ${names}, so two placements would share one URL`,
        hint: `use all of {lang}, {page} and {placement}, e.g. "{lang}-{page}-{placement}", so the partner's report tells every Book button apart`,
      },
    ];
  }
  if (readsBack(tracking.template)) return [];
  const { slug } = makeRoutes(site);
  const pages = [{ kind: "home" } as const, { kind: "notFound" } as const, ...hotelIds.map((id) => ({ kind: "hotel", id }) as const)].map((r) => pageKey(r, slug));
  // Any other template: every value the site would use, kept in a set; the first owner of a repeated one is
  // looked up again when there is one.
  const seen = new Set<string>();
  const codes = site.languages.map((l) => l.code);
  const owner = (value: string) => {
    for (const lang of codes) for (const page of pages) for (const placement of PLACEMENTS) if (trackingValue(tracking.template, { lang, page, placement }) === value) return `${lang} ${page} ${placement}`;
  };
  for (const lang of codes) {
    for (const page of pages) {
      for (const placement of PLACEMENTS) {
        const value = trackingValue(tracking.template, { lang, page, placement });
        if (seen.has(value)) {
          return [{ pointer, message: `gives "${value}" both to ${owner(value)} and to ${lang} ${page} ${placement}`, hint: 'separate the placeholders with a character they never contain, e.g. "{lang}-{page}-{placement}"' }];
        }
        seen.add(value);
      }
    }
  }
  return [];
}
