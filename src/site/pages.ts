// The contract with the templates: everything a template shows, resolved for its language (they import nothing else of src/).
import type { FallbackMarks } from "./i18n.js";
import type { HomeText, UiStrings } from "../types.js";

/** One <source> of a <picture>: a format and its widths ("/a.1f-480.avif 480w, /a.1f-960.avif 960w"). */
export interface ImageSource {
  type: string;
  srcset: string;
  /** The media query a source is for (the art-directed phone crop); any width without one. */
  media?: string;
}

/** An image ready for a <picture>: fallback URL, intrinsic size, alternative text and responsive variants. */
export interface ImageView {
  /** The fallback (JPEG) URL. */
  src: string;
  width: number;
  height: number;
  alt: string;
  /** The fallback's own widths, for the <img srcset>. */
  srcset?: string;
  /** Better formats first (AVIF, then WebP), each with every width. */
  sources?: ImageSource[];
  /** Root-relative URL of the 1200x630 JPEG that link previews show (og:image, twitter:image). */
  og?: string;
  /** Focal point in percent of width and height: what `object-position` keeps in view when the box crops. */
  focus?: { x: number; y: number };
  /** The phone crop around the focal point (AVIF, WebP), for heroes: sources with a media query, before `sources`. */
  crops?: ImageSource[];
}

/** Where on a page a Book link sits (the tracking label tells them apart); src/site/affiliate.ts lists them. */
export type Placement = "header" | "menu" | "footer" | "hero" | "top" | "bar" | "form" | "body" | "cta";

/** An outbound booking link with the attributes every affiliate link carries, one URL per placement it may take. */
export interface BookLink<P extends Placement = Placement> {
  /** The URL for each placement: the same link, with the page's, language's and placement's tracking label. */
  hrefs: Record<P, string>;
  label: string;
  /** "sponsored nofollow noopener" (+ " noreferrer" when the site says so). */
  rel: string;
}

/** One entry of the language switcher: the current page in that language. */
export interface LanguageLink {
  code: string;
  htmlLang: string;
  nativeName: string;
  label: string;
  flag: string;
  /** The flag image shown beside the name, when site.yaml asks for SVG flags; else the name stands alone. */
  flagSrc?: string;
  href: string;
  current: boolean;
}

/** Header and footer of a page: the same for every page of a language but for the language links. */
export interface Chrome {
  brandName: string;
  /** The site's own name (the header, the copyright line), and its mark (site.yaml), when it has one. */
  siteName: string;
  mark?: string;
  homeHref: string;
  destinationsHref: string;
  languages: LanguageLink[];
  /** The folder of the language banner's copy, one file per language ("/languages/" + "ja.json"), which the script reads. */
  bannerCopy: string;
  bookNow: BookLink<"header" | "menu" | "footer">;
  popular: { name: string; href: string }[];
  contactEmail: string;
  /** The copyright line in pieces: its words, and where the year (kept current by the script) and the site name go. */
  copyright: ({ text: string } | { year: number } | { siteName: string })[];
}

/** What goes into <head>: title, description, canonical and alternates, social and structured data. */
export interface Head {
  title: string;
  description: string;
  /** Absolute canonical URL; null on pages that are not indexed (404). */
  canonical: string | null;
  /** hreflang alternates, x-default included; empty on 404 pages. */
  alternates: { hreflang: string; href: string }[];
  noindex: boolean;
  og: { type: string; locale: string; localeAlternates: string[]; image: string; imageAlt: string; siteName: string; imageSize?: { width: number; height: number; type: string } };
  /** JSON-LD blocks, already serialised so that no content can close the script element. */
  jsonLd: string[];
  themeColor: string;
  /** The speculation rules (src/site/speculation.ts): JSON for <script type="speculationrules">. */
  speculationRules: string;
}

/** A card in the destinations grid. */
export interface HotelCard {
  id: string;
  href: string;
  name: string;
  title: string;
  location: string;
  description: string;
  image: CardImage;
}

/** A card's picture: the image without the phone crop and the link-preview file, which only a page's hero and head use
 * (a home page carries a card per hotel to its rendering thread, which copies a card's kept markup while its data is equal). */
export type CardImage = Omit<ImageView, "crops" | "og">;

/** The destinations of one region, ordered by the page language's collation of their names. */
export interface RegionGroup {
  /** The region's id (the anchor the jump list links to); "" for the one group of a site without regions. */
  id: string;
  name: string;
  cards: HotelCard[];
}

/** The availability form: a GET to the partner's search page with every affiliate parameter as a hidden field. */
export interface AvailabilityView {
  action: string;
  /** The programme's parameters and the search term; for a network, its link's parameters (one marked `destination`). */
  hidden: { name: string; value: string; destination?: boolean }[];
  /** The partner's names of the fields the visitor fills in. */
  names: { checkIn: string; checkOut: string; adults: string; rooms: string; children?: string; childAge?: string };
  /** "noreferrer" when site.yaml's affiliate.noreferrer hides the referring page from the partner. */
  rel?: string;
  /** A network's form: the partner's search URL the script completes with the visitor's fields into `destination` on submit. */
  search?: string;
}

/** A headed block of paragraphs. */
export interface Section {
  title: string;
  paragraphs: string[];
}

/** One row of a hotel's key facts panel: translated label, number formatted for the page with unit and qualifier. */
export interface FactView {
  label: string;
  value: string;
}

/** A hotel page's content, whichever layout shows it. */
export interface HotelView {
  id: string;
  layout: string;
  hero: "regular" | "tall";
  name: string;
  location: string;
  tagline?: string;
  mainTitle: string;
  intro: string[];
  overview: string[];
  features: string[];
  sections: Section[];
  whyChoose?: { title: string; points: string[] };
  closing: string[];
  cta?: { title: string; paragraphs: string[] };
  image: ImageView;
  /** Key figures for the facts panel; empty when the hotel lists none. */
  facts: FactView[];
  /** Gallery photographs with their alt text in the page's language; empty without a gallery. */
  gallery: ImageView[];
  book: BookLink<"hero" | "top" | "bar" | "body" | "cta">;
  /** The "Check Availability & Book Now" form, when site.yaml's affiliate settings describe the partner's search. */
  availability?: AvailabilityView;
}

/** The home page's content. */
export interface HomeView {
  text: HomeText;
  heroImage: ImageView;
  book: BookLink<"hero" | "cta">;
  /** The destinations by region, in site.yaml's order of regions (one group when it has none). */
  groups: RegionGroup[];
}

/** What every page has, whatever its kind. */
export interface PageBase {
  /** Template that renders the body: "home", "notFound", or the hotel's layout. */
  template: string;
  lang: { code: string; htmlLang: string; locale: string; dir: "ltr" | "rtl" };
  /** Root-relative URL; for 404 pages, the file's own URL. */
  url: string;
  /** Output file, relative to the output folder. */
  outFile: string;
  head: Head;
  chrome: Chrome;
  /** UI strings in the page's language. */
  t: UiStrings;
  /** Texts on this page that fell back to the default language, which templates mark with its lang and dir. */
  fallback?: FallbackMarks;
}

/** The home page of a language. */
export interface HomePage extends PageBase {
  kind: "home";
  home: HomeView;
}

/** A hotel's page in one language, in the hotel's layout. */
export interface HotelPage extends PageBase {
  kind: "hotel";
  hotel: HotelView;
}

/** A language's not-found page. */
export interface NotFoundPage extends PageBase {
  kind: "notFound";
}

/** Everything about one output page: a union by `kind`, so a hotel template gets a hotel (no `page.hotel!`). */
export type Page = HomePage | HotelPage | NotFoundPage;
