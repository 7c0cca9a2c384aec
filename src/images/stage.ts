// The image stage: every content image planned (see plan.ts), its missing variants encoded into the cache,
// and the list of files the writer copies from the cache into the output.
import { tmpdir } from "node:os";
import path from "node:path";
import { mkdir } from "node:fs/promises";
import type { Routes } from "../site/routes.js";
import type { ImageInfo } from "../types.js";
import { cacheDir } from "../util/paths.js";
import type { CopiedFile } from "../write/writer.js";
import { encodeVariants, type EncodeResult } from "./encode.js";
import { imagePlan } from "./plan.js";

/** Options for {@link imageFiles}. */
export interface ImageStageOptions {
  /** The content's images (content-relative path -> facts), as load found them. */
  images: Map<string, ImageInfo>;
  contentDir: string;
  routes: Routes;
  /** Where encoded variants are kept between builds (default: the images folder of hotelsite's cache, util/paths.ts cacheDir). */
  cacheDir?: string;
}

/** The stage's result: files to copy into the output, and what was encoded or reused. */
export interface ImageStageResult extends EncodeResult {
  copies: CopiedFile[];
}

/** The default cache folder: beside the template cache, or the system's temp folder when that is read-only. */
export async function defaultImageCache(): Promise<string> {
  const dir = path.join(cacheDir(), "images");
  try {
    await mkdir(dir, { recursive: true });
    return dir;
  } catch {
    return path.join(tmpdir(), "hotelsite-image-cache");
  }
}

/** The image stage of the pipeline: encodes what the cache lacks and lists every variant to copy. */
export async function imageFiles(opts: ImageStageOptions): Promise<ImageStageResult> {
  const cacheDir = opts.cacheDir ?? (await defaultImageCache());
  const plans = [...opts.images].map(([ref, info]) => ({ ref, info, plan: imagePlan(ref, info, opts.routes) }));
  const result = await encodeVariants({
    cacheDir,
    jobs: plans.map(({ ref, info, plan }) => ({
      from: path.join(opts.contentDir, ref),
      width: info.width,
      height: info.height,
      vector: info.ext === "svg",
      variants: plan.variants,
    })),
  });
  const copies = plans.flatMap(({ plan }) => plan.variants.map((v) => ({ path: v.url.slice(1), from: path.join(cacheDir, v.cacheName) })));
  return { ...result, copies };
}
