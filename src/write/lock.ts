// Not proper-lockfile: its lock is a folder judged stale by age, so a planted folder passes for a lock, a busy build for dead.
// One build at a time per output folder: an exclusive lock file beside it holding the writer's pid, taken over when that
// process is gone; anything but a regular file there is refused, never read.
import { lstat, open, unlink } from "node:fs/promises";
import path from "node:path";
import { specialKind } from "../content/read-file.js";
import { readPlainSync } from "../util/read-plain.js";
import { OutputError } from "./guard.js";

/** The lock file's name beside an output folder named `base`. */
export const lockName = (base: string) => `.${base}.hotelsite-lock`;

/** True when a process with this pid is running. */
export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** How long a second build waits for the first by default. */
export function defaultLockWait(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.HOTELSITE_LOCK_WAIT_MS);
  return env.HOTELSITE_LOCK_WAIT_MS !== undefined && Number.isFinite(set) && set >= 0 ? set : 30_000;
}

/** The pid a lock file names, or undefined when it is unreadable, half written or not a regular file. */
async function holder(file: string): Promise<number | undefined> {
  const text = readPlainSync(file, { maxBytes: 64 })?.bytes.toString("utf8") ?? "";
  return /^\d+\n$/.test(text) ? Number(text) : undefined;
}

/** Refuses a lock path that holds something other than a regular file: no build made it, and none can take it. */
async function refuseForeign(file: string, outDir: string): Promise<void> {
  const info = await lstat(file).catch(() => undefined);
  if (!info || info.isFile()) return;
  const what = info.isSymbolicLink() ? "a symbolic link" : specialKind(info);
  throw new OutputError(`${file} is ${what}, where hotelsite keeps the lock of ${outDir}; move it away (hotelsite creates the lock file itself), or choose another --out`);
}

/** The time lockOutput reads and waits on; tests pass their own so the deadline is theirs to reach, not the clock's. */
export interface LockClock {
  now(): number;
  pause(ms: number): Promise<void>;
}

const realClock: LockClock = { now: () => Date.now(), pause: (ms) => new Promise((r) => setTimeout(r, ms)) };

/** How long lockOutput pauses between looks at a live holder's lock. */
export const LOCK_POLL_MS = 50;

/** A held lock; release() removes it (only if it is still ours). */
export interface OutputLock {
  release(): Promise<void>;
}

/** Takes the output folder's lock, waiting up to `waitMs` for a live holder; throws OutputError when it cannot. */
export async function lockOutput(outDir: string, waitMs = defaultLockWait(), clock: LockClock = realClock): Promise<OutputLock> {
  const file = path.join(path.dirname(outDir), lockName(path.basename(outDir)));
  const mine = `${process.pid}\n`;
  const deadline = clock.now() + waitMs;
  for (let unreadable = 0, takeovers = 0; ; ) {
    try {
      const handle = await open(file, "wx");
      try {
        await handle.writeFile(mine);
      } catch (e) {
        await unlink(file).catch(() => {}); // a full disk: no half-made lock left behind
        throw e;
      } finally {
        await handle.close();
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    await refuseForeign(file, outDir);
    const pid = await holder(file);
    // A dead process's lock, or one that stays unreadable (its writer died before writing), is taken over.
    if ((pid !== undefined && !alive(pid)) || (pid === undefined && ++unreadable > 20)) {
      const removed = await unlink(file).then(() => true, () => false);
      if (removed && ++takeovers < 100) continue;
    }
    if (clock.now() >= deadline) {
      throw new OutputError(
        `another hotelsite build (pid ${pid ?? "unknown"}) is writing ${outDir}; wait for it to finish and run this build again, or choose another --out ` +
          `(if no such build runs, delete ${file})`,
      );
    }
    await clock.pause(LOCK_POLL_MS);
  }
  return {
    release: async () => {
      if ((await holder(file)) === process.pid) await unlink(file).catch(() => {});
    },
  };
}

/** Removes the lock beside `outDir` when the process it names no longer runs. */
export async function clearStaleLock(outDir: string): Promise<void> {
  const file = path.join(path.dirname(outDir), lockName(path.basename(outDir)));
  const pid = await holder(file);
  if (pid !== undefined && !alive(pid)) await unlink(file).catch(() => {});
}
