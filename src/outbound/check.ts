// Checks every outbound URL of a site with a bounded number of requests in flight, and reports each URL's fate
// with the pages that link to it.
import pLimit from "p-limit";
import { probe, type ProbeOptions, type ProbeResult } from "./probe.js";

/** Options of {@link checkOutbound}. */
export interface CheckOptions extends ProbeOptions {
  /** URLs in flight at once. */
  concurrency: number;
  /** Called after each URL is done (the CLI's progress line). */
  onProgress?: (done: number, total: number) => void;
}

/** One checked URL and the pages (URL paths) that link to it. */
export interface LinkReport extends ProbeResult {
  pages: string[];
}

/** Probes every URL of `links` (URL -> pages), at most `concurrency` at a time; results in the order given. */
export async function checkOutbound(links: Map<string, string[]>, o: CheckOptions): Promise<LinkReport[]> {
  const total = links.size;
  let done = 0;
  return pLimit(Math.max(1, o.concurrency)).map(links, async ([url, pages]) => {
    const report = { ...(await probe(url, o)), pages };
    o.onProgress?.(++done, total);
    return report;
  });
}
