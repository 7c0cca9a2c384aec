// The change queue: runs never overlap, and changes arriving during a run become one next run.
import { describe, expect, it } from "vitest";
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
    const c = controlledRun();
    const q = createChangeQueue({ run: c.run, delay: 400, quiet: 20 });
    const start = c.nextStart();
    const pushed = performance.now();
    q.push("/a");
    await new Promise((r) => setTimeout(r, 5));
    q.push("/b");
    await start;
    const waited = performance.now() - pushed;
    expect(c.batches).toEqual([["/a", "/b"]]);
    // Quiet 20 ms after the last change (5 ms in), far short of the 400 ms the batch may wait at most.
    expect(waited).toBeGreaterThanOrEqual(24);
    expect(waited).toBeLessThan(300);
    c.finish();
    await q.idle();
  });

  it("a stream of changes that never goes quiet still starts by the longest wait", async () => {
    const c = controlledRun();
    const q = createChangeQueue({ run: c.run, delay: 60, quiet: 30 });
    const start = c.nextStart();
    const pushed = performance.now();
    let n = 0;
    const stream = setInterval(() => q.push(`/f${n++}`), 5);
    q.push("/first");
    await start;
    clearInterval(stream);
    const waited = performance.now() - pushed;
    expect(c.batches[0]).toContain("/first");
    expect(waited).toBeGreaterThanOrEqual(59);
    expect(waited).toBeLessThan(250);
    c.finish();
    await q.idle();
  });
});
