// A content folder's parsed files kept between builds, in the user's cache folder: a file whose size, inode,
// modification and change times are those it had when kept is taken from here instead of being read and parsed
// again (Astro keeps its content layer the same way). At 4,008 pages the 1,337 files took 0.85 s of CPU to read
// and parse on two threads; the kept 28 MB are read in 60-80 ms on one. Only a build's first load uses it (a
// watch run parses the one file saved). A file modified in the last SETTLED_MS is not kept: a save within the
// clock's granularity after it could leave its times as they were. A cache that cannot be read, or does not hold
// what it should, is ignored and written anew; one that cannot be written is done without.
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { cacheDir } from "../util/paths.js";
import { readPlainSync } from "../util/read-plain.js";
import type { FileStamp } from "./source-text.js";

/** Raised when what a parse gives changes shape, so that caches of the old shape are never read. */
const FORMAT = 1;

/** A cache larger than this is not read (1,337 files of a 4,008-page site keep 28 MB). */
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

/** Caches of this many content folders are kept, the most recently written (tests make one a temporary folder). */
export const KEPT_CACHES = 16;

/** How old a file's modification time must be for its data to be kept. */
export const SETTLED_MS = 2000;

/** A file's data as kept, with what it must still match on disk. */
interface Entry {
  size: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
  data: unknown;
  stamp: FileStamp;
}

/** The kept data of one content folder's files, by absolute path. */
export interface ParseCache {
  /** A file's kept data and stamp, when the file on disk is still the one that was parsed. */
  get(file: string): { data: unknown; stamp: FileStamp } | undefined;
  /** A file parsed now (its stamp carries its size and modification time). */
  set(file: string, data: unknown, stamp: FileStamp): void;
  /** Writes the cache of the files asked for since it opened, when that differs from what was read. */
  save(): void;
}

/** What the cache's contents depend on besides the files: the format, Node's serializer and the YAML parser's code. */
function fingerprint(contentDir: string): string {
  const parser = (() => {
    try {
      const file = createRequire(import.meta.url).resolve("js-yaml");
      const info = statSync(file);
      return `${file}:${info.size}:${info.mtimeMs}`;
    } catch {
      return "";
    }
  })();
  return createHash("sha256").update(`${FORMAT}\0${process.versions.v8}\0${parser}\0${contentDir}`).digest("hex").slice(0, 20);
}

/** True when `v` is an entry of the kept shape. */
function isEntry(v: unknown): v is Entry {
  const e = v as Entry;
  return !!e && typeof e === "object" && [e.size, e.ino, e.mtimeMs, e.ctimeMs].every((n) => typeof n === "number") && !!e.stamp && typeof e.stamp.path === "string";
}

/** Opens the parse cache of a content folder (its real path); `dir` is where caches live (default: the user's). */
export function openParseCache(contentDir: string, dir = path.join(cacheDir(), "content")): ParseCache {
  const key = fingerprint(contentDir);
  const file = path.join(dir, `${key}.bin`);
  let kept = new Map<string, Entry>();
  const read = readPlainSync(file, { maxBytes: MAX_CACHE_BYTES });
  if (read) {
    try {
      const v = deserialize(read.bytes) as { key?: string; files?: unknown };
      if (v?.key === key && v.files instanceof Map && [...v.files.values()].every(isEntry)) kept = v.files as Map<string, Entry>;
    } catch {
      // Not a cache of ours (or cut short): parsed again below, and written anew.
    }
  }
  const next = new Map<string, Entry>();
  let changed = false;
  return {
    get(f) {
      const e = kept.get(f);
      const info = e && lstatSync(f, { throwIfNoEntry: false });
      if (!e || !info?.isFile() || info.size !== e.size || info.ino !== e.ino || info.mtimeMs !== e.mtimeMs || info.ctimeMs !== e.ctimeMs) return undefined;
      next.set(f, e);
      return { data: e.data, stamp: e.stamp };
    },
    set(f, data, stamp) {
      const info = lstatSync(f, { throwIfNoEntry: false });
      changed = true;
      // The times are those of the file read: a file changed since (another size or time) is not kept.
      if (!info?.isFile() || info.size !== stamp.size || info.mtimeMs !== stamp.mtimeMs || info.mtimeMs > Date.now() - SETTLED_MS) return;
      next.set(f, { size: info.size, ino: info.ino, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, data, stamp });
    },
    save() {
      if ((!changed && next.size === kept.size) || (next.size === 0 && kept.size === 0)) return;
      try {
        mkdirSync(dir, { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, serialize({ key, files: next }));
        renameSync(tmp, file);
        prune(dir);
      } catch {
        // No cache this time; the next build parses again.
      }
    },
  };
}

/** Deletes all but the KEPT_CACHES most recently written caches (and leftovers of writes cut short). */
function prune(dir: string): void {
  const caches = readdirSync(dir).map((name) => ({ name, at: lstatSync(path.join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }));
  caches.sort((a, b) => b.at - a.at);
  for (const c of caches.slice(KEPT_CACHES)) rmSync(path.join(dir, c.name), { force: true });
}
