// formatTimings: the line `build --verbose` prints, each stage's time and the rest of the run.
import { describe, expect, it } from "vitest";
import { formatTimings } from "../src/summary.js";
import { runCli, fixtureCopy } from "./support/fixture.js";

describe("formatTimings", () => {
  it("names every stage with its rounded time, then what the stages leave of the total", () => {
    expect(formatTimings({ load: 10.4, validate: 2.6, render: 30 }, 50)).toBe("Stages: load 10 ms, validate 3 ms, render 30 ms, other 7 ms");
  });

  it("is printed by build --verbose, stage by stage in pipeline order, with the rendering threads", async () => {
    const fx = await fixtureCopy();
    try {
      const r = await runCli(["build", "--verbose"], fx.dir);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^Stages: load \d+ ms, validate \d+ ms, resolve \d+ ms, render \d+ ms, images \d+ ms, write \d+ ms, other \d+ ms; 1 rendering thread\n/);
    } finally {
      await fx.cleanup();
    }
  });
});
