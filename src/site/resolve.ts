// Stage 3: validated content -> the list of pages (language x route), each with every field resolved for its
// language and every fallback recorded. Pure: no I/O, no clock (the build passes the date in).
// Every read of content goes through an accessor that records what the page used (inputs.ts names them), so
// the pipeline re-resolves exactly the pages whose recorded inputs changed, and takes the others as they were.
import type { Content, HomeText, Hotel, HotelText, ImageInfo, Language, UiStrings } from "../types.js";
import { imagePlan, OG_SIZE } from "../images/plan.js";
import { bookLink, pageKey, type Placement } from "./affiliate.js";
import { factViews, featuresBeyondFacts } from "./facts.js";
import { SPECULATION_RULES } from "./speculation.js";
import { availabilityForm } from "./availability.js";
import { groupByRegion } from "./regions.js";
import { fallbackMarker } from "./fallback-marks.js";
import { flagUrl } from "./flags.js";
import { BANNER_COPY } from "./language-banner.js";
import { format, type ResolvedText } from "./i18n.js";
import { resolveTextOnce } from "./text-cache.js";
import type { BookLink, Chrome, Head, HotelCard, HotelView, ImageView, Page } from "./pages.js";
import { input } from "./inputs.js";
import { Memo, table } from "../util/memo.js";
import { fieldRead, ownRecs, rec, Recorder, textEntry, type Coverage, type Rec, type Shown, type TextEntry } from "./reads.js";
import { makeRoutes, type Route, type Routes } from "./routes.js";
import { breadcrumbJsonLd, hotelJsonLd, serializeJsonLd, siteJsonLd } from "./seo.js";

/** Options for {@link resolveSite}. */
export interface ResolveOptions {
  /** Overrides the settings' base URL (the CLI's --base-url). */
  baseUrl?: string;
  /** The build's date: the footer's copyright year. */
  now: Date;
  /** What the last run worked out from the objects this content shares with its (util/memo.ts); none: a new one. */
  memo?: Memo;
  /**
   * Home-page cards to keep from run to run (watch): the last run's, and the inputs changed since. A card none of
   * whose recorded inputs changed is taken as it was, its reads recorded again for the page that shows it.
   */
  cards?: { kept?: KeptCards; changed: ReadonlySet<string> };
}

/** A home-page card as a later run takes it again: the inputs it read (in order) and the texts it showed. */
interface KeptCard {
  card: HotelCard;
  reads: Rec[];
  shown: Shown[];
}

/** Home-page cards by hotel and language, each with what it read (State.cards). */
export type KeptCards = ReadonlyMap<string, KeptCard>;

/** The cards of `kept` none of whose inputs are among `changed`. */
function stillValid(kept: KeptCards | undefined, changed: ReadonlySet<string>): Map<string, KeptCard> {
  const out = new Map<string, KeptCard>();
  if (kept) for (const [key, c] of kept) if (!c.reads.some((r) => changed.has(r.name))) out.set(key, c);
  return out;
}

/**
 * The inputs a page read, each once. A list, not a Set: a page reads about twenty, and 12,006 pages' Sets were
 * 7 MB more than their lists.
 */
export type PageInputs = readonly string[];

/**
 * A page of the site before it is resolved: what it is and where it goes, known from the routes alone, so a run
 * can plan which pages to resolve and in which order before resolving any (plan.ts).
 */
export interface PageSlot {
  route: Route;
  lang: Language;
  outFile: string;
  kind: Route["kind"];
  /** The hotel of a hotel page. */
  hotel?: string;
  /** Its place in the site's page order. */
  at: number;
}

/** How much of one text source one language covers (made with the text's entry, reads.ts). */
export type { Coverage } from "./reads.js";

/** A page's own part: what `add` below resolves beside the parts every page of a language shares. */
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

/** The og image's size and type: every page's is the same (one object for all of them). */
const OG_IMAGE_SIZE = { ...OG_SIZE, type: "image/jpeg" };

/** The copyright string split at its {year} and {siteName}, so the footer can mark each (a fallback name its language). */
export function copyrightLine(template: string, siteName: string, year: number): Chrome["copyright"] {
  return template
    .split(/(\{year\}|\{siteName\})/)
    .filter(Boolean)
    .map((part) => (part === "{year}" ? { year } : part === "{siteName}" ? { siteName } : { text: part }));
}

/** Splits prose into paragraphs at blank lines. */
export function paragraphs(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\n\s*\n/)
    // Most paragraphs are one line: skip the regular expression for them (it is a hot spot at 4,000 pages).
    .map((p) => (p.includes("\n") ? p.trim().replace(/\s*\n\s*/g, " ") : p.trim()))
    .filter(Boolean);
}

// A hotel's name as a text source and as an input ("hotel:<id>", input.hotel), made once per hotel object: load
// hands an unchanged file's object to the next run, so the string, and the hash a Set or Map takes of it, are the
// last run's, not made and hashed again for each of 1,334 hotels whenever the home page is resolved.
const HOTEL_SOURCES = table<Hotel, string>("hotel sources");

// The Recs of inputs named the same in every run (the site, the hotel list, each image), kept with the memo: a
// kept card replays the page's own Recs, so the page records each of them once.
const NAMED_RECS = table<Memo, Map<string, Rec>>("named recs");

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
  /** The cards to keep for the next run (with `cards` in the options): the valid kept ones and those made now. */
  cards?: KeptCards;
}

/**
 * Stage 3 page by page: a build renders and lets go of each page before the next is resolved, so memory holds the
 * pages in flight instead of the site; watch resolves only the pages a save changed, those an editor looks at
 * first. The shared parts (texts, popular lists, alternates) are made once, whichever page asks first.
 */
export function siteResolver(content: Content, opts: ResolveOptions): SiteResolver {
  const { site } = content;
  const memo = opts.memo ?? new Memo();
  const sources = memo.map(HOTEL_SOURCES);
  const hotelSource = (h: Hotel) => {
    let name = sources.get(h);
    if (name === undefined) sources.set(h, (name = input.hotel(h.id)));
    return name;
  };
  const ownRecsOf = ownRecs(memo);
  const routes = makeRoutes(site, opts.baseUrl);
  const languages = site.languages;
  const def = languages[0].code;
  const rel = `sponsored nofollow noopener${site.affiliate.noreferrer ? " noreferrer" : ""}`;
  const coverage: Coverage[] = [];
  // The accessors below add what they read to the page being resolved.
  const recorder = new Recorder();
  const use = (r: Rec) => recorder.use(r);
  const named = memo.get(NAMED_RECS, memo, () => new Map<string, Rec>());
  const recOf = (name: string): Rec => named.get(name) ?? named.set(name, rec(name)).get(name)!;
  const siteRec = recOf(input.site);
  const hotelListRec = recOf(input.hotelList);
  // The (source, language) texts the page being resolved showed, for its fallback marks.
  let texts = new Set<Shown>();
  let shownTap: Shown[] | undefined;
  const show = (s: Shown) => {
    texts.add(s);
    shownTap?.push(s);
  };
  const marks = fallbackMarker({ content, split: paragraphs });

  // Each (source, language) is resolved once and its coverage recorded once, with the names of the inputs a
  // page reading it records: made once, every page's recorded inputs hold the same strings. Found by the text's
  // blocks object and the language, not by a name made on every read: watch's home page reads 1,334 hotels' texts.
  const cache = new Map<object, Map<string, { entry: TextEntry; view?: object }>>();
  function resolved(source: string, blocks: Record<string, unknown>, lang: string) {
    let byLang = cache.get(blocks);
    if (!byLang) cache.set(blocks, (byLang = new Map()));
    let r = byLang.get(lang);
    if (!r) {
      r = { entry: textEntry(memo, resolveTextOnce(memo, blocks, lang, def), resolveTextOnce(memo, blocks, def, def), source, lang, def, content.files[source]) };
      byLang.set(lang, r);
      coverage.push(r.entry.coverage);
    }
    return r;
  }
  /**
   * A text read whole (the UI strings and the home copy go to the templates whole; a hotel's own page shows nearly
   * all of its text): the block is the input.
   */
  function text<T>(source: string, blocks: Record<string, unknown>, lang: string): T {
    const { entry } = resolved(source, blocks, lang);
    for (const r of entry.reads) use(r);
    show(entry);
    return entry.value as T;
  }
  /**
   * A text read field by field (other hotels' texts: the home page's cards show five fields, every footer the
   * popular hotels' names): each field read is recorded as it is read (fieldRead), so nothing lists the fields.
   */
  function textFields<T extends object>(source: string, blocks: Record<string, unknown>, lang: string): T {
    const r = resolved(source, blocks, lang);
    const entry = r.entry;
    r.view ??= new Proxy(entry.value as object, {
      get(target, key) {
        if (typeof key === "string") {
          const read = fieldRead(entry, key);
          use(read);
          if (read.fellBackTo) use(read.fellBackTo);
          if (read.shown) show(read.shown);
        }
        return (target as Record<string | symbol, unknown>)[key];
      },
    });
    return r.view as T;
  }
  const strings = (lang: string) => text<UiStrings>("strings", content.strings, lang);
  // What a page shows of a hotel other than its own page's: field by field. The hotel's own page shows nearly all
  // of its text: it reads it whole (one input a language): recording its text fields one by one cost a 4,008-page
  // build a quarter more resolve CPU time, to spare that page an edit of the few fields only the home cards show.
  // Its own fields it reads one by one like the home page (`own`, a few a page): an edit of the region or the
  // aliases, which it does not show, leaves it alone.
  const hotelText = (h: Hotel, lang: string) => textFields<HotelText>(hotelSource(h), h.text, lang);
  const byId = new Map(content.hotels.map((h) => [h.id, h]));
  const hotelById = (id: string) => byId.get(id)!;

  // Responsive variants and the og image come from the image stage's plan, made once per image.
  // A hotel's image with its alt text is on its page and on its card: one object for both.
  const views = new Map<string, { view: Omit<ImageView, "alt">; rec: Rec; withAlt: Map<string, ImageView> }>();
  const imageOf = (ref: string, alt: string): ImageView => {
    let plan = views.get(ref);
    if (!plan) views.set(ref, (plan = { view: imagePlan(ref, content.images.get(ref) as ImageInfo, routes).view, rec: recOf(input.image(ref)), withAlt: new Map() }));
    use(plan.rec);
    let image = plan.withAlt.get(alt);
    if (!image) plan.withAlt.set(alt, (image = { ...plan.view, alt }));
    return image;
  };
  // A hotel's image with its alt text (the image as the caller read it).
  const hotelImage = (image: string | undefined, t: HotelText) => imageOf(image ?? site.defaultImage, t.imageAlt);
  // One of a hotel's own fields (layout, image, region...), apart from its text, recorded as it is read: what the
  // home page reads of every hotel (a call, not a proxy: it reads two fields of each of 1,334 hotels, and a proxy
  // per hotel measured slower).
  const own = <K extends keyof Hotel>(h: Hotel, key: K): Hotel[K] => {
    const recs = ownRecsOf(h);
    let r = recs.get(key);
    if (!r) recs.set(key, (r = rec(input.hotelField(h.id, key))));
    use(r);
    return h[key];
  };
  const book = <P extends Placement>(link: string, label: string, route: Route, lang: string, placements: readonly P[]): BookLink<P> =>
    bookLink({ link, label, rel, site, lang, page: pageKey(route, routes.slug), placements, memo });

  // What the chrome shows the same on every page of a language, made once per language (pages share it).
  const flagSrc = new Map(languages.map((l) => [l.code, flagUrl(l, content.flags)]));
  const popularLists = new Map<string, Chrome["popular"]>();

  // Every page reads the popular hotels' names (recording them as its inputs); the list is made once a language.
  const popularOf = (lang: string): Chrome["popular"] => {
    const names = site.popularDestinations.map((id) => hotelText(hotelById(id), lang).name);
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
      bookNow: book(site.affiliate.link, t.bookNow, route, lang.code, ["header", "menu", "footer"]),
      popular: popularOf(lang.code),
      contactEmail: site.contactEmail,
      copyright: copyrightLine(t.copyright, t.siteName, opts.now.getUTCFullYear()),
    };
  }

  // A route's hreflang alternates are the same in every language: made once a route (by its default URL).
  const alternatesOf = new Map<string, Head["alternates"]>();
  const localeAlternates = new Map(languages.map((lang) => [lang.code, languages.filter((l) => l.code !== lang.code).map((l) => l.locale)]));
  function head(route: Route, lang: Language, o: { title: string; description: string; image: ImageView; type: string; jsonLd: unknown[] }): Head {
    const indexed = route.kind !== "notFound";
    const key = routes.url(route, def);
    let alternates = indexed ? alternatesOf.get(key) : [];
    if (!alternates) {
      alternates = [
        ...languages.map((l) => ({ hreflang: l.htmlLang, href: routes.absolute(routes.url(route, l.code)) })),
        { hreflang: "x-default", href: routes.absolute(key) },
      ];
      alternatesOf.set(key, alternates);
    }
    return {
      title: o.title,
      description: o.description,
      canonical: indexed ? routes.absolute(routes.url(route, lang.code)) : null,
      alternates,
      noindex: !indexed,
      og: {
        type: o.type,
        locale: lang.locale,
        localeAlternates: localeAlternates.get(lang.code)!,
        image: routes.absolute(o.image.og ?? o.image.src),
        // The og image is always the 1200x630 JPEG the image stage makes; say so, so previews need not fetch it first.
        imageSize: o.image.og ? OG_IMAGE_SIZE : undefined,
        imageAlt: o.image.alt,
        siteName: strings(lang.code).siteName,
      },
      jsonLd: o.jsonLd.map(serializeJsonLd),
      themeColor: site.themeColor ?? "#1b2a3a",
      speculationRules: SPECULATION_RULES,
    };
  }

  const cards = opts.cards && stillValid(opts.cards.kept, opts.cards.changed);
  /** A hotel's card, kept from the last run where none of its inputs changed (watch: 1,334 cards a home page). */
  const card = (hotel: Hotel, lang: string): HotelCard => {
    if (!cards) return makeCard(hotel, lang);
    const key = `${hotel.id}\u0000${lang}`;
    const kept = cards.get(key);
    if (kept) {
      for (const r of kept.reads) use(r);
      for (const s of kept.shown) show(s);
      return kept.card;
    }
    const reads: Rec[] = (recorder.tap = []);
    const shown: Shown[] = (shownTap = []);
    try {
      const made = makeCard(hotel, lang);
      cards.set(key, { card: made, reads, shown });
      return made;
    } finally {
      recorder.tap = shownTap = undefined;
    }
  };
  const makeCard = (hotel: Hotel, lang: string): HotelCard => {
    const t = hotelText(hotel, lang);
    // Its link is made from the site's settings (languages, slugs): a card records them as a page does.
    use(siteRec);
    return {
      id: hotel.id,
      href: routes.url({ kind: "hotel", id: hotel.id }, lang),
      name: t.name,
      title: t.title,
      location: t.location,
      description: t.description,
      image: hotelImage(own(hotel, "image"), t),
    };
  };

  const inputs = new Map<string, PageInputs>();
  const slots: PageSlot[] = [];
  for (const lang of languages)
    for (const route of [{ kind: "home" }, ...content.hotels.map((h) => ({ kind: "hotel", id: h.id })), { kind: "notFound" }] as Route[])
      slots.push({ route, lang, outFile: routes.outFile(route, lang.code), kind: route.kind, hotel: route.kind === "hotel" ? route.id : undefined, at: slots.length });

  /** Resolves one page, recording what it reads. */
  function page({ route, lang, outFile }: PageSlot): Page {
    recorder.page();
    use(siteRec);
    texts = new Set();
    const rest = route.kind === "home" ? homeBody(lang) : route.kind === "hotel" ? hotelBody(byId.get(route.id)!, lang) : notFoundBody(lang);
    const resolvedPage = { lang: { code: lang.code, htmlLang: lang.htmlLang, locale: lang.locale, dir: lang.dir ?? "ltr" }, url: routes.url(route, lang.code), outFile, chrome: chrome(route, lang), t: strings(lang.code), ...rest } as Page;
    // The default-language texts this page shows in place of its own (recorded by text() as it read them).
    const fallback = marks([...texts].filter((r) => r.lang === lang.code));
    if (fallback) resolvedPage.fallback = fallback;
    inputs.set(outFile, recorder.inputs());
    return resolvedPage;
  }
  const homeUrlOf = (lang: Language) => routes.absolute(routes.url({ kind: "home" }, lang.code));

  const homeRoute: Route = { kind: "home" };
  function homeBody(lang: Language): PageBody {
    const home = text<HomeText>("home", content.home, lang.code);
    const t = strings(lang.code);
    const heroImage = imageOf(site.homeImage, "");
    use(hotelListRec);
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
      home: { text: home, heroImage, book: book(site.affiliate.link, home.bookYourStay, homeRoute, lang.code, ["hero", "cta"]), groups: groupByRegion({ hotels: content.hotels.map((h) => ({ get region() { return own(h, "region"); } })), cards: content.hotels.map((h) => card(h, lang.code)), regions: site.regions, lang: lang.code, def, htmlLang: lang.htmlLang }) },
    };
  }

  function hotelBody(h: Hotel, lang: Language): PageBody {
    const t = strings(lang.code);
    const ht = text<HotelText>(hotelSource(h), h.text, lang.code);
    const route: Route = { kind: "hotel", id: h.id };
    const layout = own(h, "layout");
    const facts = own(h, "facts");
    const link = own(h, "affiliateLink");
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
      gallery: (own(h, "gallery") ?? []).map((ref, i) => imageOf(ref, ht.galleryAlt?.[i] ?? "")),
      book: book(link, ht.bookLabel ?? t.bookYourStay, route, lang.code, ["hero", "top", "bar", "body", "cta"]),
      availability: availabilityForm({ affiliate: site.affiliate, link, name: hotelText(h, def).name, lang: lang.code, page: pageKey(route, routes.slug) }),
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
      head: head(notFound, lang, { title: format(t.notFoundMetaTitle, { siteName: t.siteName }), description: t.notFoundText, image: imageOf(site.homeImage, ""), type: "website", jsonLd: [] }),
    };
  }
  function* pages(): Generator<Page> {
    for (const slot of slots) yield page(slot);
  }
  return { slots, page, pages, site: () => ({ coverage, routes, inputs }), cards };
}
