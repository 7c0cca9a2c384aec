// The image stage's plan: which responsive variants each source image gets, their content-hashed URLs and
// what a template needs to show them. Pure, so resolve (URLs in pages) and the encoder (files) always agree.
import { createHash } from "node:crypto";
import type { ImageView } from "../site/pages.js";
import type { Routes } from "../site/routes.js";
import type { ImageInfo } from "../types.js";

/** Widths every image is made in (a raster source is never enlarged). */
export const WIDTHS = [480, 960, 1600] as const;

/** The link-preview image: what Facebook, LinkedIn and X ask for. */
export const OG_SIZE = { width: 1200, height: 630 } as const;

/** Output formats, best first; the last is the fallback every browser reads. */
export const FORMATS = [
  { format: "avif", ext: "avif", type: "image/avif" },
  { format: "webp", ext: "webp", type: "image/webp" },
  { format: "jpeg", ext: "jpg", type: "image/jpeg" },
] as const;

/** Encoder settings, by format. Part of every file name: change them and every name changes. */
export const ENCODER = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
} as const;

/**
 * Every file name planImage makes (`<key>-<width>`, `<key>-og`, `<key>-og-f<x>x<y>`, `<key>-f<x>x<y>s<share>-<width>`,
 * then the format's extension), and nothing else: what the committed folder's prune may remove. Kept beside the
 * names it describes so a new kind of variant cannot be left out of it.
 */
export const VARIANT_FILE = /^[0-9a-f]{10}-(?:f\d+x\d+s\d+-)?(?:\d+|og(?:-f\d+x\d+)?)\.(?:avif|webp|jpg)$/;

export type ImageFormat = (typeof FORMATS)[number]["format"];

/**
 * The art-directed crop heroes show on phones: a tighter frame around the focal point (this share of the
 * image's width and height), so the landmark is large enough to recognise on a small screen. Only the formats
 * every phone browser reads (AVIF, WebP): a browser without either shows the whole image, still focused.
 */
export const CROP = { share: 0.6, widths: [480, 960], media: "(max-width: 767px)", formats: ["avif", "webp"] } as const;

/** A region of the source image, in its own pixels. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One file the image stage writes. */
export interface Variant {
  /** Root-relative URL. */
  url: string;
  /** Name of the variant in the cache (unique per source content, settings, size and format). */
  cacheName: string;
  width: number;
  height: number;
  format: ImageFormat;
  /** "cover" crops to exactly width x height (the og image); "inside" keeps the aspect ratio. */
  fit: "inside" | "cover";
  /** The part of the source this variant shows (the phone crop); the whole image without it. */
  region?: Region;
}

/** Every variant of one source image, and the view templates get (without its alt text). */
export interface ImagePlan {
  ref: string;
  variants: Variant[];
  view: Omit<ImageView, "alt">;
}

/** Makes an image URL from a name part and an extension (bound to routes.image by the caller). */
export type ImageUrl = (part: string, ext: string) => string;

const SETTINGS = JSON.stringify({ ENCODER, OG_SIZE, v: 1 });

/** The widths an image is made in: all of WIDTHS for vectors, those not above its own width for rasters. */
export function widthsFor(info: ImageInfo): number[] {
  if (info.ext === "svg") return [...WIDTHS];
  const fit = WIDTHS.filter((w) => w <= info.width);
  return fit.length ? fit : [info.width];
}

const variantKeys = new Map<string, string>();
/**
 * The name part of an image's variants: its content hash with the encoder settings, hashed. Kept by content
 * hash (a pure function of it): the home page of a 4,008-page site plans 1,334 images on every save.
 */
function variantKey(hash: string): string {
  let key = variantKeys.get(hash);
  if (key === undefined) {
    // Bounded: a long session of image edits cannot grow it without end.
    if (variantKeys.size >= 100_000) variantKeys.clear();
    variantKeys.set(hash, (key = createHash("sha256").update(`${hash}\u0000${SETTINGS}`).digest("hex").slice(0, 10)));
  }
  return key;
}

/**
 * The phone crop's region: CROP.share of each side, placed so the focal point sits at the same relative place in
 * the crop as in the whole image. That is the frame `object-position: x% y%` shows, so one position fits both.
 */
export function cropRegion(info: ImageInfo): Region {
  const { x, y } = info.focus ?? { x: 50, y: 50 };
  const width = Math.round(info.width * CROP.share);
  const height = Math.round(info.height * CROP.share);
  return { left: Math.round(((info.width - width) * x) / 100), top: Math.round(((info.height - height) * y) / 100), width, height };
}

/** The link preview's region: the largest of OG_SIZE's shape, placed by the focal point as cropRegion places its crop. */
export function ogRegion(info: ImageInfo): Region {
  const { x, y } = info.focus ?? { x: 50, y: 50 };
  const k = Math.min(info.width / OG_SIZE.width, info.height / OG_SIZE.height);
  const width = Math.round(OG_SIZE.width * k), height = Math.round(OG_SIZE.height * k);
  return { left: Math.round(((info.width - width) * x) / 100), top: Math.round(((info.height - height) * y) / 100), width, height };
}

/** The crop's widths: all of CROP.widths for vectors, those not above the crop's own width for rasters. */
function cropWidths(info: ImageInfo, region: Region): number[] {
  if (info.ext === "svg") return [...CROP.widths];
  const fit = CROP.widths.filter((w) => w <= region.width);
  return fit.length ? fit : [region.width];
}

/** Plans the variants of one image; `url` turns a name part and extension into its URL (routes.image). */
export function planImage(ref: string, info: ImageInfo, url: ImageUrl): ImagePlan {
  const key = variantKey(info.hash);
  const widths = widthsFor(info);
  const variants: Variant[] = [];
  const srcsets = FORMATS.map((f) => {
    const entries = widths.map((width) => {
      const height = Math.round((width * info.height) / info.width);
      const part = `${key}-${width}`;
      variants.push({ url: url(part, f.ext), cacheName: `${part}.${f.ext}`, width, height, format: f.format, fit: "inside" });
      return `${url(part, f.ext)} ${width}w`;
    });
    return { type: f.type, srcset: entries.join(", ") };
  });
  // A link preview is cut around the focal point too (the largest region of its shape); centred without one.
  const ogPart = info.focus ? `${key}-og-f${info.focus.x}x${info.focus.y}` : `${key}-og`;
  const og: Variant = { url: url(ogPart, "jpg"), cacheName: `${ogPart}.jpg`, ...OG_SIZE, format: "jpeg", fit: "cover", region: info.focus ? ogRegion(info) : undefined };
  variants.push(og);

  // The phone crop, named by its focal point and share too: changing either makes new files, never stale ones.
  const region = cropRegion(info);
  const focus = info.focus ?? { x: 50, y: 50 };
  const crops = FORMATS.filter((f) => (CROP.formats as readonly string[]).includes(f.format)).map((f) => {
    const entries = cropWidths(info, region).map((width) => {
      const height = Math.round((width * region.height) / region.width);
      const part = `${key}-f${focus.x}x${focus.y}s${CROP.share * 100}-${width}`;
      variants.push({ url: url(part, f.ext), cacheName: `${part}.${f.ext}`, width, height, format: f.format, fit: "inside", region });
      return `${url(part, f.ext)} ${width}w`;
    });
    return { type: f.type, srcset: entries.join(", "), media: CROP.media };
  });

  const jpegs = variants.filter((v) => v.format === "jpeg" && v.fit === "inside" && !v.region);
  const largest = jpegs[jpegs.length - 1];
  const fallback = jpegs.find((v) => v.width >= 960) ?? largest;
  return {
    ref,
    variants,
    view: {
      src: fallback.url,
      width: largest.width,
      height: largest.height,
      srcset: srcsets[srcsets.length - 1].srcset,
      sources: srcsets.slice(0, -1),
      og: og.url,
      focus,
      crops,
    },
  };
}

/** The plan of one content image, with URLs from the site's routes (what resolve and the encoder both use). */
export function imagePlan(ref: string, info: ImageInfo, routes: Pick<Routes, "image">): ImagePlan {
  return planImage(ref, info, (part, ext) => routes.image(ref, { ...info, hash: part, ext }));
}
