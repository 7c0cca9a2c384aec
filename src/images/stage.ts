// The image stage: every content image's variants found or encoded (store.ts, encode.ts), listed for the writer, unused ones pruned.
import path from "node:path";
import type { Routes } from "../site/routes.js";
import type { ImageInfo } from "../types.js";
import { terminalProgress } from "../util/progress.js";
import type { CopiedFile } from "../write/writer.js";
import { encodeVariants, type EncodeResult } from "./encode.js";
import { imagePlan } from "./plan.js";
import { pruneVariants, variantStore } from "./store.js";

/** Options for {@link imageFiles}. */
export interface ImageStageOptions {
  images: Map<string, ImageInfo>;
  contentDir: string;
  routes: Routes;
  /** As StoreOptions has them (store.ts). */
  committedDir?: string;
  cacheDir?: string;
  /** Where a warning about an unusable folder goes (default: stderr). */
  warn?: (message: string) => void;
}

/** The stage's result: files to copy into the output, what was encoded or reused, and what was pruned. */
export interface ImageStageResult extends Omit<EncodeResult, "found"> {
  copies: CopiedFile[];
  pruned: number;
  /** The folder new variants went to, when it is the content's committed one (the CLI says to commit them). */
  committedDir?: string;
}

/** The image stage of the pipeline: encodes what no folder has yet and lists every variant to copy. */
export async function imageFiles(opts: ImageStageOptions): Promise<ImageStageResult> {
  const store = await variantStore({ ...opts, warn: opts.warn ?? ((m) => void process.stderr.write(`${m}\n`)) });
  const plans = [...opts.images].map(([ref, info]) => ({ ref, info, plan: imagePlan(ref, info, opts.routes) }));
  const progress = terminalProgress("Encoding images");
  const { found, ...counts } = await encodeVariants({
    readFrom: store.readFrom,
    writeTo: store.writeTo,
    shared: store.shared,
    sealed: store.sealed,
    onProgress: progress.update,
    jobs: plans.map(({ ref, info, plan }) => ({
      from: path.join(opts.contentDir, ref),
      width: info.width,
      height: info.height,
      vector: info.ext === "svg",
      variants: plan.variants,
    })),
  }).finally(progress.end);
  const copies = plans.flatMap(({ plan }) => plan.variants.map((v) => ({ path: v.url.slice(1), from: found.get(v.cacheName)! })));
  const used = new Set(plans.flatMap(({ plan }) => plan.variants.map((v) => v.cacheName)));
  const pruned = store.committed ? await pruneVariants(store.writeTo, used) : 0;
  return { ...counts, copies, pruned, committedDir: store.committed ? store.writeTo : undefined };
}
