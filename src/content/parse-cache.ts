// A content folder's parsed files kept between builds in the user's cache, taken back while a file's size, inode
// and times are unchanged, so a build's first load need not parse them again (docs/architecture.md).
import { createHash } from "node:crypto";
import { closeSync, lstatSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { cacheFolder, cacheFolderRefusal, noteDamaged, pruneCacheFiles } from "../io/cache.js";
import { withPlainFileSync } from "../util/read-plain.js";
import type { FileStamp } from "./source-text.js";

/** Raised when what a parse gives changes shape, so that caches of the old shape are never read. */
const FORMAT = 3;

/** How much of the file is read or written at a time. */
const CHUNK_BYTES = 1 << 20;

/** A cache larger than this is not read (1,337 files of a 4,008-page site keep 21 MB). */
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

/** Caches of this many content folders are kept, the most recently written (tests make one a temporary folder). */
export const KEPT_CACHES = 16;

/** What the kept caches may take together (a 12,006-page site's is about 60 MB). */
export const KEPT_CACHE_BYTES = 256 * 1024 * 1024;

/** How old a file's modification time must be for its data to be kept. */
export const SETTLED_MS = 2000;

/** A file's data as kept, with what it must still match on disk. */
interface Entry {
  file: string;
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
  return !!e && typeof e === "object" && typeof e.file === "string" && [e.size, e.ino, e.mtimeMs, e.ctimeMs].every((n) => typeof n === "number") && !!e.stamp && typeof e.stamp.path === "string";
}

/** The records of a cache file, as bytes, in order: the first is its key, the last the digest of all before it. Throws on a file cut short. */
function* records(fd: number): Generator<Buffer> {
  let buf = Buffer.allocUnsafe(CHUNK_BYTES);
  let start = 0;
  let end = 0;
  /** Makes the next `need` bytes available from `start`; false at the end of the file. */
  const fill = (need: number): boolean => {
    if (end - start >= need) return true;
    if (start + need > buf.length) {
      const into = need > buf.length ? Buffer.allocUnsafe(need) : buf;
      buf.copy(into, 0, start, end);
      end -= start;
      start = 0;
      buf = into;
    }
    while (end - start < need) {
      const n = readSync(fd, buf, end, buf.length - end, null);
      if (n === 0) return false;
      end += n;
    }
    return true;
  };
  while (fill(4)) {
    const length = buf.readUInt32LE(start);
    start += 4;
    if (!fill(length)) throw new Error("cut short");
    yield buf.subarray(start, start + length);
    start += length;
  }
}

/** The entries of the cache file, when it is a regular file holding a cache of `key`; else none. */
function readEntries(file: string, key: string): Map<string, Entry> {
  let ours = false;
  const kept = withPlainFileSync(file, { maxBytes: MAX_CACHE_BYTES }, (fd) => {
    const entries = new Map<string, Entry>();
    const all = records(fd);
    const head = all.next().value;
    if (!head || (deserialize(head) as { key?: string } | undefined)?.key !== key) return entries;
    ours = true;
    // Trusted only once the last record, the digest of every record before it, matches them.
    const hash = createHash("sha256").update(head);
    for (const record of all) {
      const e = deserialize(record) as Entry | { digest: string };
      if ("digest" in e) return e.digest === hash.digest("hex") ? entries : undefined;
      if (!isEntry(e)) return undefined;
      hash.update(record);
      entries.set(e.file, e);
    }
    return undefined;
  });
  // Not a cache of ours: parsed again, and written anew; a cache of ours cut short or changed is noted too.
  if (!kept && ours) noteDamaged(file);
  return kept ?? new Map();
}

/** Writes the records of a cache (its key, then each entry) to a new file `file`, a chunk at a time. */
function writeEntries(file: string, key: string, entries: Iterable<Entry>): void {
  // Created exclusively: never written through a link or into a file another process holds.
  rmSync(file, { force: true });
  const fd = openSync(file, "wx");
  try {
    let pending: Buffer[] = [];
    let size = 0;
    const flush = () => {
      writeSync(fd, Buffer.concat(pending, size));
      pending = [];
      size = 0;
    };
    const hash = createHash("sha256");
    for (const record of [{ key }, ...entries, undefined]) {
      const body = record ? serialize(record) : serialize({ digest: hash.digest("hex") });
      if (record) hash.update(body);
      const head = Buffer.allocUnsafe(4);
      head.writeUInt32LE(body.length);
      pending.push(head, body);
      size += 4 + body.length;
      if (size >= CHUNK_BYTES) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
}

/** Opens the parse cache of a content folder (its real path); `dir` is where caches live (default: the user's). */
export function openParseCache(contentDir: string, dir = cacheFolder("content")): ParseCache {
  if (!dir) return { get: () => undefined, set: () => {}, save: () => {} };
  const key = fingerprint(contentDir);
  const file = path.join(dir, `${key}.bin`);
  // A folder built for the first time gets a cache without entries: CI builds a fresh clone once and never reads
  // them (writing them cost 0.3 s of a first build at 4,008 pages); its next build writes them.
  const seen = !!lstatSync(file, { throwIfNoEntry: false });
  const kept = readEntries(file, key);
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
      next.set(f, { file: f, size: info.size, ino: info.ino, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, data, stamp });
    },
    save() {
      if ((!changed && next.size === kept.size) || (next.size === 0 && kept.size === 0 && seen)) return;
      try {
        if (cacheFolderRefusal(dir)) return;
        const tmp = `${file}.${process.pid}.tmp`;
        writeEntries(tmp, key, seen ? next.values() : []);
        renameSync(tmp, file);
        pruneCaches(dir);
      } catch {
        // No cache this time; the next build parses again.
      }
    },
  };
}

/** Deletes all but the newest caches (KEPT_CACHES, KEPT_CACHE_BYTES together) and leftovers of writes cut short. */
export function pruneCaches(dir: string, limits = { count: KEPT_CACHES, bytes: KEPT_CACHE_BYTES }): void {
  pruneCacheFiles(dir, { keep: limits.count, maxBytes: limits.bytes });
}
