// lockOutput: one writer per output folder; a dead writer's lock is taken over, a live one's is waited for and
// then refused with a plain message.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OutputError } from "../../src/write/guard.js";
import { LOCK_POLL_MS, lockName, lockOutput, type LockClock } from "../../src/write/lock.js";

let dir: string;
let out: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-lock-"));
  out = path.join(dir, "dist");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const DEAD = 2 ** 22 + 4321; // above Linux's default pid_max: no such process

/** A clock that moves only when lockOutput pauses on it, by exactly the pause asked for. */
function fakeClock(): LockClock & { pauses: number[] } {
  let now = 1_000_000;
  const pauses: number[] = [];
  return { pauses, now: () => now, pause: async (ms) => void (pauses.push(ms), (now += ms)) };
}

describe("lockOutput", () => {
  it("writes this process's pid beside the output and removes the file on release", async () => {
    const lock = await lockOutput(out, 0);
    expect(await readFile(path.join(dir, lockName("dist")), "utf8")).toBe(`${process.pid}\n`);
    await lock.release();
    expect(await readdir(dir)).toEqual([]);
  });

  it("takes over the lock of a process that no longer runs", async () => {
    await writeFile(path.join(dir, lockName("dist")), `${DEAD}\n`);
    const lock = await lockOutput(out, 0);
    expect(await readFile(path.join(dir, lockName("dist")), "utf8")).toBe(`${process.pid}\n`);
    await lock.release();
  });

  it("refuses after waiting while a live process holds it, and leaves that lock alone", async () => {
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      await writeFile(path.join(dir, lockName("dist")), `${holder.pid}\n`);
      const clock = fakeClock();
      const error = await lockOutput(out, 300, clock).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutputError);
      expect((error as Error).message).toBe(
        `another hotelsite build (pid ${holder.pid}) is writing ${out}; wait for it to finish and run this build again, or choose another --out ` +
          `(if no such build runs, delete ${path.join(dir, lockName("dist"))})`,
      );
      // It looked again every LOCK_POLL_MS until its clock reached the deadline, and not once after.
      expect(clock.pauses).toEqual(Array(300 / LOCK_POLL_MS).fill(LOCK_POLL_MS));
      expect(await readFile(path.join(dir, lockName("dist")), "utf8")).toBe(`${holder.pid}\n`);
    } finally {
      holder.kill();
    }
  });

  it("does not remove a lock another process has taken since", async () => {
    const lock = await lockOutput(out, 0);
    await writeFile(path.join(dir, lockName("dist")), `${DEAD}\n`);
    await lock.release();
    expect(await readFile(path.join(dir, lockName("dist")), "utf8")).toBe(`${DEAD}\n`);
  });
});
