// The streaming output sink: a build opens it before rendering, writes each page as soon as it is rendered (a
// bounded number of asynchronous writes in flight, so a fast renderer waits instead of piling pages up in
// memory), then commits: the staging folder is swapped in whole, or, on abort, removed. The old output is moved
// aside in one rename and deleted after the swap, a large one by a detached process so the command need not wait.
import { spawn } from "node:child_process";
import { copyFile, link, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { OutputFile } from "../render/assets.js";
import { cacheDir, packageRoot } from "../util/paths.js";
import { pauseFor } from "../util/test-pause.js";
import { guardOwnership, guardPlaces, OutputError, type GuardOptions } from "./guard.js";
import { lockOutput } from "./lock.js";
import { MARKER, markerText } from "./marker.js";
import { assertInside, outputError, recover, stagingNames } from "./recover.js";

/** A file copied unchanged from the content folder (images). */
export interface CopiedFile {
  path: string;
  from: string;
}

/** Options for {@link openOutput}. */
export interface OpenOptions extends GuardOptions {
  /** Writes in flight at once (default {@link WRITES_IN_FLIGHT}). */
  concurrency?: number;
  /** How long to wait for another build writing the same folder (default: HOTELSITE_LOCK_WAIT_MS or 30 s). */
  lockWaitMs?: number;
  /**
   * A folder of immutable files (default: hotelsite's cache, whose image variants are named by content hash):
   * copies from it are hard links, not copies. Files from anywhere else (the content folder) are copied.
   */
  linkFrom?: string;
  /** Old outputs with at least this many files are deleted by a detached process (default {@link BACKGROUND_DELETE_FILES}). */
  backgroundDeleteFiles?: number;
}

/**
 * Writes in flight at once. libuv runs file system calls on 4 threads; on this project's virtual disk 4,346 files
 * of 20 KB took 3.3-4.4 s written one after another and 0.56 s with four asynchronous writes in flight.
 */
export const WRITES_IN_FLIGHT = 8;

/** From this many files, the replaced output is deleted by a detached process after the command's work is done. */
export const BACKGROUND_DELETE_FILES = 1000;

/** An output being written: pages go in one by one, then the whole folder is committed or thrown away. */
export interface OutputSink {
  /** The output folder's resolved path. */
  outDir: string;
  /** Writes one file into the staging folder; resolves once there is room for the next (backpressure). */
  write(file: OutputFile): Promise<void>;
  /** Copies one file (an image) into the staging folder, with the same backpressure. */
  copy(file: CopiedFile): Promise<void>;
  /** Waits for every write, then swaps the staging folder in as the output. */
  commit(): Promise<{ files: number }>;
  /** Throws the staging folder away; the previous output stays as it was. */
  abort(): Promise<void>;
}

/** hotelsite's version, for the marker. */
function version(): string {
  try {
    return (createRequire(import.meta.url)(path.join(packageRoot(), "package.json")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/**
 * Hard-links `from` to `target` (no bytes written: the bundled site's 338 image variants took about 150 ms to copy
 * and 20 ms to link on this machine), falling back to a copy across file systems or where links are not allowed.
 */
async function linkOrCopy(from: string, target: string): Promise<void> {
  try {
    await link(from, target);
  } catch {
    await copyFile(from, target);
  }
}

/** Deletes a folder in a detached process that outlives this one (recover() finishes the job if it dies). */
function deleteDetached(dir: string): void {
  const child = spawn(process.execPath, ["-e", "require('fs').rmSync(process.argv[1], { recursive: true, force: true })", dir], {
    detached: true,
    stdio: "ignore",
  });
  child.on("error", () => {});
  child.unref();
}

/** Opens the output folder for a build: guards, the lock, leftovers of killed builds, an empty staging folder. */
export async function openOutput(opts: OpenOptions): Promise<OutputSink> {
  const outDir = path.resolve(opts.outDir);
  await guardPlaces(opts);
  const { tmp, old, trash } = stagingNames(outDir);
  try {
    await mkdir(path.dirname(outDir), { recursive: true });
  } catch (e) {
    throw outputError(e, outDir);
  }
  const lock = await lockOutput(outDir, opts.lockWaitMs).catch((e) => Promise.reject(outputError(e, outDir)));
  try {
    await recover(outDir);
    await guardOwnership(outDir, opts.force);
    await rm(tmp, { recursive: true, force: true });
    await mkdir(tmp);
  } catch (e) {
    await lock.release();
    throw outputError(e, outDir);
  }

  const limit = Math.max(1, opts.concurrency ?? WRITES_IN_FLIGHT);
  const linkable = path.resolve(opts.linkFrom ?? cacheDir()) + path.sep;
  const folders = new Map<string, Promise<unknown>>();
  const running = new Set<Promise<void>>();
  let failure: unknown;
  let files = 0;
  let closed = false;

  /** Creates a folder of the staging folder once, after its parent (plain mkdir: cheaper than recursive). */
  const folder = (dir: string): Promise<unknown> => {
    if (dir === tmp) return Promise.resolve();
    let made = folders.get(dir);
    if (!made) folders.set(dir, (made = folder(path.dirname(dir)).then(() => mkdir(dir))));
    return made;
  };
  const folderFor = (rel: string) => folder(path.dirname(path.join(tmp, rel)));

  /** Starts one write, after waiting for a free slot. */
  const start = async (rel: string, run: (target: string) => Promise<void>) => {
    if (closed) throw new Error("hotelsite: write after commit or abort");
    assertInside(rel);
    while (running.size >= limit && failure === undefined) await Promise.race(running);
    if (failure !== undefined) throw outputError(failure, outDir);
    files++;
    const task: Promise<void> = folderFor(rel)
      .then(() => run(path.join(tmp, rel)))
      .catch((e) => {
        failure ??= e;
      })
      .finally(() => running.delete(task));
    running.add(task);
  };

  const settle = async () => {
    while (running.size) await Promise.all(running);
  };

  return {
    outDir,
    write: (f) => start(f.path, (target) => writeFile(target, f.contents)),
    copy: (c) => start(c.path, (target) => (path.resolve(c.from).startsWith(linkable) ? linkOrCopy(c.from, target) : copyFile(c.from, target))),
    async commit() {
      closed = true;
      let replaced = false;
      try {
        await settle();
        if (failure !== undefined) throw failure;
        await writeFile(path.join(tmp, MARKER), markerText(version()));
        await pauseFor("write:tmp");
        await guardOwnership(outDir, opts.force);
        replaced = await rename(outDir, old).then(
          () => true,
          (e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? false : Promise.reject(e)),
        );
        await pauseFor("write:swap");
        await rename(tmp, outDir);
      } catch (e) {
        await rm(tmp, { recursive: true, force: true }).catch(() => {});
        await lock.release();
        throw e instanceof OutputError ? e : outputError(e, outDir);
      }
      await lock.release();
      if (replaced) {
        // The old output leaves under a name recover() never puts back, then goes off the critical path when large.
        await rename(old, trash);
        if (files >= (opts.backgroundDeleteFiles ?? BACKGROUND_DELETE_FILES)) deleteDetached(trash);
        else await rm(trash, { recursive: true, force: true });
      }
      return { files };
    },
    async abort() {
      closed = true;
      await settle();
      await rm(tmp, { recursive: true, force: true }).catch(() => {});
      await lock.release();
    },
  };
}
