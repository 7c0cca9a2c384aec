// Checks every outbound URL of a site with a bounded number of requests in flight, and reports each URL's fate
// with the pages that link to it.
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
  const urls = [...links.keys()];
  const results: LinkReport[] = new Array(urls.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      results[i] = { ...(await probe(urls[i], o)), pages: links.get(urls[i])! };
      o.onProgress?.(++done, urls.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency, urls.length)) }, worker));
  return results;
}
