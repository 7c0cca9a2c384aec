// The page worker seen from the main thread: a StagingWriter whose writes happen in page-worker.ts. Each call
// posts a job and resolves at once while fewer than QUEUED jobs are unfinished, else when one is finished, so
// memory holds a bounded number of pages however fast the renderer is. When the worker falls behind (SHARE),
// this thread finishes pages itself and hands the worker only their writes; while it keeps up (OFFER), it gets
// whole pages to render. How far the worker is comes from a shared counter, not from its answers: those wait in
// this thread's event loop, which a renderer that never yields does not visit, so counting answers made the
// worker look behind while it sat idle. A full queue waits on that counter too (Atomics.waitAsync).
import { Worker } from "node:worker_threads";
import { workerScript } from "../util/worker-script.js";
import type { PageAnswer, PageJob, PageWorkerInit } from "./page-worker.js";
import { finishPage } from "../render/finish.js";
import type { ErrorData, WorkerInit } from "../render/pool-worker.js";
import type { Page } from "../site/pages.js";
import type { ScannedPage } from "../site/links.js";
import { detachStrings } from "../util/detach-strings.js";
import type { CopiedFile, StagingOptions, StagingWriter } from "./staging.js";

/** A job before it is numbered. */
type Job = PageJob extends infer J ? (J extends PageJob ? Omit<J, "n"> : never) : never;

/** Jobs posted and not yet answered, at most: enough that the worker never waits for the renderer. */
export const QUEUED = 32;

/**
 * From this many unanswered jobs the worker is behind: the main thread finishes the next page itself and leaves
 * the worker only its write, so neither thread waits for the other (which of them is faster depends on the
 * templates, the page sizes and the disk).
 */
export const SHARE = QUEUED / 2;

/**
 * A page is offered to the worker to render while fewer than this many of its jobs are unfinished: enough that
 * it has work while the main thread renders a page of its own, few enough that neither waits for the other.
 */
export const OFFER = 4;

/** What became of a page the worker rendered: its links and ids, or its template's error. */
export type Offered = { scan: ScannedPage; error?: undefined } | { error: ErrorData; scan?: undefined };

/** A StagingWriter in a worker thread, with a way to stop the thread. */
export interface WorkerWriter extends StagingWriter {
  /** Lets the worker render pages with the compiled templates `init` names (it imports them once). */
  renderer(init: WorkerInit): void;
  /**
   * Hands the worker a page to render, finish and write, when it keeps up (true); false leaves the page to the
   * caller. `onDone` gets the page's links and ids or its template's error, at the latest when settle() returns.
   */
  offer(page: Page, onDone: (result: Offered) => void): Promise<boolean>;
  /** Stops the worker (after settle, or to abandon the writes of a failed build). */
  close(): Promise<void>;
}

/** An error the worker sent back, as an Error with the code and stack it had there. */
function revive(data: NonNullable<PageAnswer["error"]>): Error {
  const e = Object.assign(new Error(data.message), data.code ? { code: data.code } : {});
  if (data.stack) e.stack = data.stack;
  return e;
}

/** Starts the page worker for one staging folder. */
export async function workerWriter(staging: StagingOptions): Promise<WorkerWriter> {
  const done = new Int32Array(new SharedArrayBuffer(4));
  const init: PageWorkerInit = { staging, done };
  const worker = new Worker(await workerScript("write/page-worker.ts"), { workerData: { hotelsitePages: init } });
  const waiting = new Map<number, { resolve: (a: PageAnswer) => void }>();
  let stopped!: () => void;
  /** Resolves when the worker fails or stops: nothing it was asked to do will be done. */
  const halted = new Promise<void>((resolve) => (stopped = resolve));
  let next = 0;
  let files = 0;
  let linked = 0;
  let rendering = false;
  /** Jobs posted that the worker has not finished (it counts them in `done` as it goes). */
  const behind = () => next - Atomics.load(done, 0);
  let failure: Error | undefined;

  const fail = (e: Error) => {
    failure ??= e;
    for (const w of waiting.values()) w.resolve({ n: -1, error: { message: failure.message } });
    waiting.clear();
    stopped();
  };
  worker.on("message", (a: PageAnswer) => {
    const w = waiting.get(a.n);
    waiting.delete(a.n);
    if (a.error) failure ??= revive(a.error);
    w?.resolve(a);
  });
  worker.on("error", (e) => fail(e));
  worker.on("exit", (code) => fail(new Error(`hotelsite: the page worker stopped (exit code ${code})`)));

  /** Posts a job once there is room; resolves with the job's answer to come (wrapped: awaiting would flatten it). */
  const post = async (job: Job): Promise<{ answer: Promise<PageAnswer> }> => {
    // The worker counts each finished job in `done` and wakes this wait (Atomics.notify).
    for (let seen = Atomics.load(done, 0); next - seen >= QUEUED && !failure; seen = Atomics.load(done, 0)) {
      const wait = Atomics.waitAsync(done, 0, seen);
      if (wait.async) await Promise.race([wait.value, halted]);
    }
    if (failure) throw failure;
    const n = next++;
    const answer = new Promise<PageAnswer>((resolve) => waiting.set(n, { resolve }));
    worker.postMessage({ ...job, n } as PageJob);
    return { answer };
  };

  return {
    async write(rel: string, contents: string | Uint8Array) {
      files++;
      await post({ kind: "file", rel, contents });
    },
    renderer(init: WorkerInit) {
      rendering = true;
      // A failure here fails the next offer and the settle.
      post({ kind: "renderer", init }).catch(() => {});
    },
    async offer(page: Page, onDone: (result: Offered) => void) {
      if (!rendering || behind() >= OFFER || failure) return false;
      files++;
      const { answer } = await post({ kind: "render", page });
      void answer.then((a) => {
        if (a.templateError) onDone({ error: a.templateError });
        else if (a.links) onDone({ scan: { links: a.links, ids: a.ids ?? [] } });
      });
      return true;
    },
    async copy(file: CopiedFile) {
      files++;
      await post({ kind: "copy", file });
    },
    async page(rel: string, markup: string, onScanned: (s: ScannedPage) => void) {
      files++;
      if (behind() >= SHARE) {
        const { html, ...scan } = finishPage(markup);
        // Copies: the links are slices of the page, which would otherwise stay in memory with them.
        onScanned(detachStrings(scan));
        await post({ kind: "file", rel, contents: html });
        return;
      }
      const { answer } = await post({ kind: "page", rel, markup });
      void answer.then((a) => a.links && onScanned({ links: a.links, ids: a.ids ?? [] }));
    },
    get files() {
      return files;
    },
    /** As of the last settle. */
    get linked() {
      return linked;
    },
    // The worker decides; this side does not follow it.
    synchronous: false,
    async settle() {
      const answer = await (await post({ kind: "settle" })).answer;
      linked = answer.linked ?? linked;
      if (failure) throw failure;
      if (answer.error) throw revive(answer.error);
    },
    async close() {
      worker.removeAllListeners("exit");
      await worker.terminate();
    },
  };
}
