// The parse worker: content files parsed on the other core while the main thread reads and parses the rest (at
// 4,008 pages decoding and parsing 1,337 files was 0.74 s of the main thread's load stage). It runs the same
// parseYaml as the main thread and sends back only the data; a file it cannot parse cleanly (errors, an empty
// file) is answered with no data, and the main thread parses it again to report it with its positions.
import { parentPort, workerData } from "node:worker_threads";
import { parseYaml } from "./yaml.js";

/** A file to parse; `n` numbers it for the answer. */
export interface ParseJob {
  n: number;
  file: string;
  bytes: Uint8Array;
}

/** The parsed data of job `n`, or undefined when the main thread must parse the file itself. */
export interface ParseAnswer {
  n: number;
  data?: unknown;
}

if (parentPort && (workerData as { hotelsiteParse?: boolean } | null)?.hotelsiteParse) {
  const port = parentPort;
  port.on("message", (job: ParseJob) => {
    let data: unknown;
    try {
      data = parseYaml(job.bytes, job.file).data;
    } catch {
      data = undefined;
    }
    port.postMessage({ n: job.n, data: data ?? undefined } satisfies ParseAnswer);
  });
}
