// Stage 3: validated content -> pages (language x route), every field resolved and every read recorded (record.ts). Pure.
import type { Content, HomeText, Hotel, HotelText, Language } from "../types.js";
import { bookLink, PAGE_PLACEMENTS, pageKey } from "./affiliate.js";
import { factViews, featuresBeyondFacts } from "./facts.js";
import { availabilityForm } from "./availability.js";
import { groupByRegion } from "./regions.js";
import { fallbackMarker } from "./fallback-marks.js";
import { flagUrl } from "./flags.js";
import { BANNER_COPY } from "./language-banner.js";
import { format } from "./i18n.js";
import type { BookLink, CardImage, Chrome, HotelCard, HotelView, ImageView, Page, Placement } from "./pages.js";
import { input, type Input } from "./inputs.js";
import { Memo, table } from "../util/memo.js";
import type { Coverage } from "./reads.js";
import { contentReader } from "./record.js";
import { makeRoutes, type Route, type Routes } from "./routes.js";
import { breadcrumbJsonLd, hotelJsonLd, siteJsonLd } from "./seo.js";
import { headBuilder } from "./head.js";

/** Options for {@link resolveSite}. */
export interface ResolveOptions {
  /** Overrides the settings' base URL (the CLI's --base-url). */
  baseUrl?: string;
  /** The build's date: the footer's copyright year. */
  now: Date;
  /** What the last run worked out from the objects this content shares with it (util/memo.ts). */
  memo?: Memo;
}

/** The inputs a page read, each once (a list: 12,006 pages' Sets were 7 MB more). */
export type PageInputs = readonly Input[];

/** A page before it is resolved, known from the routes alone, so a run can plan which pages to resolve (plan.ts). */
export interface PageSlot {
  route: Route;
  lang: Language;
  outFile: string;
  kind: Route["kind"];
  hotel?: string;
}

export type { Coverage } from "./reads.js";

/** A page's own part: what the page builders resolve beside the parts every page of a language shares. */
type PageBody = Page extends infer P ? (P extends Page ? Omit<P, "lang" | "url" | "outFile" | "chrome" | "t"> : never) : never;

/** What stays of a page once it is rendered: what the sitemap, host rules and alias pages read. */
export type PageSummary = Pick<Page, "kind" | "template" | "lang" | "url" | "outFile"> & { head: Pick<Page["head"], "title" | "canonical" | "alternates"> };

/** A page's summary, keeping nothing else of it. */
export function summary(p: Page): PageSummary {
  const { kind, template, lang, url, outFile, head } = p;
  return { kind, template, lang, url, outFile, head: { title: head.title, canonical: head.canonical, alternates: head.alternates } };
}

/** Stage 3's result. */
export interface ResolvedSite<P extends PageSummary = PageSummary> {
  pages: P[];
  /** What each page read, by output file: the page's recorded inputs. */
  inputs: Map<string, PageInputs>;
  coverage: Coverage[];
  routes: Routes;
}

/** An image as a card shows it: without the crop and link-preview file it never shows. */
const cardImage = ({ crops: _crops, og: _og, ...shown }: ImageView): CardImage => shown;
/** The page slots of a site's settings, with the base URL and hotel ids they were made for. */
const SLOTS = table<Content["site"], { key: string; slots: PageSlot[] }>("page slots");
/** A view's card image, made once (image views live as long as their image: record.ts). */
const CARD_IMAGES = table<ImageView, CardImage>("card images");

/** The copyright string split at its {year} and {siteName}, so the footer can mark each (a fallback name its language). */
function copyrightLine(template: string, siteName: string, year: number): Chrome["copyright"] {
  return template
    .split(/(\{year\}|\{siteName\})/)
    .filter(Boolean)
    .map((part) => (part === "{year}" ? { year } : part === "{siteName}" ? { siteName } : { text: part }));
}

/** Splits prose into paragraphs at blank lines. */
function paragraphs(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\n\s*\n/)
    // Most paragraphs are one line: skip the regular expression for them (it is a hot spot at 4,000 pages).
    .map((p) => (p.includes("\n") ? p.trim().replace(/\s*\n\s*/g, " ") : p.trim()))
    .filter(Boolean);
}

/** Stage 3 of the pipeline: every page of the site, resolved for its language. */
export function resolveSite(content: Content, opts: ResolveOptions): ResolvedSite<Page> {
  const resolver = siteResolver(content, opts);
  const pages = [...resolver.pages()];
  return { ...resolver.site(), pages };
}

/** Stage 3 one page at a time, in any order: a build renders each page as it is resolved, watch the pages a save changed. */
export interface SiteResolver {
  /** The site's pages before they are resolved, in page order. */
  slots: PageSlot[];
  /** Resolves one page, recording the inputs it reads. */
  page(slot: PageSlot): Page;
  /** Every page in page order, each resolved when it is asked for. */
  pages(): Generator<Page>;
  /** Inputs (of the pages resolved so far, in the order resolved), coverage and routes. */
  site(): Omit<ResolvedSite, "pages">;
}

/** Stage 3 page by page, so memory holds the pages in flight, not the site; the parts pages share are made once. */
export function siteResolver(content: Content, opts: ResolveOptions): SiteResolver {
  const { site } = content;
  const routes = makeRoutes(site, opts.baseUrl);
  const memo = opts.memo ?? new Memo();
  const read = contentReader(content, { memo, routes });
  const { strings, own } = read;
  const languages = site.languages;
  const def = languages[0].code;
  const rel = `sponsored nofollow noopener${site.affiliate.noreferrer ? " noreferrer" : ""}`;
  const marks = fallbackMarker({ content, split: paragraphs });
  const byId = new Map(content.hotels.map((h) => [h.id, h]));
  const hotelImage = (image: string | undefined, t: HotelText) => read.image(image ?? site.defaultImage, t.imageAlt);
  const book = <P extends Placement>(link: string, label: string, route: Route, lang: string, placements: readonly P[], programme?: string): BookLink<P> =>
    bookLink({ link, label, rel, site, lang, page: pageKey(route, routes.slug), placements, programme, memo: opts.memo });

  const flagSrc = new Map(languages.map((l) => [l.code, flagUrl(l, content.flags)]));
  const popularLists = new Map<string, Chrome["popular"]>();

  // Every page reads the popular hotels' names (recording them as its inputs); the list is made once a language.
  const popularOf = (lang: string): Chrome["popular"] => {
    const names = site.popularDestinations.map((id) => read.hotelText(byId.get(id)!, lang).name);
    let popular = popularLists.get(lang);
    if (!popular) popularLists.set(lang, (popular = site.popularDestinations.map((id, i) => ({ name: names[i], href: routes.url({ kind: "hotel", id }, lang) }))));
    return popular;
  };

  function chrome(route: Route, lang: Language): Chrome {
    const t = strings(lang.code);
    // A not-found page has no counterpart in other languages: offer their home pages instead.
    const switchTo: Route = route.kind === "notFound" ? { kind: "home" } : route;
    return {
      brandName: site.brand.name,
      siteName: t.siteName,
      mark: site.mark,
      homeHref: routes.url({ kind: "home" }, lang.code),
      destinationsHref: routes.destinations(lang.code),
      languages: languages.map((l) => ({
        code: l.code,
        htmlLang: l.htmlLang,
        nativeName: l.nativeName,
        label: l.label,
        flag: l.flag,
        flagSrc: flagSrc.get(l.code),
        href: routes.url(switchTo, l.code),
        current: l.code === lang.code,
      })),
      bannerCopy: BANNER_COPY,
      bookNow: book(site.affiliate.link, t.bookNow, route, lang.code, PAGE_PLACEMENTS.chrome),
      popular: popularOf(lang.code),
      contactEmail: site.contactEmail,
      copyright: copyrightLine(t.copyright, t.siteName, opts.now.getUTCFullYear()),
    };
  }

  const head = headBuilder({ routes, site, siteName: (lang) => strings(lang).siteName });

  const card = (hotel: Hotel, lang: string): HotelCard => {
    const t = read.hotelText(hotel, lang);
    return {
      id: hotel.id,
      href: routes.url({ kind: "hotel", id: hotel.id }, lang),
      name: t.name,
      title: t.title,
      location: t.location,
      description: t.description,
      image: memo.get(CARD_IMAGES, hotelImage(own(hotel, "image"), t), cardImage),
    };
  };

  const inputs = new Map<string, PageInputs>();
  // The same settings, base URL and hotels make the same slots: a save keeps them (4,008 URLs and file names).
  const slotsKey = `${opts.baseUrl ?? ""}\n${content.hotels.map((h) => h.id).join("\n")}`;
  let kept = memo.map(SLOTS).get(site);
  if (kept?.key !== slotsKey) {
    kept = { key: slotsKey, slots: [] };
    for (const lang of languages)
      for (const route of [{ kind: "home" }, ...content.hotels.map((h) => ({ kind: "hotel", id: h.id })), { kind: "notFound" }] as Route[])
        kept.slots.push({ route, lang, outFile: routes.outFile(route, lang.code), kind: route.kind, hotel: route.kind === "hotel" ? route.id : undefined });
    memo.map(SLOTS).set(site, kept);
  }
  const { slots } = kept;

  function page({ route, lang, outFile }: PageSlot): Page {
    read.begin();
    const rest = route.kind === "home" ? homeBody(lang) : route.kind === "hotel" ? hotelBody(byId.get(route.id)!, lang) : notFoundBody(lang);
    const resolvedPage = { lang: { code: lang.code, htmlLang: lang.htmlLang, locale: lang.locale, dir: lang.dir ?? "ltr" }, url: routes.url(route, lang.code), outFile, chrome: chrome(route, lang), t: strings(lang.code), ...rest } as Page;
    const reads = read.end();
    const fallback = marks(reads.shown.filter((r) => r.lang === lang.code));
    if (fallback) resolvedPage.fallback = fallback;
    inputs.set(outFile, reads.inputs);
    return resolvedPage;
  }
  const homeUrlOf = (lang: Language) => routes.absolute(routes.url({ kind: "home" }, lang.code));

  const homeRoute: Route = { kind: "home" };
  function homeBody(lang: Language): PageBody {
    const home = read.text<HomeText>("home", content.home, lang.code);
    const t = strings(lang.code);
    const heroImage = read.image(site.homeImage, "");
    read.use(input.hotelList);
    return {
      kind: "home",
      template: "home",
      head: head(homeRoute, lang, {
        title: home.metaTitle,
        description: home.metaDescription,
        image: heroImage,
        type: "website",
        jsonLd: siteJsonLd({ siteName: t.siteName, url: homeUrlOf(lang), lang: lang.htmlLang, email: site.contactEmail, description: home.metaDescription }),
      }),
      home: { text: home, heroImage, book: book(site.affiliate.link, home.bookYourStay, homeRoute, lang.code, PAGE_PLACEMENTS.home), groups: groupByRegion({ hotels: content.hotels.map((h) => ({ get region() { return own(h, "region"); } })), cards: content.hotels.map((h) => card(h, lang.code)), regions: site.regions, lang: lang.code, def, htmlLang: lang.htmlLang }) },
    };
  }

  function hotelBody(h: Hotel, lang: Language): PageBody {
    const t = strings(lang.code);
    const ht = read.hotelText(h, lang.code);
    const route: Route = { kind: "hotel", id: h.id };
    const layout = own(h, "layout");
    const facts = own(h, "facts");
    const link = own(h, "affiliateLink");
    const programme = own(h, "programme");
    const image = hotelImage(own(h, "image"), ht);
    const url = routes.absolute(routes.url(route, lang.code));
    const hotel: HotelView = {
      id: h.id,
      layout,
      hero: own(h, "hero") ?? "regular",
      name: ht.name,
      location: ht.location,
      tagline: ht.tagline,
      mainTitle: ht.mainTitle ?? ht.name,
      intro: paragraphs(ht.intro),
      overview: paragraphs(ht.overview),
      features: featuresBeyondFacts(ht.features ?? [], facts, lang.htmlLang),
      sections: (ht.sections ?? []).map((s) => ({ title: s.title, paragraphs: paragraphs(s.text) })),
      whyChoose: ht.whyChoose,
      closing: paragraphs(ht.closing),
      cta: ht.ctaTitle ? { title: ht.ctaTitle, paragraphs: paragraphs(ht.ctaText) } : undefined,
      image,
      facts: factViews(facts, t, lang.htmlLang),
      gallery: (own(h, "gallery") ?? []).map((ref, i) => read.image(ref, ht.galleryAlt?.[i] ?? "")),
      book: book(link, ht.bookLabel ?? t.bookYourStay, route, lang.code, PAGE_PLACEMENTS.hotel, programme),
      availability: availabilityForm({ site, link, name: read.hotelText(h, def).name, lang: lang.code, page: pageKey(route, routes.slug), programme, memo: opts.memo }),
    };
    return {
      kind: "hotel",
      template: layout,
      head: head(route, lang, {
        title: ht.metaTitle,
        description: ht.metaDescription,
        image,
        type: "website",
        jsonLd: [
          hotelJsonLd({ name: ht.name, url, image: routes.absolute(image.src), description: ht.metaDescription, locality: ht.locality, country: ht.country, lang: lang.htmlLang, rooms: facts?.find((f) => f.kind === "rooms" && !f.qualifier)?.value }),
          breadcrumbJsonLd([
            { name: t.home, url: homeUrlOf(lang) },
            { name: ht.name, url },
          ]),
        ],
      }),
      hotel,
    };
  }

  const notFound: Route = { kind: "notFound" };
  function notFoundBody(lang: Language): PageBody {
    const t = strings(lang.code);
    return {
      kind: "notFound",
      template: "notFound",
      head: head(notFound, lang, { title: format(t.notFoundMetaTitle, { siteName: t.siteName }), description: t.notFoundText, image: read.image(site.homeImage, ""), type: "website", jsonLd: [] }),
    };
  }
  function* pages(): Generator<Page> {
    for (const slot of slots) yield page(slot);
  }
  return { slots, page, pages, site: () => ({ coverage: read.coverage, routes, inputs }) };
}
