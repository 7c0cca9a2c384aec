// Renders a large site on every core: this thread and one worker thread per other core take batches of pages
// from one queue; each worker imports the compiled templates once. A small site, or any site on a machine with
// fewer than three cores, renders in this thread alone: starting workers and copying pages to them costs more
// than it saves there (measured, see POOL_MIN_THREADS); a build's pages then stream to the output, which
// finishes and writes them beside this thread (write/page-worker.ts). Either way each page comes back with the
// links the dead-link check needs.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ContentError, ContentErrors } from "../errors.js";
import { scanPage } from "../site/links.js";
import type { Page } from "../site/pages.js";
import { summary, type PageSummary } from "../site/resolve.js";
import { workerScript } from "../util/worker-script.js";
import { renderBatch, type BatchRequest, type BatchResult, type WorkerInit } from "./pool-worker.js";
import { addTemplateError, renderMarkup, renderPages, type RenderOptions } from "./render.js";
import type { OutputSink } from "../write/sink.js";
import { templatesModule } from "./templates.js";

/** A page ready for the writer: its HTML (UTF-8 bytes when a batch made it) and its internal links. */
export interface SitePage {
  /** The page, or only its summary once its HTML went to the output. */
  page: PageSummary;
  contents: string | Uint8Array;
  links: string[];
  /** The page's ids, for the dead-link check's #fragment targets. */
  ids: string[];
}

/** Options for {@link renderSite}: a render's options plus where workers find the compiled templates. */
export interface PoolOptions extends RenderOptions {
  /** Content hash of the compiled templates (LoadedTemplates.hash): workers import the cached module. */
  templatesHash: string;
  /** Threads that render, this one included (default {@link defaultThreads}); 1 renders here alone. */
  threads?: number;
  /** Fewer pages than this render in this thread alone (default {@link POOL_MIN_PAGES}). */
  minPages?: number;
  /** Pages per batch (default {@link BATCH}). */
  batch?: number;
  /** Render batches in this thread too while the workers run (default true); false leaves them all to workers. */
  mainThread?: boolean;
  /**
   * Where a build streams its pages (the output sink): each goes there as soon as it is rendered, as React's
   * markup to finish and write (awaited: a slow writer slows the renderer down), and its links and ids come
   * back. The pages returned then carry empty contents, so the site's HTML is never held in memory whole.
   */
  output?: Pick<OutputSink, "page" | "write" | "settle" | "renderer" | "offer">;
}

/**
 * Below this many pages workers do not pay: a worker needs about 0.1 s to start and import React and the
 * templates, the time this thread needs to render 400 pages.
 */
export const POOL_MIN_PAGES = 600;

/**
 * Fewer cores than this render in one thread. Every page a worker renders is copied to it first (4,008 pages
 * are 55 MB of page data), and on the 2-core bench machine one worker beside this thread rendered 4,008 pages
 * in 0.9-1.3 s against 0.9-1.5 s for this thread alone, at nearly twice the CPU time: no gain.
 */
export const POOL_MIN_THREADS = 3;

/** Rendering threads by default: HOTELSITE_THREADS when set, else every core from POOL_MIN_THREADS cores up. */
export function defaultThreads(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.HOTELSITE_THREADS);
  if (Number.isInteger(set) && set >= 1) return set;
  const cores = availableParallelism();
  return cores >= POOL_MIN_THREADS ? cores : 1;
}

/** Pages per batch: large enough that messaging is cheap, small enough that the threads finish together. */
export const BATCH = 32;

/** Batches a worker holds at once, so it never waits for the next one. */
const IN_FLIGHT = 2;

/** How many worker threads a site of `pages` pages gets beside this thread (0: this thread alone). */
export function workersFor(pages: number, opts: Pick<PoolOptions, "threads" | "minPages" | "batch">): number {
  const threads = opts.threads ?? defaultThreads();
  if (threads < 2 || pages < (opts.minPages ?? POOL_MIN_PAGES)) return 0;
  return Math.max(0, Math.min(threads - 1, Math.ceil(pages / (opts.batch ?? BATCH)) - 1));
}

/** Feeds one worker batches from the shared queue until it is empty; resolves when the worker has answered all. */
function runWorker(worker: Worker, take: () => BatchRequest | undefined, results: BatchResult[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let inFlight = 0;
    let drained = false;
    const fill = () => {
      while (!drained && inFlight < IN_FLIGHT) {
        const batch = take();
        if (!batch) drained = true;
        else {
          worker.postMessage(batch);
          inFlight++;
        }
      }
      if (drained && inFlight === 0) resolve();
    };
    worker.on("message", (msg: BatchResult | { ready: true }) => {
      if ("id" in msg) {
        if (msg.bug) return reject(new Error(`a render worker failed:\n${msg.bug}`));
        results[msg.id] = msg;
        inFlight--;
      }
      fill();
    });
    worker.on("error", reject);
    worker.on("exit", (code) => (inFlight > 0 || code !== 0 ? reject(new Error(`a render worker stopped (exit code ${code})`)) : resolve()));
  });
}

/**
 * Renders a build's pages in this thread and, when the output has a page worker that keeps up, in that worker
 * too: a page the worker takes costs this thread only its copy (about a tenth of rendering it). A page rendered
 * here goes to the output as React's markup, which the output finishes and writes (in the page worker for a
 * large build). Only the links are kept, so memory grows with the pages in flight, not with the site.
 */
async function streamHere(pages: Iterable<Page>, opts: PoolOptions, output: NonNullable<PoolOptions["output"]>): Promise<SitePage[]> {
  const out: SitePage[] = [];
  const errors: ContentError[] = [];
  const file = templatesModule(opts.templatesHash);
  const offer = output.renderer && output.offer && existsSync(file) ? output.offer : undefined;
  if (offer) output.renderer!({ templatesUrl: pathToFileURL(file).href, assets: opts.assets, templatesDir: opts.templatesDir, cwd: opts.cwd ?? process.cwd(), devScript: opts.devScript });
  for (const page of pages) {
    const done: SitePage = { page: summary(page), contents: "", links: [], ids: [] };
    // Once a template has failed the build will fail: render on to report every error, but write nothing more.
    const taken =
      !errors.length &&
      offer &&
      (await offer(page, (r) => (r.error ? addTemplateError(errors, new ContentError(r.error.place, r.error.message, r.error.hint)) : Object.assign(done, r.scan))));
    if (taken) {
      out.push(done);
      continue;
    }
    let markup: string;
    try {
      markup = renderMarkup(page, opts);
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
      addTemplateError(errors, e);
      continue;
    }
    out.push(done);
    if (!errors.length) await output.page(page.outFile, markup, (scan) => Object.assign(done, scan));
  }
  // The worker's answers (links, ids, template errors) have all arrived once the output is settled.
  // A disk failure matters less than template errors, which the user fixes first.
  await output.settle().catch((e) => {
    if (!errors.length) throw e;
  });
  if (errors.length) throw new ContentErrors(errors);
  return out;
}

/** Stage 4 of the pipeline for any size of site: on every core when that pays, else in this thread. */
export async function renderSite(all: Iterable<Page>, opts: PoolOptions): Promise<SitePage[]> {
  const count = workersFor(Array.isArray(all) ? all.length : Infinity, opts);
  const file = templatesModule(opts.templatesHash);
  if (opts.output && (count === 0 || !existsSync(file))) return streamHere(all, opts, opts.output);
  // The pool deals pages out in batches: it needs them all at once.
  const pages = [...all];
  if (count === 0 || !existsSync(file)) {
    return (await renderPages(pages, opts)).map((r) => ({ page: r.page, contents: r.html, ...scanPage(r.html) }));
  }

  const init: WorkerInit = {
    templatesUrl: pathToFileURL(file).href,
    assets: opts.assets,
    templatesDir: opts.templatesDir,
    cwd: opts.cwd ?? process.cwd(),
    devScript: opts.devScript,
  };
  const script = await workerScript("render/pool-worker.ts");
  const batches: BatchRequest[] = [];
  const size = opts.batch ?? BATCH;
  for (let i = 0; i < pages.length; i += size) batches.push({ id: batches.length, pages: pages.slice(i, i + size) });
  const results: BatchResult[] = new Array(batches.length);
  let next = 0;
  const take = () => (next < batches.length ? batches[next++] : undefined);
  const workers = Array.from({ length: count }, () => new Worker(script, { workerData: { hotelsiteRender: init } }));

  // This thread renders too, a batch at a time, letting the workers' messages in between batches. Its pages
  // stay strings: encoding them here would only add garbage to this thread's (large) heap.
  const here = async () => {
    if (opts.mainThread === false) return;
    for (let batch = take(); batch; batch = take()) {
      const result = renderBatch(batch, opts, false);
      if (result.bug) throw new Error(`rendering failed:\n${result.bug}`);
      results[batch.id] = result;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  try {
    await Promise.all([here(), ...workers.map((w) => runWorker(w, take, results))]);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }

  const out: SitePage[] = [];
  const errors: ContentError[] = [];
  for (const [b, batch] of batches.entries()) {
    const result = results[b];
    if (!result) throw new Error(`batch ${b} was left unrendered`);
    for (const e of result.errors) addTemplateError(errors, new ContentError(e.place, e.message, e.hint));
    batch.pages.forEach((page, i) => {
      const done = result.pages[i];
      if (done) out.push({ page, contents: done.html ?? done.bytes!, links: done.links, ids: done.ids });
    });
  }
  if (errors.length) throw new ContentErrors(errors);
  if (!opts.output) return out;
  // With workers the pages are handed on once all are rendered (this path runs from 3 cores up).
  for (const [i, p] of out.entries()) {
    await opts.output.write({ path: p.page.outFile, contents: p.contents });
    out[i] = { ...p, contents: "" };
  }
  return out;
}
