// The streaming output sink: a build opens it before rendering, writes each page as soon as it is rendered (a
// bounded number of asynchronous writes in flight, so a fast renderer waits instead of piling pages up in
// memory), then commits: the staging folder is swapped in whole, or, on abort, removed. A large build's pages
// are finished and written by the page worker, on the other core. The old output is moved aside in one rename
// and deleted after the swap, a large one by a detached process so the command need not wait.
import { spawn } from "node:child_process";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { OutputFile } from "../render/assets.js";
import type { ScannedPage } from "../site/links.js";
import { detachStrings } from "../util/detach-strings.js";
import { cacheDir, packageRoot } from "../util/paths.js";
import { pauseFor } from "../util/test-pause.js";
import { guardOwnership, guardPlaces, OutputError, type GuardOptions } from "./guard.js";
import { lockOutput } from "./lock.js";
import { MARKER, markerText } from "./marker.js";
import { outputError, recover, stagingNames } from "./recover.js";
import { stagingWriter, type CopiedFile, type StagingWriter } from "./staging.js";
import { workerWriter, type WorkerWriter } from "./worker-writer.js";

export type { CopiedFile } from "./staging.js";

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
  /** Pages the build will write: from {@link WORKER_MIN_PAGES} up the page worker finishes and writes them. */
  pages?: number;
  /** Link files whose bytes did not change from the output being replaced (default true; false writes every file). */
  linkPrevious?: boolean;
  /** Write synchronously (true) or in flight (false); by default the page worker probes the disk (staging.ts PROBE_FILES) and a small build writes in flight. */
  syncWrites?: boolean;
}

/**
 * Writes in flight at once. libuv runs file system calls on 4 threads; on this project's virtual disk 4,346 files
 * of 20 KB took 3.3-4.4 s written one after another and 0.56 s with four asynchronous writes in flight.
 */
export const WRITES_IN_FLIGHT = 8;

/** From this many files, the replaced output is deleted by a detached process after the command's work is done. */
export const BACKGROUND_DELETE_FILES = 1000;

/**
 * From this many pages a build finishes and writes them in the page worker (page-worker.ts), beside the thread
 * that renders: below it, starting the worker (about 40 ms) costs more than the overlap saves.
 */
export const WORKER_MIN_PAGES = 400;

/** An output being written: pages go in one by one, then the whole folder is committed or thrown away. */
export interface OutputSink {
  /** The output folder's resolved path. */
  outDir: string;
  /** Writes one file into the staging folder; resolves once there is room for the next (backpressure). */
  write(file: OutputFile): Promise<void>;
  /** Copies one file (an image) into the staging folder, with the same backpressure. */
  copy(file: CopiedFile): Promise<void>;
  /**
   * Finishes React's markup of a page (render/finish.ts) and writes it, with the same backpressure; `onScanned`
   * gets the page's links and ids, at the latest when settle() returns.
   */
  page(rel: string, markup: string, onScanned: (scan: ScannedPage) => void): Promise<void>;
  /**
   * A large build's page worker can render pages too (worker-writer.ts): `renderer` tells it where the compiled
   * templates are, and `offer` hands it a page when it keeps up. Absent for a build written in this thread.
   */
  renderer?: WorkerWriter["renderer"];
  offer?: WorkerWriter["offer"];
  /** Waits for every write so far, so every page's links have arrived; throws the first failure. */
  settle(): Promise<void>;
  /** Waits for every write, then swaps the staging folder in as the output; says how many files it holds and how many were linked unchanged. */
  commit(): Promise<{ files: number; linked: number }>;
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
 * Deletes a trash folder in a detached process that outlives this one. The process first renames the folder to
 * carry its own pid, so the next build's recover() leaves it alone while it works (two deletes of one large
 * folder cost the next build a second of both cores) and finishes the job should it die.
 */
function deleteDetached(dir: string): void {
  const script = "const fs = require('fs'); let dir = process.argv[1]; const own = dir.replace(/-\\d+$/, '-' + process.pid); try { fs.renameSync(dir, own); dir = own } catch {} fs.rmSync(dir, { recursive: true, force: true })";
  const child = spawn(process.execPath, ["-e", script, dir], {
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
  let writer: StagingWriter & Partial<WorkerWriter>;
  try {
    await recover(outDir);
    await guardOwnership(outDir, opts.force);
    await rm(tmp, { recursive: true, force: true });
    await mkdir(tmp);
    // Files whose bytes the output being replaced already holds are linked from it (staging.ts).
    const previous = opts.linkPrevious === false ? undefined : await stat(outDir).then((s) => (s.isDirectory() ? outDir : undefined), () => undefined);
    const staging = { dir: tmp, concurrency: opts.concurrency ?? WRITES_IN_FLIGHT, linkFrom: opts.linkFrom ?? cacheDir(), previous };
    // The worker probes the disk while the first pages render; a small build writes in flight at once.
    writer = (opts.pages ?? 0) >= WORKER_MIN_PAGES ? await workerWriter({ ...staging, sync: opts.syncWrites }) : stagingWriter({ ...staging, sync: opts.syncWrites ?? false });
  } catch (e) {
    await rm(tmp, { recursive: true, force: true }).catch(() => {});
    await lock.release();
    throw outputError(e, outDir);
  }
  const inWorker = !!writer.close;
  let closed = false;
  /** Runs one call of the writer, a disk failure becoming the output's error. */
  const call = async (run: () => Promise<void>) => {
    if (closed) throw new Error("hotelsite: write after commit or abort");
    try {
      await run();
    } catch (e) {
      throw outputError(e, outDir);
    }
  };

  return {
    outDir,
    write: (f) => call(() => writer.write(f.path, f.contents)),
    copy: (c) => call(() => writer.copy(c)),
    // Links cut out of a page's HTML in this thread are slices of it: copied, so they do not keep the page alive.
    page: (rel, markup, onScanned) => call(() => writer.page(rel, markup, inWorker ? onScanned : (s) => onScanned(detachStrings(s)))),
    ...(writer.offer && writer.renderer
      ? {
          renderer: writer.renderer,
          offer: async (page, onDone) => {
            let taken = false;
            await call(async () => void (taken = await writer.offer!(page, onDone)));
            return taken;
          },
        }
      : {}),
    settle: () => call(() => writer.settle()),
    async commit() {
      closed = true;
      let replaced = false;
      try {
        await writer.settle();
        await writer.close?.();
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
        await writer.close?.();
        await rm(tmp, { recursive: true, force: true }).catch(() => {});
        await lock.release();
        throw e instanceof OutputError ? e : outputError(e, outDir);
      }
      await lock.release();
      if (replaced) {
        // The old output leaves under a name recover() never puts back, then goes off the critical path when large.
        await rename(old, trash);
        if (writer.files >= (opts.backgroundDeleteFiles ?? BACKGROUND_DELETE_FILES)) deleteDetached(trash);
        else await rm(trash, { recursive: true, force: true });
      }
      return { files: writer.files, linked: writer.linked };
    },
    async abort() {
      closed = true;
      await writer.settle().catch(() => {});
      await writer.close?.();
      await rm(tmp, { recursive: true, force: true }).catch(() => {});
      await lock.release();
    },
  };
}
