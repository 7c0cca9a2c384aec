// Parsing on both cores: from PARSE_WORKER_MIN_FILES content files, load sends two of every three files it has
// read to the parse worker (parse-worker.ts) and parses the third itself, so the two threads finish together
// (this thread also does the reading). A file the worker could not parse cleanly is parsed here, where its
// errors get their positions; should the worker fail, every file is parsed here.
import { Worker } from "node:worker_threads";
import type { SourceFile } from "../types.js";
import { workerScript } from "../util/worker-script.js";
import type { ParseAnswer, ParseJob } from "./parse-worker.js";
import type { FileStamp } from "./source-text.js";
import { parseYaml, sourceFromData } from "./yaml.js";

/** From this many files the parse worker pays for its start (about 40 ms, overlapping the first reads). */
export const PARSE_WORKER_MIN_FILES = 200;

/** Parses content files, in this thread or the parse worker. */
export interface ContentParser {
  parse(bytes: Uint8Array, file: string, stamp: FileStamp): Promise<SourceFile>;
  /** Stops the worker; files still being parsed there are parsed here. */
  close(): Promise<void>;
  /** How many files the worker parsed. */
  readonly inWorker: number;
}

/** A parser for `files` files: this thread alone below PARSE_WORKER_MIN_FILES, else this thread and the worker. */
export async function contentParser(files: number): Promise<ContentParser> {
  if (files < PARSE_WORKER_MIN_FILES) return { parse: async (bytes, file, stamp) => parseYaml(bytes, file, stamp), close: async () => {}, inWorker: 0 };
  const worker = new Worker(await workerScript("content/parse-worker.ts"), { workerData: { hotelsiteParse: true } });
  const waiting = new Map<number, (a: ParseAnswer) => void>();
  let failed = false;
  const giveBack = () => {
    failed = true;
    for (const [n, resolve] of waiting) resolve({ n });
    waiting.clear();
  };
  worker.on("message", (a: ParseAnswer) => {
    waiting.get(a.n)?.(a);
    waiting.delete(a.n);
  });
  worker.on("error", giveBack);
  worker.on("exit", giveBack);
  let turn = 0;
  let inWorker = 0;
  return {
    async parse(bytes, file, stamp) {
      const n = turn++;
      if (n % 3 === 0 || failed) return parseYaml(bytes, file, stamp);
      // Copied, not moved: this thread keeps the bytes for the file the worker gives back.
      const answer = await new Promise<ParseAnswer>((resolve) => {
        waiting.set(n, resolve);
        worker.postMessage({ n, file, bytes } satisfies ParseJob);
      });
      if (answer.data === undefined) return parseYaml(bytes, file, stamp);
      inWorker++;
      return sourceFromData(file, answer.data, stamp);
    },
    get inWorker() {
      return inWorker;
    },
    async close() {
      worker.removeAllListeners("exit");
      giveBack();
      await worker.terminate();
    },
  };
}
