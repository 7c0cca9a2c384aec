// The parse worker: reads and parses content files on the other core while the main thread does the same
// (parse-pool.ts). Both take the next file from one shared counter, so neither waits for the other; the worker
// sends back each file's data and stamp, or nothing for a file that must be read the careful way in the main
// thread (which then reports its problems with their places).
import { parentPort, workerData } from "node:worker_threads";
import { quickParse, type QuickFile, type QuickParsed } from "./quick-read.js";

/** The worker's job: the files, and the counter both threads take the next file's index from. */
export interface ParseJob {
  files: QuickFile[];
  next: Int32Array;
}

/** File `i` parsed (its data and stamp), or not (the main thread reads it the careful way). */
export interface ParseAnswer {
  i: number;
  parsed?: QuickParsed;
}

if (parentPort && (workerData as { hotelsiteParse?: ParseJob } | null)?.hotelsiteParse) {
  const port = parentPort;
  const { files, next } = (workerData as { hotelsiteParse: ParseJob }).hotelsiteParse;
  for (let i = Atomics.add(next, 0, 1); i < files.length; i = Atomics.add(next, 0, 1)) {
    port.postMessage({ i, parsed: quickParse(files[i]) } satisfies ParseAnswer);
  }
}
