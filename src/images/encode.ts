// Encodes image variants with sharp into a store (store.ts) under names that hold the source's hash, so none is made twice.
import { readFile, readdir } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import pLimit from "p-limit";
import type { Sharp, SharpOptions } from "sharp";
import { MAX_IMAGE_BYTES, readRegularFile } from "../content/read-file.js";
import { ContentError, ContentErrors, shownPath } from "../errors.js";
import { readNamedSealed, writeNamedSealed } from "../io/cache.js";
import { writeWholeSync } from "../io/write.js";
import { ENCODER, type Variant } from "./plan.js";
import { MAX_PIXELS } from "./screen.js";

/** One source file and the variants it needs. */
export interface EncodeJob {
  /** Absolute path of the source image. */
  from: string;
  /** Source width (to render vector images straight at the size wanted). */
  width: number;
  height: number;
  vector: boolean;
  variants: Variant[];
}

/** Options for {@link encodeVariants}: the folders are a VariantStore's (store.ts). */
export interface EncodeOptions {
  jobs: EncodeJob[];
  readFrom: string[];
  writeTo: string;
  shared?: string;
  sealed?: string;
  /** How many encodes run at once (default: the machine's parallelism). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

/** What the encoder did: how many files it made, how many were found, and where each variant is (by name). */
export interface EncodeResult {
  encoded: number;
  cached: number;
  found: Map<string, string>;
}

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;

/** The variant's region of the source, cut out at the scale the source was rendered at (vectors render larger). */
async function cropped(sharp: SharpFactory, input: Sharp, job: EncodeJob, v: Variant): Promise<Sharp> {
  const r = v.region!;
  // Rasters are turned upright first: the region is in the upright image's pixels, as its size is.
  const { data, info } = await (job.vector ? input : input.rotate()).raw().toBuffer({ resolveWithObject: true });
  const k = info.width / job.width;
  const left = Math.min(Math.round(r.left * k), info.width - 1);
  const top = Math.min(Math.round(r.top * k), info.height - 1);
  const region = { left, top, width: Math.min(Math.round(r.width * k), info.width - left), height: Math.min(Math.round(r.height * k), info.height - top) };
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels }, limitInputPixels: MAX_PIXELS }).extract(region).resize({ width: v.width, height: v.height, fit: "fill" });
}

/** Encodes one variant from the source bytes. */
async function encodeOne(sharp: SharpFactory, bytes: Buffer, job: EncodeJob, v: Variant): Promise<Buffer> {
  // A vector source is rendered at the density that gives the size wanted, not scaled up from its own.
  const scale = v.region ? v.width / v.region.width : v.fit === "cover" ? Math.max(v.width / job.width, v.height / job.height) : v.width / job.width;
  const input = sharp(bytes, { density: job.vector ? Math.min(Math.max(72 * scale, 1), 100_000) : undefined, limitInputPixels: MAX_PIXELS });
  const sized = v.region
    ? await cropped(sharp, input, job, v)
    : (job.vector ? input : input.rotate()).resize({ width: v.width, height: v.fit === "cover" ? v.height : undefined, fit: v.fit === "cover" ? "cover" : "inside" });
  if (v.format === "avif") return sized.avif(ENCODER.avif).toBuffer();
  if (v.format === "webp") return sized.webp(ENCODER.webp).toBuffer();
  return sized.flatten({ background: "#ffffff" }).jpeg(ENCODER.jpeg).toBuffer();
}

/** An image's bytes, read as load read them: a regular file only (it may have been swapped since, e.g. for a FIFO). */
async function readSource(file: string): Promise<Buffer> {
  const read = await readRegularFile(file, { maxBytes: MAX_IMAGE_BYTES });
  if ("refused" in read) throw new ContentErrors([new ContentError({ file }, read.refused.reason, read.refused.hint)]);
  return read.bytes;
}

/** The encoder's failure on an image that load's screen passed (screen.ts): the image and sharp's reason, never its stack. */
function encodeError(file: string, e: unknown): unknown {
  if (e instanceof ContentErrors) return e;
  const why = String((e as Error)?.message ?? e).split("\n")[0].trim() || "the encoder failed";
  return new ContentErrors([new ContentError({ file: shownPath(file) }, `cannot be encoded: ${why}`, "export it again from your image editor (.png, .jpg, .webp, .avif, or a plain SVG)", { cause: e })]);
}

/** Makes every variant that no folder of `readFrom` has, in `writeTo`; says where each one is. */
export async function encodeVariants(opts: EncodeOptions): Promise<EncodeResult> {
  const found = new Map<string, string>();
  const needed = new Set(opts.jobs.flatMap((j) => j.variants.map((v) => v.cacheName)));
  for (const dir of opts.readFrom) {
    // Regular files only: a link planted among the variants could publish any file of the machine.
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (!e.isFile()) continue;
      if (dir !== opts.sealed) {
        if (!found.has(e.name)) found.set(e.name, path.join(dir, e.name));
        continue;
      }
      // The cache's files are used only when their bytes have the digest their name ends with (io/cache.ts).
      const name = e.name.replace(/\.[0-9a-f]{16}$/, "");
      if (name !== e.name && needed.has(name) && !found.has(name) && readNamedSealed(path.join(dir, e.name), MAX_IMAGE_BYTES)) found.set(name, path.join(dir, e.name));
    }
  }
  const total = opts.jobs.reduce((n, j) => n + j.variants.length, 0);
  // Each missing variant once, even when two paths name the same image (their variants share cache names).
  const work: { job: EncodeJob; v: Variant }[] = [];
  const fill = new Set<string>();
  const queued = new Set<string>();
  for (const job of opts.jobs) {
    for (const v of job.variants) {
      const at = found.get(v.cacheName);
      if (at !== undefined && opts.shared !== undefined && path.dirname(at) === opts.shared) fill.add(v.cacheName);
      if (at !== undefined || queued.has(v.cacheName)) continue;
      queued.add(v.cacheName);
      work.push({ job, v });
    }
  }
  // Made already by another content folder with the same image: copied, not encoded again.
  for (const name of fill) {
    // Whole or not at all (a killed build or a parallel one never leaves half a file).
    writeWholeSync(path.join(opts.writeTo, name), await readFile(found.get(name)!));
    found.set(name, path.join(opts.writeTo, name));
  }
  if (!work.length) return { encoded: 0, cached: total, found };
  // Loaded only when something needs encoding: sharp takes a noticeable part of a warm build's time to load.
  const sharp = (await import("sharp")).default as SharpFactory;
  const sources = new Map<string, Promise<Buffer>>();
  let done = 0;
  await pLimit(Math.max(1, opts.concurrency ?? availableParallelism())).map(work, async ({ job, v }) => {
    if (!sources.has(job.from)) sources.set(job.from, readSource(job.from));
    const out = await encodeOne(sharp, await sources.get(job.from)!, job, v).catch((e: unknown) => Promise.reject(encodeError(job.from, e)));
    if (opts.writeTo === opts.sealed) {
      const at = writeNamedSealed(opts.writeTo, v.cacheName, out);
      if (!at) throw new Error(`cannot write ${v.cacheName} into ${opts.writeTo}`);
      found.set(v.cacheName, at);
    } else {
      writeWholeSync(path.join(opts.writeTo, v.cacheName), out);
      found.set(v.cacheName, path.join(opts.writeTo, v.cacheName));
    }
    // The second level is a convenience: a cache that cannot take the file does not fail the build.
    if (opts.shared) writeNamedSealed(opts.shared, v.cacheName, out);
    opts.onProgress?.(++done, work.length);
  });
  return { encoded: work.length, cached: total - work.length, found };
}
