// collectYoung: the young generation is emptied of garbage now, without --expose-gc on the command line.
import { getHeapSpaceStatistics } from "node:v8";
import { describe, expect, it } from "vitest";
import { collectYoung } from "../../src/watch/young-gc.js";

/** Bytes used in V8's young generation (its "new_space"). */
const young = () => getHeapSpaceStatistics().find((s) => s.space_name === "new_space")!.space_used_size;

describe("collectYoung", () => {
  it("empties the young generation of objects nothing holds", () => {
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe("undefined");
    collectYoung();
    let sum = 0;
    for (let i = 0; i < 20_000; i++) sum += [i, { i }].length;
    expect(sum).toBe(40_000);
    const before = young();
    expect(before).toBeGreaterThan(500_000);
    expect(collectYoung()).toBe(true);
    expect(young()).toBeLessThan(before / 4);
  });
});
