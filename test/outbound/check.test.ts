// The bounded pool of `hotelsite links`: never more probes in flight than asked, the pool refilled as each ends,
// results in the order given whatever order the answers come in, and a progress call per URL. The probe is
// replaced by one that answers when the test says (test/outbound/links.test.ts runs the real one).
import { describe, expect, it, vi } from "vitest";
import type { ProbeResult } from "../../src/outbound/probe.js";

const pending = new Map<string, (r: ProbeResult) => void>();
vi.mock("../../src/outbound/probe.js", () => ({
  probe: (url: string) => new Promise<ProbeResult>((resolve) => pending.set(url, resolve)),
}));
const { checkOutbound } = await import("../../src/outbound/check.js");

/** Lets every promise callback that is ready run (no clock: the event loop's check phase comes after them). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("checkOutbound", () => {
  it("keeps at most `concurrency` probes in flight, returns results in the order given and reports progress", async () => {
    const urls = ["a", "b", "c", "d", "e", "f", "g"].map((p) => `https://${p}.example/`);
    const progress: number[] = [];
    const run = checkOutbound(new Map(urls.map((u) => [u, [`/from-${u.slice(8, 9)}/`]])), { concurrency: 3, timeoutMs: 1000, maxRedirects: 3, onProgress: (done, total) => progress.push(done / total) });
    const answered = new Set<string>();
    while (answered.size < urls.length) {
      await settle();
      const inFlight = [...pending.keys()].filter((u) => !answered.has(u));
      expect(inFlight.length).toBe(Math.min(3, urls.length - answered.size));
      // The latest started answers first, so answers come back out of order.
      const last = inFlight.at(-1)!;
      answered.add(last);
      pending.get(last)!({ url: last, ok: last !== urls[3], chain: [], final: last });
    }
    const reports = await run;
    expect(reports.map((r) => r.url)).toEqual(urls);
    expect(reports.map((r) => r.pages)).toEqual(urls.map((u) => [`/from-${u.slice(8, 9)}/`]));
    expect(reports.map((r) => r.ok)).toEqual(urls.map((u) => u !== urls[3]));
    expect(progress).toEqual(urls.map((_, i) => (i + 1) / urls.length));
  });
});
