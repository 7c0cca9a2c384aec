// Writes files into a build's staging folder, synchronously: each rendering thread writes its own pages
// (render/worker.ts) and the main thread the rest (sink.ts), so a write never waits behind another thread's
// work. On this project's VM 4,351 pages took 250 ms written synchronously against 380 ms and twice the CPU
// with 8 asynchronous writes in flight, whose libuv threads competed with rendering for the cores.
import { constants, copyFileSync, linkSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assertInside } from "./recover.js";
import { sameBytesSync } from "./same-bytes.js";

/** A file copied unchanged into the output (images). */
export interface CopiedFile {
  path: string;
  from: string;
}

/** Where a staging writer writes: what every rendering thread is told (plain data, it crosses threads). */
export interface StagingOptions {
  /** The staging folder (exists). */
  dir: string;
  /**
   * The output folder this build replaces: a file whose bytes it already holds at the same path is hard-linked
   * from it instead of written: a rebuild of an unchanged site writes no data (on this VM 4,000 pages linked in
   * 80-220 ms against 120-1,000 ms written), and an unchanged page keeps its modification time for HTTP caches
   * and deploy tools. Watch replaces files through a new name (writer.ts), so a link is never written through.
   */
  previous?: string;
}

/** Writes into one staging folder. */
export interface StagingWriter {
  /** Writes a file (or links it from the previous output); true when it was linked. */
  write(rel: string, contents: string | Uint8Array): boolean;
  /** Copies a file (or links it from the previous output, never from where it came from); true when it was linked. */
  copy(file: CopiedFile): boolean;
}

/** A writer for one staging folder; several threads may write into the same folder at once. */
export function stagingWriter(opts: StagingOptions): StagingWriter {
  const { dir } = opts;
  let previous = opts.previous;
  const scratch = { buffer: Buffer.alloc(0) };
  const made = new Set<string>([dir]);
  /** Creates a folder of the staging folder once, after its parent (another thread may make it first). */
  const folder = (d: string): void => {
    if (made.has(d)) return;
    folder(path.dirname(d));
    try {
      mkdirSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    made.add(d);
  };
  /**
   * Whether every folder from the previous output to `rel`'s file is a real folder, not a link that leads out
   * of it (a file is linked only from inside the output it replaces). One lstat per folder, kept.
   */
  const realFolders = new Map<string, boolean>([[".", true]]);
  const insidePrevious = (rel: string): boolean => {
    const d = path.dirname(rel);
    let real = realFolders.get(d);
    if (real === undefined) realFolders.set(d, (real = insidePrevious(d) && !!lstatSync(path.join(previous!, d), { throwIfNoEntry: false })?.isDirectory()));
    return real;
  };
  /** Links the previous output's file at `rel` when it holds `bytes`; a file system without links stops the linking. */
  const linked = (rel: string, target: string, bytes: Uint8Array): boolean => {
    if (!previous || !insidePrevious(rel) || !sameBytesSync(path.join(previous, rel), bytes, scratch)) return false;
    try {
      linkSync(path.join(previous, rel), target);
      return true;
    } catch (e) {
      if (!["EEXIST", "ENOENT"].includes((e as NodeJS.ErrnoException).code ?? "")) previous = undefined;
      return false;
    }
  };
  const target = (rel: string): string => {
    assertInside(rel);
    const t = path.join(dir, rel);
    folder(path.dirname(t));
    return t;
  };
  return {
    write(rel, contents) {
      const t = target(rel);
      const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
      if (linked(rel, t, bytes)) return true;
      writeFileSync(t, bytes);
      return false;
    },
    copy(c) {
      const t = target(c.path);
      // The replaced output's file when it holds the same bytes, as for pages: the bundled site's 462 image
      // files (8 MB) took its write stage from 93-194 ms to 35-60 ms. Else a clone where the file system has them
      // (Btrfs, XFS), bytes otherwise. Never a hard link to the source: an edit of the output in place would
      // change the committed variant or the cache, and every later build would publish the edited file.
      if (previous && linked(c.path, t, readFileSync(c.from))) return true;
      copyFileSync(c.from, t, constants.COPYFILE_FICLONE);
      return false;
    },
  };
}
