// The page worker: a build's second thread. It finishes and writes the pages the main thread renders (React's
// markup into HTML's usual spelling, scanned for the dead-link check's links and ids, written into the staging
// folder by staging.ts), and, once told where the compiled templates are, renders the pages the main thread
// hands it whole whenever it keeps up (render/pool.ts decides page by page): a page's data costs the main
// thread about a tenth of rendering it. Other files and image copies it just writes. Messages are handled one
// at a time, in order.
import { parentPort, workerData } from "node:worker_threads";
import { ContentError } from "../errors.js";
import type { ErrorData, WorkerInit } from "../render/pool-worker.js";
import { renderMarkup, type RenderOptions } from "../render/render.js";
import type { TemplateModule } from "../render/template-module.js";
import type { Page } from "../site/pages.js";
import { stagingWriter, type CopiedFile, type StagingOptions } from "./staging.js";

/** What the sink tells the worker when it starts it. */
export interface PageWorkerInit {
  staging: StagingOptions;
  /** Jobs finished so far, shared with the main thread (worker-writer.ts reads it to see how far behind the worker is). */
  done: Int32Array;
}

/** A job for the worker; `n` numbers it for the answer. */
export type PageJob =
  | { n: number; kind: "page"; rel: string; markup: string }
  | { n: number; kind: "render"; page: Page }
  | { n: number; kind: "renderer"; init: WorkerInit }
  | { n: number; kind: "file"; rel: string; contents: string | Uint8Array }
  | { n: number; kind: "copy"; file: CopiedFile }
  | { n: number; kind: "settle" };

/** The worker's answer to job `n`: done (with a page's links and ids), or the error that stopped it. */
export interface PageAnswer {
  n: number;
  links?: string[];
  ids?: string[];
  /** A page's template failed: the error as data (the build reports it and fails). */
  templateError?: ErrorData;
  /** Files linked from the previous output so far (in the answer to a settle). */
  linked?: number;
  error?: { message: string; code?: string; stack?: string };
}

/** The error as data that crosses threads (its code names disk trouble such as ENOSPC). */
function errorData(e: unknown): PageAnswer["error"] {
  const err = e as NodeJS.ErrnoException;
  return { message: err?.message ?? String(e), code: err?.code, stack: err?.stack };
}

/** The render options of the compiled templates at `init.templatesUrl`, imported once. */
async function renderer(init: WorkerInit): Promise<RenderOptions> {
  // Template errors name the .tsx file and line through the compiled module's inline source map.
  process.setSourceMapsEnabled(true);
  const templates = (await import(init.templatesUrl)) as TemplateModule;
  return { templates, assets: init.assets, templatesDir: init.templatesDir, cwd: init.cwd, devScript: init.devScript };
}

if (parentPort && (workerData as { hotelsitePages?: PageWorkerInit } | null)?.hotelsitePages) {
  const port = parentPort;
  const { staging, done } = (workerData as { hotelsitePages: PageWorkerInit }).hotelsitePages;
  const writer = stagingWriter(staging);
  const queue: PageJob[] = [];
  let render: RenderOptions | undefined;
  let busy = false;
  /** Finishes and writes one page's markup, answering with its links and ids. */
  const page = (n: number, rel: string, markup: string) => writer.page(rel, markup, (scan) => port.postMessage({ n, ...scan } satisfies PageAnswer));
  // One job at a time: each waits for room among the writes in flight, which bounds what the worker holds.
  const drain = async () => {
    if (busy) return;
    busy = true;
    for (let job = queue.shift(); job; job = queue.shift()) {
      try {
        if (job.kind === "page") await page(job.n, job.rel, job.markup);
        else if (job.kind === "render") {
          let markup: string | undefined;
          try {
            markup = renderMarkup(job.page, render!);
          } catch (e) {
            if (!(e instanceof ContentError)) throw e;
            port.postMessage({ n: job.n, templateError: { place: e.place, message: e.message, hint: e.hint } } satisfies PageAnswer);
          }
          if (markup !== undefined) await page(job.n, job.page.outFile, markup);
        } else {
          if (job.kind === "renderer") render = await renderer(job.init);
          else if (job.kind === "file") await writer.write(job.rel, job.contents);
          else if (job.kind === "copy") await writer.copy(job.file);
          else await writer.settle();
          port.postMessage({ n: job.n, ...(job.kind === "settle" ? { linked: writer.linked } : {}) } satisfies PageAnswer);
        }
      } catch (e) {
        port.postMessage({ n: job.n, error: errorData(e) } satisfies PageAnswer);
      }
      Atomics.add(done, 0, 1);
      Atomics.notify(done, 0);
    }
    busy = false;
  };
  port.on("message", (job: PageJob) => {
    queue.push(job);
    void drain();
  });
}
