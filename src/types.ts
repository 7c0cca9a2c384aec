// The data that flows between the pipeline's stages. Raw content types mirror the JSON Schemas in
// src/content/schemas/ (the generated ones come from them: npm run types); resolved types are what templates receive.
import type { HomeSchema, HotelSchema, SiteSchema, StringsSchema } from "./content/types.generated.js";
import type { Warning } from "./errors.js";

/** site.yaml after validation (generated from its schema). */
export type SiteSettings = SiteSchema.SiteSettings;

/** One language of the site, declared once in site.yaml. */
export type Language = SiteSettings["languages"][number];

/** A text block: strings, lists of strings and nested blocks, as YAML gives them. */
export type TextValue = string | TextValue[] | { [key: string]: TextValue };
export type TextBlock = { [key: string]: TextValue };

/** Copy of one hotel in one language (every field optional in translations). */
export interface HotelText {
  name: string;
  title: string;
  location: string;
  locality: string;
  country: string;
  description: string;
  imageAlt: string;
  metaTitle: string;
  metaDescription: string;
  bookLabel?: string;
  tagline?: string;
  mainTitle?: string;
  intro?: string;
  overview?: string;
  features?: string[];
  sections?: { title: string; text: string }[];
  whyChoose?: { title: string; points: string[] };
  closing?: string;
  ctaTitle?: string;
  ctaText?: string;
  /** Alternative text of each gallery image, in the gallery's order. */
  galleryAlt?: string[];
}

/** One key figure of a hotel (kind, number, unit, qualifier), generated from its schema. */
export type HotelFact = HotelSchema.Fact;

/** A hotel file after validation. */
export interface Hotel {
  id: string;
  /** Old ids after a rename: their URLs redirect to this hotel's page (src/site/aliases.ts). */
  aliases?: string[];
  layout: string;
  /** The region the home page lists it under (an id of site.yaml's regions). */
  region?: string;
  hero?: "regular" | "tall";
  image?: string;
  /** Focal point of `image` (src/content/image-focus.ts). */
  imageFocus?: ImageFocus;
  affiliateLink: string;
  /** The affiliate programme its links go through (an id of site.yaml's affiliate.programmes); none: the default. */
  programme?: string;
  /** Key figures for the facts panel (src/site/facts.ts). */
  facts?: HotelFact[];
  /** Gallery photographs, content-relative paths. */
  gallery?: string[];
  text: Record<string, Partial<HotelText>>;
}

/** Interface strings of one language, resolved (every key, from the schema: `t.contactt` does not typecheck). */
export type UiStrings = Required<StringsSchema.Text>;
/** The home page's copy in one language, resolved (every key, from the schema). */
export type HomeText = Required<HomeSchema.Text>;

/** Facts about an image file that templates need to lay it out without shift. */
export interface ImageInfo {
  width: number;
  height: number;
  /** Short content hash, for cache-safe file names. */
  hash: string;
  /** File extension without the dot. */
  ext: string;
  /** Focal point in percent of width and height, as the content declares it beside the image (content/image-focus.ts). */
  focus?: ImageFocus;
}

/** A point of an image in percent of its width (x) and height (y), from the left and top edges. */
export interface ImageFocus {
  x: number;
  y: number;
}

/** A parsed YAML file with what is needed to point at places inside it. */
export interface SourceFile {
  /** Path relative to the working directory, as printed in messages. */
  file: string;
  data: unknown;
  /** Maps a JSON pointer to a 1-based line and column (the key's with `key`); neither when the file changed since parsed. */
  locate: (pointer: string, opts?: { key?: boolean }) => Position;
}

/** A 1-based line and column in a file; empty when not known. */
export interface Position {
  line?: number;
  column?: number;
}

/** Everything the load stage read from the content folder. */
export interface LoadedContent {
  contentDir: string;
  site: SourceFile;
  strings: SourceFile;
  home: SourceFile;
  hotels: SourceFile[];
  /** Image facts by content-relative path, for every referenced image that exists. */
  images: Map<string, ImageInfo>;
  /** Why a referenced image is not in `images` (missing, unreadable, outside the folder), for the error hint. */
  imageProblems?: Map<string, string>;
  /** Latest git commit time (Unix seconds) of each file git knows, by the file's shown path (src/content/git-times.ts). */
  changed?: Map<string, number>;
  /** SVG flags by country code, when the language menu shows them (src/content/flags.ts). */
  flags?: Map<string, FlagImage>;
  /** Entries of the hotels folder that are not read (a folder, a stray file), each a warning naming it. */
  skipped?: Warning[];
}

/** Content after validation: typed, cross-checked, with its sources kept for fallback reports. */
export interface Content {
  site: SiteSettings;
  strings: Record<string, Partial<UiStrings>>;
  home: Record<string, Partial<HomeText>>;
  hotels: Hotel[];
  images: Map<string, ImageInfo>;
  /** File of each text source, for reports: "strings", "home", "hotel:<id>". */
  files: Record<string, string>;
  /** Latest git commit time of each source ("site", "strings", "home", "hotel:<id>") whose file git knows. */
  changedAt?: Record<string, number>;
  /** SVG flags by country code, when the language menu shows them. */
  flags?: Map<string, FlagImage>;
}

/** One flag's SVG and its content hash, for a cache-safe file name. */
export interface FlagImage extends Pick<ImageInfo, "hash"> {
  svg: string;
}
