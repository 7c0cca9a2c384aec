// Reading and parsing on both cores: from PARSE_WORKER_MIN_FILES content files, the parse worker
// (parse-worker.ts) and this thread take the files from one shared counter, each reading and parsing the next
// file the cheap way (quick-read.ts) until none is left, so both finish together whatever each one's other
// work. A file either thread could not take the cheap way comes back undefined, and load reads it the careful
// way in this thread, where its problems get their places; should the worker fail, its files come back so too.
import { Worker } from "node:worker_threads";
import type { SourceFile } from "../types.js";
import { workerScript } from "../util/worker-script.js";
import type { ParseAnswer, ParseJob } from "./parse-worker.js";
import { quickParse, type QuickFile, type QuickParsed } from "./quick-read.js";
import { sourceFromData } from "./yaml.js";

/** From this many files the parse worker pays for its start (about 40 ms, while this thread starts on the files). */
export const PARSE_WORKER_MIN_FILES = 200;

/** What {@link quickLoad} did: each file's source (undefined: read it the careful way), as parsed, and how many the worker took. */
export interface QuickLoad {
  sources: (SourceFile | undefined)[];
  parsed: (QuickParsed | undefined)[];
  inWorker: number;
}

/** Reads and parses `files` the cheap way, in this thread alone below `minFiles` (default PARSE_WORKER_MIN_FILES). */
export async function quickLoad(files: QuickFile[], minFiles = PARSE_WORKER_MIN_FILES): Promise<QuickLoad> {
  const sources: (SourceFile | undefined)[] = new Array(files.length).fill(undefined);
  const parsed: (QuickParsed | undefined)[] = new Array(files.length).fill(undefined);
  const take = (i: number, p: QuickParsed | undefined) => {
    parsed[i] = p;
    if (p) sources[i] = sourceFromData(files[i].shown, p.data, p.stamp);
  };
  let mine = 0;
  /** Takes files from `next` (or all of them, in order) until none is left. */
  const takeFiles = (next?: Int32Array) => {
    for (let i = next ? Atomics.add(next, 0, 1) : 0; i < files.length; i = next ? Atomics.add(next, 0, 1) : i + 1) {
      take(i, quickParse(files[i]));
      mine++;
    }
  };
  if (files.length < minFiles) {
    takeFiles();
    return { sources, parsed, inWorker: 0 };
  }

  const next = new Int32Array(new SharedArrayBuffer(4));
  const job: ParseJob = { files, next };
  const worker = new Worker(await workerScript("content/parse-worker.ts"), { workerData: { hotelsiteParse: job } });
  let answered = 0;
  // The worker's share is what this thread did not take, known once the counter has run out.
  let theirs = Infinity;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  worker.on("message", (a: ParseAnswer) => {
    take(a.i, a.parsed);
    if (++answered >= theirs) finish();
  });
  // Should the worker fail, the files it took and did not answer stay undefined: read the careful way.
  worker.on("error", () => finish());
  worker.on("exit", () => finish());
  try {
    takeFiles(next);
    theirs = files.length - mine;
    if (answered < theirs) await done;
  } finally {
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
  return { sources, parsed, inWorker: theirs };
}
