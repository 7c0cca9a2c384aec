// limiter runs every task given to it, never more than n at once, and hands back each task's result or error.
import { describe, expect, it } from "vitest";
import { limiter } from "../../src/util/limiter.js";

describe("limiter", () => {
  it("runs at most n tasks at once, all of them, each with its own result", async () => {
    const gate = limiter(3);
    let running = 0;
    let most = 0;
    const task = (i: number) => async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 1 + (i % 4)));
      running--;
      return i * 2;
    };
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => gate(task(i))));
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    expect(most).toBe(3);
  });

  it("passes a task's failure on and frees its place for the next", async () => {
    const gate = limiter(1);
    const failed = gate(async () => {
      throw new Error("no");
    });
    const next = gate(async () => "yes");
    await expect(failed).rejects.toThrow("no");
    await expect(next).resolves.toBe("yes");
  });
});
