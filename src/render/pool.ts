// Stage 4 on N rendering threads (worker.ts), each page to the least busy one, template code held to time and memory limits.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { ContentError, ContentErrors, shownPath } from "../errors.js";
import type { QuickFile, QuickParsed } from "../content/quick-read.js";
import type { Page } from "../site/pages.js";
import { summary, type PageSummary } from "../site/resolve.js";
import { workerScript } from "../util/worker-script.js";
import { decodeError, type FromWorker, type TemplatesInit, type ToWorker } from "./messages.js";
import { addTemplateError } from "./template-errors.js";

/** A page rendered: its links and ids for the dead-link check, its bytes when it was not written. */
export interface RenderedPage {
  page: PageSummary;
  links: string[];
  ids: string[];
  bytes?: Uint8Array;
}

/** Limits on template code (issue: a template that never finishes must not hang the build). */
export interface Limits {
  /** Longest a page (or loading the templates) may take, in ms (default {@link DEFAULT_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** Heap of one rendering thread, in MB (default {@link DEFAULT_MEMORY_MB}). */
  memoryMb?: number;
}

/** Like Hugo's `timeout`: a real page renders in milliseconds, a template that loops never. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** A thread renders one page at a time; the 2 MB home page of 12,006 pages needs well under this. */
export const DEFAULT_MEMORY_MB = 512;

/** Young generation of a rendering thread, in MB: a page's garbage dies with its render (docs/performance.md). */
export const YOUNG_GENERATION_MB = 12;

/** Pages handed to a thread before it answers: enough that it never waits for the next, few enough to bound memory. */
export const IN_FLIGHT = 8;

/** Pages a rendering thread must have to pay for its start (about 0.1 s of a core: React and the templates imported). */
export const PAGES_PER_THREAD = 150;

/**
 * How many rendering threads `pages` pages get: HOTELSITE_THREADS (or `requested`), else one per core but the main
 * thread's (it resolves and writes every page: the busiest thread); never more than the pages pay for.
 */
export function threadsFor(pages: number, requested?: number, env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): number {
  const set = requested ?? Number(env.HOTELSITE_THREADS);
  const wanted = Number.isInteger(set) && set >= 1 ? set : cores - 1;
  return Math.max(1, Math.min(wanted, Math.ceil(pages / PAGES_PER_THREAD)));
}

/** What a thread was asked and has not answered, and what to do with the answer. */
interface Job {
  about?: { template: string; outFile: string };
  limitMs: number;
  done(answer: FromWorker): void;
}

/** One rendering thread and what it has in flight, oldest first. */
interface Slot {
  worker: Worker;
  jobs: Job[];
  timer?: NodeJS.Timeout;
}

/** What a run does with each page rendered: writes it (else its bytes are kept in the answer), counts it. */
export interface RenderOptions {
  write?: (outFile: string, bytes: Uint8Array) => void;
  onDone?: (count: number) => void;
}

/** N rendering threads; kept by watch from run to run in its State, closed by a build once it rendered. */
export interface RenderPool {
  readonly threads: number;
  /** Starts threads up to `threads` (a run knows how many pages it has only once its content is loaded). */
  grow(threads: number): void;
  /** Loads a template set into every thread (again only when it changed); resolves with the page templates it exports. */
  load(init: TemplatesInit): Promise<string[]>;
  /** Parses content files on the least busy thread (a first load's, beside the main thread's own parsing). */
  parse(files: QuickFile[]): Promise<(QuickParsed | undefined)[]>;
  /** Renders pages in order (each handed to `write` as it comes, else kept as bytes); throws every template error at once. */
  render(pages: Iterable<Page>, opts?: RenderOptions): Promise<RenderedPage[]>;
  /** True once a limit stopped a thread: the next run starts a new pool. */
  readonly broken: boolean;
  close(): Promise<void>;
}

/** Starts `threads` rendering threads with the given limits (more can be added with grow). */
export async function startPool(threads: number, limits: Limits = {}): Promise<RenderPool> {
  const timeoutMs = limits.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const memoryMb = limits.memoryMb ?? DEFAULT_MEMORY_MB;
  // Loading includes the thread's start and React's import, which a busy machine slows: never less than the default.
  const loadLimitMs = Math.max(timeoutMs, DEFAULT_TIMEOUT_MS);
  const script = await workerScript("render/worker.ts");
  let failure: Error | undefined;
  let closing = false;
  let loaded: { key: string; names: Promise<string[]> } | undefined;
  /** Settles once the last render call has handed all its pages to the threads (the next call's turn). */
  let handedOver: Promise<void> = Promise.resolve();
  /** The templates folder as the user sees it, for the errors of limits (the last load's). */
  let where = "templates";
  /** Who waits for an answer (a free place in a thread, or the last one), woken by every answer and by a failure. */
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
    waiters.clear();
  };
  let failed!: () => void;
  const failedSoon = new Promise<void>((resolve) => (failed = resolve));

  /** Stops every thread after the first fatal failure; what they had in flight is lost with them. */
  const fail = (e: Error) => {
    failure ??= e;
    for (const s of slots) {
      clearTimeout(s.timer);
      s.jobs = [];
    }
    void Promise.all(slots.map((s) => s.worker.terminate()));
    failed();
    wake();
  };
  /** The content error of a limit met while a thread had `job` in hand. */
  const stopped = (job: Job | undefined, what: string, hint: string) => {
    const about = job?.about ? `template "${job.about.template}" ${what} on ${job.about.outFile}` : `the templates ${what} while loading`;
    return new ContentError({ file: where }, about, hint);
  };
  const slots: Slot[] = [];
  /** Starts one more rendering thread (React loads as it starts, while the main thread loads the content). */
  const addSlot = () => {
    const slot: Slot = { worker: new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }), jobs: [] };
    slot.worker.on("message", (answer: FromWorker) => {
      slot.jobs.shift()?.done(answer);
      if (slot.jobs.length) arm(slot);
      else clearTimeout(slot.timer);
      wake();
    });
    slot.worker.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "ERR_WORKER_OUT_OF_MEMORY") fail(stopped(slot.jobs[0], `ran out of memory (${memoryMb} MB)`, "a template that allocates without end stops here; look for a loop that grows a list or a string"));
      else fail(e);
    });
    slot.worker.on("exit", (code) => {
      if (!closing) fail(stopped(slot.jobs[0], `stopped its rendering thread (exit code ${code})`, "templates must not call process.exit; throw an error to fail the build"));
    });
    slots.push(slot);
  };
  while (slots.length < threads) addSlot();

  /** Starts the time limit of the thread's oldest job (again after each answer: the next job starts then). */
  const arm = (slot: Slot) => {
    clearTimeout(slot.timer);
    const limitMs = slot.jobs[0].limitMs;
    slot.timer = setTimeout(() => {
      const job = slot.jobs[0] as Job | undefined;
      fail(stopped(job, `did not finish within ${(job?.limitMs ?? limitMs) / 1000} s`, "a template that never ends (an endless loop) stops here; raise --timeout if a page really takes this long"));
    }, limitMs);
    slot.timer.unref();
  };
  /** Sends one message to a thread; its answer goes to `done`. The time limit runs from when the thread can start on it. */
  const send = (slot: Slot, msg: ToWorker, job: Job) => {
    slot.jobs.push(job);
    slot.worker.postMessage(msg);
    if (slot.jobs.length === 1) arm(slot);
  };
  /** Sends a message whose answer is of `kind` (templates loaded, files parsed); a thread's failure rejects it. */
  const ask = <K extends FromWorker["kind"]>(slot: Slot, msg: ToWorker, kind: K) =>
    new Promise<Extract<FromWorker, { kind: K }>>((resolve, reject) =>
      send(slot, msg, { limitMs: loadLimitMs, done: (a) => (a.kind === kind ? resolve(a as Extract<FromWorker, { kind: K }>) : reject(a.kind === "failed" ? decodeError(a.error) : new Error("unexpected answer"))) }),
    );
  /** The answer, unless the pool fails first (then its failure is thrown). */
  const settled = async <T>(answer: Promise<T>): Promise<T> => {
    await Promise.race([answer.catch(() => {}), failedSoon]);
    check();
    return answer;
  };
  /** Resolves once `ready()` holds or the pool failed. */
  const until = async (ready: () => boolean) => {
    while (!ready() && !failure) await new Promise<void>((resolve) => waiters.add(resolve));
  };
  const check = () => {
    if (failure) throw failure instanceof ContentError ? new ContentErrors([failure]) : failure;
  };

  return {
    get threads() {
      return slots.length;
    },
    grow(n) {
      if (failure || slots.length >= n) return;
      while (slots.length < n) addSlot();
      // The new threads have no templates yet: the next load sends them to every thread.
      loaded = undefined;
    },
    get broken() {
      return !!failure;
    },
    async load(init) {
      check();
      const key = JSON.stringify(init);
      where = shownPath(init.templatesDir, init.cwd);
      if (loaded?.key !== key) {
        const all = Promise.all(slots.map((slot) => ask(slot, { kind: "templates", init }, "templates"))).then((each) => each[0].names);
        loaded = { key, names: all };
        // A failed load is not kept: the next run loads again.
        all.catch(() => (loaded = undefined));
      }
      try {
        return await settled(loaded.names);
      } catch (e) {
        throw e instanceof ContentError ? new ContentErrors([e]) : e;
      }
    },
    async parse(files) {
      check();
      const slot = slots.reduce((a, b) => (b.jobs.length < a.jobs.length ? b : a));
      return settled(ask(slot, { kind: "parse", files }, "parsed").then((a) => a.parsed));
    },
    async render(pages, { write, onDone } = {}) {
      const out: (RenderedPage | undefined)[] = [];
      let finished = 0;
      // Template errors by page, reported in page order: the same report whichever thread met one first.
      const failed: ContentError[] = [];
      let i = 0;
      // Calls hand their pages over in the order they were made: a watch run's next batch (a home page) is not put
      // in a thread's queue before this batch's last page (a hotel's page in its other languages).
      const before = handedOver;
      let handed!: () => void;
      handedOver = new Promise((resolve) => (handed = resolve));
      try {
        await before;
        for (const page of pages) {
          await until(() => slots.some((s) => s.jobs.length < IN_FLIGHT));
          check();
          const slot = slots.reduce((a, b) => (b.jobs.length < a.jobs.length ? b : a));
          const at = i++;
          const done = summary(page);
          send(slot, { kind: "page", page, collect: !!write }, {
            about: { template: page.template, outFile: page.outFile },
            limitMs: timeoutMs,
            done: (a) => {
              finished++;
              onDone?.(finished);
              // A failed write fails the pool like a thread's bug: what was in flight is dropped, the error reported once.
              if (a.kind === "page") {
                try {
                  write?.(done.outFile, a.bytes);
                  out[at] = { page: done, links: a.links, ids: a.ids, bytes: write ? undefined : a.bytes };
                } catch (e) {
                  fail(e as Error);
                }
              }
              else if (a.kind === "failed") {
                const e = decodeError(a.error);
                if (e instanceof ContentError) failed[at] = e;
                else fail(e);
              }
            },
          });
        }
      } finally {
        handed();
      }
      // Its own pages answered: a watch run hands the threads its next batch while this one finishes.
      await until(() => finished === i);
      check();
      const errors: ContentError[] = [];
      for (const e of failed) if (e) addTemplateError(errors, e);
      if (errors.length) throw new ContentErrors(errors);
      return out as RenderedPage[];
    },
    async close() {
      closing = true;
      for (const s of slots) clearTimeout(s.timer);
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
