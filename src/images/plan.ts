// The image stage's plan: each image's variants, URLs and view; pure, so resolve (URLs) and the encoder (files) agree.
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

/** Every file name planImage makes and nothing else: what the committed folder's prune may remove. */
export const VARIANT_FILE = /^[0-9a-f]{10}-(?:f\d+x\d+s\d+-)?(?:\d+|og(?:-f\d+x\d+)?)\.(?:avif|webp|jpg)$/;

export type ImageFormat = (typeof FORMATS)[number]["format"];

/** The art-directed crop heroes show on phones: this share of each side around the focal point, in the formats phones read. */
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
  url: string;
  /** Unique per source content, settings, size and format. */
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
  variants: Variant[];
  view: Omit<ImageView, "alt">;
}

/** Makes an image URL from a name part and an extension (bound to routes.image by the caller). */
export type ImageUrl = (part: string, ext: string) => string;

const SETTINGS = JSON.stringify({ ENCODER, OG_SIZE, v: 1 });

/** The widths an image (or its crop, `own` wide) is made in: all of `widths` for vectors, those not above its own width for rasters. */
export function widthsFor(info: ImageInfo, widths: readonly number[] = WIDTHS, own = info.width): number[] {
  if (info.ext === "svg") return [...widths];
  const fit = widths.filter((w) => w <= own);
  return fit.length ? fit : [own];
}

const variantKeys = new Map<string, string>();
/** The name part of an image's variants: its content hash with the encoder settings, hashed (kept: pages plan images on every save). */
function variantKey(hash: string): string {
  let key = variantKeys.get(hash);
  if (key === undefined) {
    // Bounded: a long session of image edits cannot grow it without end.
    if (variantKeys.size >= 100_000) variantKeys.clear();
    variantKeys.set(hash, (key = createHash("sha256").update(`${hash}\u0000${SETTINGS}`).digest("hex").slice(0, 10)));
  }
  return key;
}

/** The phone crop's region, placed so the focal point sits where it does in the whole image (as `object-position` shows it). */
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
    const entries = widthsFor(info, CROP.widths, region.width).map((width) => {
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
