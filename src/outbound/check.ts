// Checks every outbound URL of a site with bounded requests in flight; a host whose name does not resolve is asked
// once, its other URLs reported without waiting for the same answer.
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
  /** Not asked: its host's name did not resolve for another URL. */
  notAsked?: boolean;
}

/** The failure probe.ts reports when a host's name does not resolve (ENOTFOUND, EAI_AGAIN). */
export const UNRESOLVED = "the host name does not resolve";

/** A URL's host, or "" when it is not a valid URL. */
export const hostOf = (url: string) => URL.parse(url)?.host ?? "";

/** Probes every URL of `links` (URL -> pages), at most `concurrency` at a time; results in the order given. */
export async function checkOutbound(links: Map<string, string[]>, o: CheckOptions): Promise<LinkReport[]> {
  const total = links.size;
  let done = 0;
  const unresolved = new Set<string>();
  return pLimit(Math.max(1, o.concurrency)).map(links, async ([url, pages]) => {
    const host = hostOf(url);
    const report: LinkReport = unresolved.has(host) ? { url, ok: false, error: UNRESOLVED, notAsked: true, chain: [], final: url, pages } : { ...(await probe(url, o)), pages };
    if (report.error === UNRESOLVED) unresolved.add(hostOf(report.final));
    o.onProgress?.(++done, total);
    return report;
  });
}
