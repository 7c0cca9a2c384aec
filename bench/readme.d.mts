// Types of readme.mjs, for the test of its words for watch saves.
interface WatchLatency {
  medianMs: number;
  firstMs?: number;
  medianDoneMs: number;
  runs: { ms: number; updated: number }[];
}
export function watchSaves(sites: { pages: number; watchLatency?: WatchLatency; watchLatencyName?: WatchLatency; watchLatencyRegion?: WatchLatency }[]): string;
