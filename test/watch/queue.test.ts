// The change queue: runs never overlap, and changes arriving during a run become one next run.
import { describe, expect, it, vi } from "vitest";
import { createChangeQueue } from "../../src/watch/queue.js";

/** A run function the test finishes by hand, recording each batch and the most runs at once. */
function controlledRun() {
  const batches: string[][] = [];
  const finishers: (() => void)[] = [];
  let active = 0;
  let maxActive = 0;
  let started: (() => void) | undefined;
  const run = (paths: string[]) => {
    batches.push(paths);
    active++;
    maxActive = Math.max(maxActive, active);
    started?.();
    return new Promise<void>((resolve) => finishers.push(() => (active--, resolve())));
  };
  return {
    run,
    batches,
    get maxActive() {
      return maxActive;
    },
    nextStart: () => new Promise<void>((r) => (started = r)),
    finish: () => finishers.shift()!(),
  };
}

describe("createChangeQueue", () => {
  it("gathers a burst into one run, and saves during a run into exactly one next run", async () => {
    const c = controlledRun();
    const q = createChangeQueue({ run: c.run, delay: 0 });
    let start = c.nextStart();
    q.push("/a");
    q.push("/b");
    q.push("/a");
    await start;
    expect(c.batches).toEqual([["/a", "/b"]]);

    start = c.nextStart();
    q.push("/c");
    q.push("/d");
    q.push("/c");
    c.finish();
    await start;
    expect(c.batches).toEqual([["/a", "/b"], ["/c", "/d"]]);
    c.finish();
    await q.idle();
    expect(c.batches).toHaveLength(2);
    expect(c.maxActive).toBe(1);
  });

  it("keeps running after a run rejects, and reports the rejection", async () => {
    const errors: unknown[] = [];
    const seen: string[][] = [];
    const q = createChangeQueue({
      delay: 0,
      onError: (e) => errors.push(e),
      run: async (paths) => {
        seen.push(paths);
        if (paths.includes("/bad")) throw new Error("boom");
      },
    });
    q.push("/bad");
    await q.idle();
    q.push("/good");
    await q.idle();
    expect(seen).toEqual([["/bad"], ["/good"]]);
    expect(errors.map((e) => (e as Error).message)).toEqual(["boom"]);
  });

  it("close waits for the running run and drops what was waiting", async () => {
    const c = controlledRun();
    const q = createChangeQueue({ run: c.run, delay: 0 });
    const start = c.nextStart();
    q.push("/a");
    await start;
    q.push("/b");
    const closed = q.close();
    c.finish();
    await closed;
    q.push("/c");
    await q.idle();
    expect(c.batches).toEqual([["/a"]]);
  });

  it("starts a batch once its burst went quiet, before the longest wait is up", async () => {
    // On a fake clock (performance.now and timers): the quiet and the longest wait are the queue's own figures,
    // not what a busy machine makes of them.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    try {
      const c = controlledRun();
      const q = createChangeQueue({ run: c.run, delay: 400, quiet: 20 });
      q.push("/a");
      await vi.advanceTimersByTimeAsync(5);
      q.push("/b");
      await vi.advanceTimersByTimeAsync(19);
      expect(c.batches).toEqual([]);
      // Quiet 20 ms after the last change (5 ms in): 25 ms, far short of the 400 ms the batch may wait at most.
      await vi.advanceTimersByTimeAsync(1);
      expect(c.batches).toEqual([["/a", "/b"]]);
      c.finish();
      await q.idle();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a stream of changes that never goes quiet still starts by the longest wait", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    try {
      const c = controlledRun();
      const q = createChangeQueue({ run: c.run, delay: 60, quiet: 30 });
      let n = 0;
      const stream = setInterval(() => q.push(`/f${n++}`), 5);
      q.push("/first");
      await vi.advanceTimersByTimeAsync(59);
      expect(c.batches).toEqual([]);
      // By the longest wait (60 ms), give or take the stream's own 5 ms ticks.
      await vi.advanceTimersByTimeAsync(10);
      clearInterval(stream);
      expect(c.batches[0]).toContain("/first");
      c.finish();
      // What the stream pushed during the run is one next run.
      await vi.advanceTimersByTimeAsync(100);
      expect(c.batches.length).toBeLessThanOrEqual(2);
      if (c.batches.length === 2) c.finish();
      await q.idle();
    } finally {
      vi.useRealTimers();
    }
  });
});
