// The page worker: a build's second thread, which finishes and writes the pages the main thread renders. It
// takes React's markup of each page, writes it in HTML's usual spelling into the staging folder (staging.ts:
// bounded asynchronous writes) and sends back the page's links and ids for the dead-link check; other files and
// image copies it just writes. Compaction, scanning and the file system calls were a third of a 4,008-page
// build's main-thread time; here they overlap rendering. Messages are handled one at a time, in order.
import { parentPort, workerData } from "node:worker_threads";
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
  | { n: number; kind: "file"; rel: string; contents: string | Uint8Array }
  | { n: number; kind: "copy"; file: CopiedFile }
  | { n: number; kind: "settle" };

/** The worker's answer to job `n`: done (with a page's links and ids), or the error that stopped it. */
export interface PageAnswer {
  n: number;
  /** Files linked from the previous output so far (in the answer to a settle). */
  linked?: number;
  links?: string[];
  ids?: string[];
  error?: { message: string; code?: string; stack?: string };
}

/** The error as data that crosses threads (its code names disk trouble such as ENOSPC). */
function errorData(e: unknown): PageAnswer["error"] {
  const err = e as NodeJS.ErrnoException;
  return { message: err?.message ?? String(e), code: err?.code, stack: err?.stack };
}

if (parentPort && (workerData as { hotelsitePages?: PageWorkerInit } | null)?.hotelsitePages) {
  const port = parentPort;
  const { staging, done } = (workerData as { hotelsitePages: PageWorkerInit }).hotelsitePages;
  const writer = stagingWriter(staging);
  const queue: PageJob[] = [];
  let busy = false;
  // One job at a time: each waits for room among the writes in flight, which bounds what the worker holds.
  const drain = async () => {
    if (busy) return;
    busy = true;
    for (let job = queue.shift(); job; job = queue.shift()) {
      try {
        if (job.kind === "page") {
          const { n } = job;
          await writer.page(job.rel, job.markup, (scan) => port.postMessage({ n, ...scan } satisfies PageAnswer));
        }
        else {
          if (job.kind === "file") await writer.write(job.rel, job.contents);
          else if (job.kind === "copy") await writer.copy(job.file);
          else await writer.settle();
          port.postMessage({ n: job.n, ...(job.kind === "settle" ? { linked: writer.linked } : {}) } satisfies PageAnswer);
        }
      } catch (e) {
        port.postMessage({ n: job.n, error: errorData(e) } satisfies PageAnswer);
      }
      Atomics.add(done, 0, 1);
    }
    busy = false;
  };
  port.on("message", (job: PageJob) => {
    queue.push(job);
    void drain();
  });
}
