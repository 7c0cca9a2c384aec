// Writes files into a build's staging folder with a bounded number of asynchronous writes in flight (the disk
// is busy, this thread is not), creating each folder once. The sink uses it in its own thread for small sites
// and the page worker (page-worker.ts) uses it for large ones: the same writes either way.
import { constants, linkSync, lstatSync, mkdirSync, writeFileSync } from "node:fs";
import { copyFile, link, mkdir, rm, writeFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import path from "node:path";
import { finishPage } from "../render/finish.js";
import type { ScannedPage } from "../site/links.js";
import { assertInside } from "./recover.js";
import { sameBytes, sameBytesSync } from "./same-bytes.js";

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
  /** Write synchronously (true) or asynchronously (false); by default the writer times both first (see PROBE_FILES). */
  sync?: boolean;
  /**
   * The output folder this build replaces: a file whose bytes it already holds at the same path is hard-linked
   * from it instead of written (see {@link stagingWriter}).
   */
  previous?: string;
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
  /** Files linked from the previous output so far (their bytes were the same). */
  readonly linked: number;
  /** True while writes are synchronous. */
  readonly synchronous: boolean;
  /** Waits for every write; throws the first failure. */
  settle(): Promise<void>;
}

/**
 * Copies a cached file (an image variant) to `target`: a clone where the file system has them (Btrfs, XFS),
 * bytes otherwise (the bundled site's 330 variants take about 150 ms). Never a hard link: an edit of the output
 * in place would then change the cache, and every later build would publish the edited file.
 */
async function linkOrCopy(from: string, target: string): Promise<void> {
  await copyFile(from, target, constants.COPYFILE_FICLONE);
}

/**
 * Synchronous or asynchronous writes, whichever this disk does faster. Where the page cache takes writes at
 * once (this project's bench VM), synchronous calls are cheapest: 4,351 pages took 250 ms so, against 380 ms and
 * twice the CPU time with 8 asynchronous writes in flight, whose threads compete with rendering for the cores.
 * Where each file waits on the disk (another VM: 4,346 files took 3.3-4.4 s one after another, 0.56 s with four
 * in flight), writes in flight win. So unless told, the writer first writes {@link PROBE_FILES} page-sized files
 * each way into a folder of the staging folder (while the first page is still being rendered), times both, and
 * keeps the faster way for the build.
 */
export const PROBE_FILES = 24;

/** The probe folder inside the staging folder; it is removed before the first real write. */
export const PROBE_DIR = ".hotelsite-probe";

/** Times writing PROBE_FILES files of a page's size each way, each file in a folder of its own as pages are. */
export async function probeWays(dir: string, concurrency: number): Promise<{ sync: number; async: number }> {
  const root = path.join(dir, PROBE_DIR);
  const bytes = new Uint8Array(20_000).fill(97);
  mkdirSync(root);
  try {
    let start = performance.now();
    for (let i = 0; i < PROBE_FILES; i++) {
      mkdirSync(path.join(root, `s${i}`));
      writeFileSync(path.join(root, `s${i}`, "index.html"), bytes);
    }
    const sync = performance.now() - start;
    start = performance.now();
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < PROBE_FILES; i = next++) {
        await mkdir(path.join(root, `a${i}`));
        await writeFile(path.join(root, `a${i}`, "index.html"), bytes);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
    return { sync, async: performance.now() - start };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/**
 * A writer for one staging folder. A file whose bytes the replaced output already holds at the same path is
 * hard-linked from there: a rebuild of an unchanged site writes no data (on this VM 4,000 pages linked in
 * 80-220 ms against 120-1,000 ms written, the spread being the kernel flushing earlier writes), the old
 * folder's deletion frees no data, and an unchanged page keeps its modification time for HTTP caches and
 * deploy tools. Watch's in-place updates replace files through a new name (writer.ts), so a link is never
 * written through. Where links fail (a file system without them) the writer stops trying and writes.
 */
export function stagingWriter(opts: StagingOptions): StagingWriter {
  const { dir } = opts;
  const limit = Math.max(1, opts.concurrency);
  const linkable = path.resolve(opts.linkFrom) + path.sep;
  const folders = new Map<string, Promise<unknown>>();
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let files = 0;
  let linked = 0;
  let sync = opts.sync ?? false;
  let previous = opts.previous;
  const scratch = { buffer: Buffer.alloc(0) };
  /** After a failed link: a file system without links (or a full one) stops the linking; a lost race does not. */
  const linkFailed = (e: unknown): false => {
    if (!["EEXIST", "ENOENT"].includes((e as NodeJS.ErrnoException).code ?? "")) previous = undefined;
    return false;
  };
  /**
   * Whether every folder on the way from the previous output to `rel`'s file is a real folder, not a link that
   * leads out of it (a file is linked only from inside the output it replaces). One lstat per folder, kept.
   */
  const realFolders = new Map<string, boolean>([[".", true]]);
  const insidePrevious = (rel: string): boolean => {
    const folder = path.dirname(rel);
    let real = realFolders.get(folder);
    if (real === undefined) {
      real = insidePrevious(folder) && !!lstatSync(path.join(previous!, folder), { throwIfNoEntry: false })?.isDirectory();
      realFolders.set(folder, real);
    }
    return real;
  };
  /** Links the previous output's file at `rel` when it holds `bytes`; false when it does not or cannot be linked. */
  const linkedSync = (rel: string, target: string, bytes: Uint8Array): boolean => {
    const old = path.join(previous!, rel);
    if (!insidePrevious(rel) || !sameBytesSync(old, bytes, scratch)) return false;
    try {
      linkSync(old, target);
    } catch (e) {
      return linkFailed(e);
    }
    linked++;
    return true;
  };
  const bytesOf = (contents: string | Uint8Array) => (typeof contents === "string" ? Buffer.from(contents) : contents);
  // Writes wait for the probe (see PROBE_FILES) when the way is not given.
  let ready: Promise<void> | undefined =
    opts.sync === undefined
      ? probeWays(dir, limit).then(
          (t) => {
            sync = t.sync <= t.async;
            ready = undefined;
          },
          // A disk that fails the probe fails the first real write too, with the page's name in the message.
          () => void (ready = undefined),
        )
      : undefined;

  const made = new Set<string>([dir]);
  const folderSync = (d: string): void => {
    if (made.has(d)) return;
    folderSync(path.dirname(d));
    // The asynchronous way (copies) may be making it too.
    try {
      mkdirSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    made.add(d);
    folders.set(d, Promise.resolve());
  };
  /** Writes a file synchronously when that is the way; false when it is not. */
  const writeNow = (rel: string, contents: string | Uint8Array): boolean => {
    if (!sync) return false;
    assertInside(rel);
    if (failure) throw failure.error;
    const target = path.join(dir, rel);
    try {
      folderSync(path.dirname(target));
      if (!previous) writeFileSync(target, contents);
      else {
        const bytes = bytesOf(contents);
        if (!linkedSync(rel, target, bytes)) writeFileSync(target, bytes);
      }
    } catch (e) {
      failure ??= { error: e };
      throw e;
    }
    files++;
    return true;
  };

  /** Creates a folder of the staging folder once, after its parent (plain mkdir: cheaper than recursive). */
  const folder = (d: string): Promise<unknown> => {
    if (d === dir) return Promise.resolve();
    let made = folders.get(d);
    // Tolerant of EEXIST: a synchronous write may have made it meanwhile.
    if (!made) folders.set(d, (made = folder(path.dirname(d)).then(() => mkdir(d).catch((e: NodeJS.ErrnoException) => (e.code === "EEXIST" ? undefined : Promise.reject(e))))));
    return made;
  };

  /** Writes a file in flight, or links it from the previous output when that holds the same bytes. */
  const writeOrLink = async (rel: string, target: string, contents: string | Uint8Array): Promise<void> => {
    if (!previous) return writeFile(target, contents);
    const bytes = bytesOf(contents);
    const old = path.join(previous, rel);
    if (insidePrevious(rel) && (await sameBytes(old, bytes)) && (await link(old, target).then(() => true, linkFailed))) linked++;
    else await writeFile(target, bytes);
  };

  /** Starts one write after waiting for a free slot; a failure is kept and thrown by the next call. */
  const start = async (rel: string, run: (target: string) => Promise<void>): Promise<void> => {
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
      if (ready) await ready;
      if (!writeNow(rel, contents)) await start(rel, (target) => writeOrLink(rel, target, contents));
    },
    copy: async (c) => {
      if (ready) await ready;
      await start(c.path, (target) => (path.resolve(c.from).startsWith(linkable) ? linkOrCopy(c.from, target) : copyFile(c.from, target)));
    },
    async page(rel, markup, onScanned) {
      const { html, links, ids } = finishPage(markup);
      onScanned({ links, ids });
      if (ready) await ready;
      if (!writeNow(rel, html)) await start(rel, (target) => writeOrLink(rel, target, html));
    },
    get files() {
      return files;
    },
    get linked() {
      return linked;
    },
    get synchronous() {
      return sync;
    },
    async settle() {
      if (ready) await ready;
      while (running.size) await Promise.all(running);
      if (failure) throw failure.error;
    },
  };
}
