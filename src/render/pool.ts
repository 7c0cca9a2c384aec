// Renders a large site in worker threads, one per core, each importing the compiled templates once. A small
// site renders in this thread: starting a worker costs more than rendering a hundred pages. Either way each
// page comes back ready to write, with the links the dead-link check needs.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ContentError, ContentErrors } from "../errors.js";
import { internalLinks } from "../site/links.js";
import type { Page } from "../site/pages.js";
import { packageRoot } from "../util/paths.js";
import type { BatchRequest, BatchResult, WorkerInit } from "./pool-worker.js";
import { addTemplateError, renderPages, type RenderOptions } from "./render.js";

/** A page ready for the writer: its HTML (UTF-8 bytes when a worker made it) and its internal links. */
export interface SitePage {
  page: Page;
  contents: string | Uint8Array;
  links: string[];
}

/** Options for {@link renderSite}: a render's options plus where workers find the compiled templates. */
export interface PoolOptions extends RenderOptions {
  /** Content hash of the compiled templates (LoadedTemplates.hash): workers import the cached module. */
  templatesHash: string;
  /** Worker threads to use (default: os.availableParallelism()); 0 or 1 renders in this thread. */
  workers?: number;
  /** Fewer pages than this render in this thread (default {@link POOL_MIN_PAGES}). */
  minPages?: number;
  /** Pages per message (default {@link BATCH}). */
  batch?: number;
}

/**
 * Below this many pages the pool does not pay: a worker takes about 0.1 s to start and import React and the
 * templates, the time this thread needs for 100-150 pages (measured with `npm run bench`).
 */
export const POOL_MIN_PAGES = 400;

/** Pages per message: large enough that messaging is cheap, small enough that the workers finish together. */
export const BATCH = 32;

/** The compiled templates module that templates.ts wrote for this hash. */
function templatesFile(hash: string): string {
  return path.join(packageRoot(), "node_modules", ".cache", "hotelsite", `templates-${hash}.mjs`);
}

/** The worker script: lib/pool-worker.js beside the bundle, or (running from source) a bundle made once. */
async function workerScript(): Promise<URL> {
  const beside = new URL("./pool-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [path.join(packageRoot(), "src", "render", "pool-worker.ts")],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  const file = path.join(packageRoot(), "node_modules", ".cache", "hotelsite", `pool-worker-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, code);
  }
  return pathToFileURL(file);
}

/** How many workers a site of `pages` pages gets under these options (0: render in this thread). */
export function workersFor(pages: number, opts: Pick<PoolOptions, "workers" | "minPages" | "batch">): number {
  const max = opts.workers ?? availableParallelism();
  if (max < 2 || pages < (opts.minPages ?? POOL_MIN_PAGES)) return 0;
  return Math.min(max, Math.ceil(pages / (opts.batch ?? BATCH)));
}

/** Stage 4 of the pipeline for any size of site: in worker threads when that pays, else in this thread. */
export async function renderSite(pages: Page[], opts: PoolOptions): Promise<SitePage[]> {
  const count = workersFor(pages.length, opts);
  const file = templatesFile(opts.templatesHash);
  if (count === 0 || !existsSync(file)) {
    return (await renderPages(pages, opts)).map((r) => ({ page: r.page, contents: r.html, links: internalLinks(r.html) }));
  }

  const init: WorkerInit = {
    templatesUrl: pathToFileURL(file).href,
    assets: opts.assets,
    templatesDir: opts.templatesDir,
    cwd: opts.cwd ?? process.cwd(),
    devScript: opts.devScript,
  };
  const script = await workerScript();
  const batches: BatchRequest[] = [];
  const size = opts.batch ?? BATCH;
  for (let i = 0; i < pages.length; i += size) batches.push({ id: batches.length, pages: pages.slice(i, i + size) });
  const results: BatchResult[] = new Array(batches.length);
  const workers = Array.from({ length: count }, () => new Worker(script, { workerData: { hotelsiteRender: init } }));
  let next = 0;

  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            // Each worker takes the next batch as soon as it is done with one, so none waits while others work.
            const send = () => (next < batches.length ? worker.postMessage(batches[next++]) : resolve());
            worker.on("message", (msg: BatchResult | { ready: true }) => {
              if ("id" in msg) {
                if (msg.bug) return reject(new Error(`a render worker failed:\n${msg.bug}`));
                results[msg.id] = msg;
              }
              send();
            });
            worker.on("error", reject);
            worker.on("exit", (code) => (next < batches.length || code !== 0 ? reject(new Error(`a render worker stopped (exit code ${code})`)) : resolve()));
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }

  const out: SitePage[] = [];
  const errors: ContentError[] = [];
  for (const [b, batch] of batches.entries()) {
    const result = results[b];
    if (!result) throw new Error(`a render worker left batch ${b} unrendered`);
    for (const e of result.errors) addTemplateError(errors, new ContentError(e.place, e.message, e.hint));
    batch.pages.forEach((page, i) => {
      const done = result.pages[i];
      if (done) out.push({ page, contents: done.bytes, links: done.links });
    });
  }
  if (errors.length) throw new ContentErrors(errors);
  return out;
}
