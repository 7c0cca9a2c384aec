// The user's cache, the one module every cache user goes through: cached code is imported, so the folder must be
// private to its user (made 0700 one level at a time, never recursively: that spins on /proc/self) and each entry checked.
import { createHash } from "node:crypto";
import { accessSync, constants, lstatSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cacheDir } from "../util/paths.js";
import { readPlainSync } from "../util/read-plain.js";
import { writeWholeSync } from "./write.js";

/** How many folder levels above the cache are made when missing ($XDG_CACHE_HOME itself, say). */
const MAX_MADE_LEVELS = 8;

/** The 16-hex-digit content hash cache entries are named and sealed by. */
export function digest(bytes: string | Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 16);
}

/** Notes about the cache (a refused folder, a damaged entry made again) go to stderr, one line each, once per text. */
const noted = new Set<string>();
function note(line: string): void {
  if (noted.has(line)) return;
  noted.add(line);
  process.stderr.write(`${line}\n`);
}

/** Makes `dir` (mode 0700) and up to `levels` missing folders above it, one at a time; the errno when it cannot. */
function makeFolder(dir: string, levels: number): string | undefined {
  try {
    mkdirSync(dir, { mode: 0o700 });
    return undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "error";
    if (code === "EEXIST") return undefined;
    // ENOENT where the parent exists (/proc/self/x) is final: only a parent that is missing is made.
    if (code !== "ENOENT" || levels === 0 || lstatSync(path.dirname(dir), { throwIfNoEntry: false })) return code;
    return makeFolder(path.dirname(dir), levels - 1) ?? makeFolder(dir, 0);
  }
}

/** Why `dir` cannot be this user's private cache folder (made when missing), or undefined when it can. */
export function cacheFolderRefusal(dir: string, parents = 0): { why: string; unsafe: boolean } | undefined {
  const made = makeFolder(dir, parents);
  if (made) return { why: `it cannot be made (${made})`, unsafe: false };
  const st = lstatSync(dir, { throwIfNoEntry: false });
  if (!st) return { why: "it cannot be made", unsafe: false };
  if (st.isSymbolicLink()) return { why: "it is a symbolic link", unsafe: true };
  if (!st.isDirectory()) return { why: "it is not a folder", unsafe: true };
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) return { why: `it belongs to another user (uid ${st.uid})`, unsafe: true };
  if (st.mode & 0o022) return { why: `others may write to it (mode ${(st.mode & 0o777).toString(8)}; chmod 700 makes it private)`, unsafe: true };
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    return { why: "it cannot be written", unsafe: false };
  }
  return undefined;
}

let chosen: { key: string; dir: string | undefined } | undefined;

/** The user's private cache folder, chosen once for the places the environment names (docs/architecture.md); undefined when none will do. */
export function userCache(): string | undefined {
  const places = [cacheDir(), path.join(tmpdir(), `hotelsite-${process.getuid?.() ?? "user"}`)];
  const key = places.join("\u0000");
  if (chosen?.key === key) return chosen.dir;
  const refusals: string[] = [];
  for (const [i, dir] of places.entries()) {
    const refused = cacheFolderRefusal(dir, i === 0 ? MAX_MADE_LEVELS : 0);
    if (!refused) {
      if (refusals.length) note(`hotelsite: ${refusals.join("; ")}; the cache is in ${dir}`);
      return (chosen = { key, dir }).dir;
    }
    // A folder that merely cannot be made (no home folder in CI) is passed over quietly unless nothing else will do.
    if (refused.unsafe || i === places.length - 1) refusals.push(`the cache folder ${dir} is not used (${refused.why})`);
  }
  note(`hotelsite: ${refusals.join("; ")}; building without a cache (set XDG_CACHE_HOME to a folder of your own)`);
  return (chosen = { key, dir: undefined }).dir;
}

/** A folder of the user's cache (`images`, `content`), made and checked like the cache; undefined when unusable. */
export function cacheFolder(name: string): string | undefined {
  const root = userCache();
  if (!root) return undefined;
  const dir = path.join(root, name);
  return cacheFolderRefusal(dir) ? undefined : dir;
}

/** Notes that a cache entry was not what its name says and is made again. */
export function noteDamaged(file: string): void {
  note(`hotelsite: the cache entry ${file} was damaged (it does not hold what its name says); it is made again`);
}

/** Writes a cache entry, private to the user, whole or not at all. */
const writeEntry = (file: string, data: string | Uint8Array) => writeWholeSync(file, data, 0o600);

/** The cache file `name` holding exactly `data` (written, or made again with a note); undefined when the cache cannot hold it. */
export function cacheFile(name: string, data: string): string | undefined {
  const root = userCache();
  if (!root) return undefined;
  const file = path.join(root, name);
  const bytes = Buffer.from(data);
  const st = lstatSync(file, { throwIfNoEntry: false });
  if (st && !st.isFile()) return undefined;
  if (st && readPlainSync(file, { maxBytes: bytes.length, size: bytes.length })?.bytes.equals(bytes)) return file;
  if (st) noteDamaged(file);
  try {
    writeEntry(file, bytes);
  } catch {
    return undefined;
  }
  try {
    pruneKind(file);
  } catch {
    // Pruning is a courtesy: a folder that cannot be listed keeps its files.
  }
  return file;
}

/** The first line of a sealed entry: its body's digest. */
const SEAL = /^\/\/ hotelsite cache entry ([0-9a-f]{16})\n/;

/** The body of the sealed cache file `name` (its first line holds the body's digest) when intact; a damaged one is noted. */
export function readSealed(name: string, maxBytes: number): string | undefined {
  const root = userCache();
  if (!root) return undefined;
  const file = path.join(root, name);
  const read = readPlainSync(file, { maxBytes });
  if (!read) return undefined;
  const text = read.bytes.toString("utf8");
  const seal = SEAL.exec(text);
  const body = seal ? text.slice(seal[0].length) : "";
  if (seal && digest(body) === seal[1]) return body;
  noteDamaged(file);
  return undefined;
}

/** Keeps `body` as the sealed cache file `name` (see {@link readSealed}); false when the cache cannot hold it. */
export function writeSealed(name: string, body: string): boolean {
  const root = userCache();
  if (!root) return false;
  try {
    writeEntry(path.join(root, name), `// hotelsite cache entry ${digest(body)}\n${body}`);
    return true;
  } catch {
    return false;
  }
}

/** The bytes of `file`, named by their digest ({@link writeNamedSealed}), when they match it; a damaged one is noted and removed. */
export function readNamedSealed(file: string, maxBytes: number): Buffer | undefined {
  const want = /\.([0-9a-f]{16})$/.exec(file)?.[1];
  const read = readPlainSync(file, { maxBytes });
  if (want && read && digest(read.bytes) === want) return read.bytes;
  if (read) {
    noteDamaged(file);
    rmSync(file, { force: true });
  }
  return undefined;
}

/** Writes `bytes` into `dir` as `<name>.<digest of the bytes>`; its path, or undefined when it cannot. */
export function writeNamedSealed(dir: string, name: string, bytes: Uint8Array): string | undefined {
  const file = path.join(dir, `${name}.${digest(bytes)}`);
  try {
    writeEntry(file, bytes);
    return file;
  } catch {
    return undefined;
  }
}

/** How many cache files of one kind (compiled templates, a worker script) are kept whatever their age. */
export const CACHE_FILES_KEPT = 32;

/** How old a cache file beyond those must be to be deleted: a concurrent build may be about to import a newer one. */
export const CACHE_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Deletes old cache files of `file`'s kind (`templates-<hash>.mjs`): each template edit under watch compiles a new one. */
function pruneKind(file: string): void {
  const kind = /^(.+)-[0-9a-f]{16}\.(mjs|cjs)$/.exec(path.basename(file));
  if (!kind) return;
  const same = new RegExp(`^${kind[1].replace(/[^\w-]/g, "\\$&")}-[0-9a-f]{16}\\.${kind[2]}$`);
  pruneCacheFiles(path.dirname(file), { match: (n) => same.test(n), keep: CACHE_FILES_KEPT, olderThanMs: CACHE_FILE_MAX_AGE_MS });
}

/** Which of a cache folder's files {@link pruneCacheFiles} keeps. */
export interface CachePrune {
  /** The files it may delete (default: every regular file of the folder). */
  match?: (name: string) => boolean;
  /** How many of the most recently written it keeps whatever else holds (the newest is always kept). */
  keep: number;
  /** What those kept may take together. */
  maxBytes?: number;
  /** Only files last written before this many ms ago are deleted. */
  olderThanMs?: number;
}

/** Deletes the oldest regular files of a cache folder beyond what `opts` keeps (the one place caches are pruned). */
export function pruneCacheFiles(dir: string, opts: CachePrune): void {
  const files = readdirSync(dir)
    .filter((n) => opts.match?.(n) ?? true)
    .map((name) => ({ name, info: lstatSync(path.join(dir, name), { throwIfNoEntry: false }) }))
    .filter((f) => f.info?.isFile())
    .sort((a, b) => b.info!.mtimeMs - a.info!.mtimeMs);
  const before = opts.olderThanMs === undefined ? Infinity : Date.now() - opts.olderThanMs;
  let total = 0;
  files.forEach((f, i) => {
    total += f.info!.size;
    const over = i >= opts.keep || (opts.maxBytes !== undefined && total > opts.maxBytes);
    if (i > 0 && over && f.info!.mtimeMs < before) rmSync(path.join(dir, f.name), { force: true });
  });
}
