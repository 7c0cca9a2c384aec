// Writes files into a build's staging folder synchronously, from the main thread alone (asynchronous writes competed
// with rendering for the cores, and two threads writing into one folder at once were slower than one); the staging
// folder may be the output before last, whose unchanged files are kept.
import { constants, copyFileSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync, type Stats } from "node:fs";
import path from "node:path";
import { assertInside } from "./recover.js";
import { sameBytesSync } from "./same-bytes.js";

/** A file copied unchanged into the output (images). */
export interface CopiedFile {
  path: string;
  from: string;
}

/** Where a staging writer writes. */
export interface StagingOptions {
  dir: string;
  /** The output this build replaces: a file it holds with the same bytes is hard-linked, so an unchanged page keeps its time. */
  previous?: string;
}

/** Writes into one staging folder. */
export interface StagingWriter {
  /** Writes a file (or keeps or links the previous output's); true when it is the previous output's file. */
  write(rel: string, contents: string | Uint8Array): boolean;
  /** Copies a file (or keeps or links the previous output's, never where it came from); true when it is the previous output's. */
  copy(file: CopiedFile): boolean;
}

/** A writer for one staging folder. */
export function stagingWriter(opts: StagingOptions): StagingWriter {
  const { dir } = opts;
  let previous = opts.previous;
  const scratch = { buffer: Buffer.alloc(0) };
  /** Whether files are cloned (copy on write) until a clone fails: else read and written, which took half copyFileSync's time on ext4. */
  let clones = true;
  const made = new Set<string>([dir]);
  /** What this writer wrote: one of these where a folder must go is a conflict, not a leftover. */
  const wrote = new Set<string>();
  /** Makes a folder once, after its parent; one that exists is used, a file or a link there is a leftover, removed. */
  const folder = (d: string): void => {
    if (made.has(d)) return;
    folder(path.dirname(d));
    try {
      mkdirSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      if (!lstatSync(d).isDirectory()) {
        if (wrote.has(d)) throw e;
        unlinkSync(d);
        mkdirSync(d);
      }
    }
    made.add(d);
  };
  /** Whether every folder from the previous output to `rel`'s file is a real folder, not a link leading out of it. */
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
  /** Whether the file at `rel` is the previous output's own inode with `bytes`: it stays (another one is written again). */
  const kept = (rel: string, t: string, here: Stats, bytes: Uint8Array): boolean => {
    if (!previous || !here.isFile() || here.size !== bytes.byteLength || !insidePrevious(rel)) return false;
    const before = lstatSync(path.join(previous, rel), { throwIfNoEntry: false });
    return !!before && before.ino === here.ino && before.dev === here.dev && sameBytesSync(t, bytes, scratch);
  };
  /** The staging folder's file at `rel`, made ready: true when it is kept as it is, else nothing stands there. */
  const place = (rel: string, bytes: Uint8Array | undefined): { t: string; done: boolean } => {
    assertInside(rel);
    const t = path.join(dir, rel);
    folder(path.dirname(t));
    const here = lstatSync(t, { throwIfNoEntry: false });
    if (!here) return { t, done: false };
    if (!wrote.has(t) && bytes && kept(rel, t, here, bytes)) return { t, done: true };
    if (here.isDirectory()) rmSync(t, { recursive: true, force: true });
    else unlinkSync(t);
    return { t, done: false };
  };
  return {
    write(rel, contents) {
      const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
      const { t, done } = place(rel, bytes);
      wrote.add(t);
      if (done || linked(rel, t, bytes)) return true;
      writeFileSync(t, bytes);
      return false;
    },
    copy(c) {
      // Kept or linked from the replaced output, else cloned or copied: never linked to the source, which an edit in place would change.
      const bytes = previous ? readFileSync(c.from) : undefined;
      const { t, done } = place(c.path, bytes);
      wrote.add(t);
      if (done || (bytes && linked(c.path, t, bytes))) return true;
      if (clones) {
        try {
          copyFileSync(c.from, t, constants.COPYFILE_FICLONE_FORCE);
          return false;
        } catch {
          // Read and written below; once that works, this file system is taken not to clone.
        }
      }
      writeFileSync(t, bytes ?? readFileSync(c.from));
      clones = false;
      return false;
    },
  };
}

/** Removes from a staging folder what the output before last held and this build did not write (`keep`); links are not followed. */
export function clearLeftovers(dir: string, keep: ReadonlySet<string>): void {
  const folders = new Set<string>();
  for (const p of keep) for (let d = path.posix.dirname(p); d !== "." && !folders.has(d); d = path.posix.dirname(d)) folders.add(d);
  const walk = (abs: string, rel: string): void => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory() && folders.has(r)) walk(path.join(abs, e.name), r);
      else if (!(e.isFile() && keep.has(r))) rmSync(path.join(abs, e.name), { recursive: true, force: true });
    }
  };
  walk(dir, "");
}
