// The benchmark's words for watch saves: the median of the saves, and the first save after watch starts apart.
import { describe, expect, it } from "vitest";
import { watchSaves } from "../../bench/readme.mjs";

const latency = (medianMs: number, firstMs?: number) => ({ medianMs, firstMs, medianDoneMs: medianMs, runs: [{ ms: firstMs ?? medianMs, updated: 1 }, { ms: medianMs, updated: 1 }] });

describe("watchSaves", () => {
  it("names each site's median save and its first save after watch starts", () => {
    const line = watchSaves([
      { pages: 102, watchLatency: latency(20, 36) },
      { pages: 4008, watchLatency: latency(139.8, 172) },
    ]);
    expect(line).toBe(
      "Watch, one save to disk (bench/watch-latency.mjs, median of 2 saves): 102 pages: a hotel's description 20.0 ms (the first save after watch starts 36.0 ms); " +
        "4,008 pages: a hotel's description 139.8 ms (the first save after watch starts 172.0 ms).",
    );
  });

  it("leaves the first save out of a result that has none", () => {
    expect(watchSaves([{ pages: 102, watchLatency: latency(20) }])).toBe("Watch, one save to disk (bench/watch-latency.mjs, median of 2 saves): 102 pages: a hotel's description 20.0 ms.");
  });
});
