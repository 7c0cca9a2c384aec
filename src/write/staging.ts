// Writes files into a build's staging folder with a bounded number of asynchronous writes in flight (the disk
// is busy, this thread is not), creating each folder once. The sink uses it in its own thread for small sites
// and the page worker (page-worker.ts) uses it for large ones: the same writes either way.
import { mkdirSync, writeFileSync } from "node:fs";
import { copyFile, link, mkdir, writeFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import path from "node:path";
import { finishPage } from "../render/finish.js";
import type { ScannedPage } from "../site/links.js";
import { assertInside } from "./recover.js";

/** A file copied unchanged into the output (images). */
export interface CopiedFile {
  path: string;
  from: string;
}

/** Options for {@link stagingWriter}. */
export interface StagingOptions {
  /** The staging folder (exists, empty). */
  dir: string;
  /** Writes in flight at once. */
  concurrency: number;
  /** A folder of immutable files (the cache's image variants): copies from it are hard links. */
  linkFrom: string;
  /** Start with synchronous writes (default true; see SLOW_WRITE_MS). */
  sync?: boolean;
  /** The mean time a file above which writes turn asynchronous (default {@link SLOW_WRITE_MS}). */
  slowWriteMs?: number;
}

/** Writes into one staging folder; every method resolves once there is room for the next write. */
export interface StagingWriter {
  write(rel: string, contents: string | Uint8Array): Promise<void>;
  copy(file: CopiedFile): Promise<void>;
  /**
   * Finishes a page's markup (HTML spelling, links and ids: render/finish.ts) and writes it; `onScanned` gets the
   * page's links and ids (at once here, when the worker answers in worker-writer.ts).
   */
  page(rel: string, markup: string, onScanned: (scan: ScannedPage) => void): Promise<void>;
  /** Files started so far. */
  readonly files: number;
  /** True while writes are synchronous (until the disk proves slow). */
  readonly synchronous: boolean;
  /** Waits for every write; throws the first failure. */
  settle(): Promise<void>;
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

/**
 * Writes are synchronous while the disk answers fast (on this project's bench VM 4,351 pages took 250 ms so,
 * against 380 ms and twice the CPU time with 8 asynchronous writes in flight, whose threads compete with
 * rendering for the cores). A disk slower than this many milliseconds a file on average over a round of
 * {@link SYNC_ROUND} files gets asynchronous writes in flight instead: on another VM, 4,346 files took 3.3-4.4 s
 * written one after another and 0.56 s with four in flight.
 */
export const SLOW_WRITE_MS = 0.5;
/** Files per measured round of synchronous writes. */
export const SYNC_ROUND = 64;

/** A writer for one staging folder. */
export function stagingWriter(opts: StagingOptions): StagingWriter {
  const { dir } = opts;
  const limit = Math.max(1, opts.concurrency);
  const linkable = path.resolve(opts.linkFrom) + path.sep;
  const folders = new Map<string, Promise<unknown>>();
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let files = 0;
  // Synchronous writes until a round of them is slow (see SLOW_WRITE_MS).
  let sync = opts.sync ?? true;
  let round = { files: 0, ms: 0 };
  const made = new Set<string>([dir]);
  const folderSync = (d: string): void => {
    if (made.has(d)) return;
    folderSync(path.dirname(d));
    // The asynchronous path may have made it already.
    if (!folders.has(d)) mkdirSync(d);
    made.add(d);
    folders.set(d, Promise.resolve());
  };
  const writeNow = (rel: string, contents: string | Uint8Array): boolean => {
    if (!sync) return false;
    assertInside(rel);
    if (failure) throw failure.error;
    const target = path.join(dir, rel);
    const start = performance.now();
    try {
      folderSync(path.dirname(target));
      writeFileSync(target, contents);
    } catch (e) {
      failure ??= { error: e };
      throw e;
    }
    files++;
    round.files++;
    round.ms += performance.now() - start;
    if (round.files === SYNC_ROUND) {
      sync = round.ms / round.files < (opts.slowWriteMs ?? SLOW_WRITE_MS);
      round = { files: 0, ms: 0 };
    }
    return true;
  };

  /** Creates a folder of the staging folder once, after its parent (plain mkdir: cheaper than recursive). */
  const folder = (d: string): Promise<unknown> => {
    if (d === dir) return Promise.resolve();
    let made = folders.get(d);
    if (!made) folders.set(d, (made = folder(path.dirname(d)).then(() => mkdir(d))));
    return made;
  };

  /** Starts one write after waiting for a free slot; a failure is kept and thrown by the next call. */
  const start = async (rel: string, run: (target: string) => Promise<void>) => {
    assertInside(rel);
    while (running.size >= limit && !failure) await Promise.race(running);
    if (failure) throw failure.error;
    files++;
    const target = path.join(dir, rel);
    const task: Promise<void> = folder(path.dirname(target))
      .then(() => run(target))
      .catch((e) => {
        failure ??= { error: e };
      })
      .finally(() => running.delete(task));
    running.add(task);
  };

  return {
    write: async (rel, contents) => {
      if (!writeNow(rel, contents)) await start(rel, (target) => writeFile(target, contents));
    },
    copy: (c) => start(c.path, (target) => (path.resolve(c.from).startsWith(linkable) ? linkOrCopy(c.from, target) : copyFile(c.from, target))),
    async page(rel, markup, onScanned) {
      const { html, links, ids } = finishPage(markup);
      onScanned({ links, ids });
      if (!writeNow(rel, html)) await start(rel, (target) => writeFile(target, html));
    },
    get files() {
      return files;
    },
    get synchronous() {
      return sync;
    },
    async settle() {
      while (running.size) await Promise.all(running);
      if (failure) throw failure.error;
    },
  };
}
