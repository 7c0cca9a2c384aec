// The one way hotelsite writes a file it keeps (the translation lock, YAML changed by an import, an exported
// XLIFF file, a check report): a temporary file created exclusively beside the target, then renamed over it.
// The rename replaces a link rather than writing through it, an existing file keeps its mode, a read-only file
// or one that is not a regular file is refused before anything is written, and a failure names the file.
import { randomBytes } from "node:crypto";
import { lstatSync, readdirSync, rmSync } from "node:fs";
import { lstat, mkdir, open, realpath, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { specialKind } from "../content/read-file.js";
import { isWithin } from "../util/paths.js";
import { FileError, writeFailure } from "./file-error.js";

/** Options for {@link checkWritable} and {@link writeGuarded}. */
export interface WriteOptions {
  /** The folder the file must be in once the links of its folders are resolved; omitted: anywhere. */
  root?: string;
  /** Refuse a file without write permission (mode bits, so it holds for root too); default true. */
  refuseReadOnly?: boolean;
  /** Flush the file to the disk before it replaces the old one; default true (watch's output pages: false). */
  sync?: boolean;
}

/** What {@link checkWritable} found: the existing file's permission bits, undefined for a new file. */
export interface WriteTarget {
  mode?: number;
}

/** Throws FileError for a code that names a user-fixable failure; anything else is rethrown as a bug. */
export function rethrowAsFileError(file: string, e: unknown): never {
  if (e instanceof FileError) throw e;
  const failure = writeFailure((e as NodeJS.ErrnoException).code);
  if (failure) throw new FileError(file, failure.reason, failure.hint, { cause: e });
  throw e;
}

/**
 * Checks, without writing, that `file` may be replaced: not a link, not a FIFO, device or folder, not read-only,
 * and its folder inside `root`. Lets a command that writes several files refuse before writing any of them.
 */
export async function checkWritable(file: string, opts: WriteOptions = {}): Promise<WriteTarget> {
  try {
    if (opts.root !== undefined) {
      const [dir, root] = await Promise.all([realpath(path.dirname(file)), realpath(opts.root)]);
      if (dir !== root && !isWithin(root, dir)) {
        throw new FileError(file, `is in ${dir}, outside ${root}, through a link`, "replace the linked folder with a real folder");
      }
    }
    const info = await lstat(file).catch((e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT") return undefined;
      throw e;
    });
    if (!info) return {};
    if (info.isSymbolicLink()) {
      throw new FileError(file, "is a symbolic link; hotelsite does not write through links", "replace the link with a copy of the file it points to");
    }
    if (!info.isFile()) throw new FileError(file, `is ${specialKind(info)}, not a regular file, so it is not replaced`, "move it away, or give another path");
    const mode = info.mode & 0o7777;
    if ((opts.refuseReadOnly ?? true) && (mode & 0o222) === 0) {
      throw new FileError(file, "is read-only, so it was not changed", "make it writable (chmod u+w) if it should change, then run the command again");
    }
    return { mode };
  } catch (e) {
    return rethrowAsFileError(file, e);
  }
}

/** Replaces (or creates) `file` with `data` by a temporary file and a rename in the same folder; see {@link checkWritable}. */
export async function writeGuarded(file: string, data: string | Uint8Array, opts: WriteOptions = {}): Promise<void> {
  const { mode } = await checkWritable(file, opts);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  try {
    // "wx": O_CREAT|O_EXCL, which never follows a link at the temporary name.
    const handle = await open(temp, "wx", mode ?? 0o666);
    try {
      await handle.writeFile(data);
      // The umask may have narrowed the mode at creation: the replaced file's mode is restored exactly.
      if (mode !== undefined) await handle.chmod(mode);
      if (opts.sync ?? true) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    rethrowAsFileError(file, e);
  }
}

/**
 * A cache file named by what it holds (a compiled module): kept when a regular file of that name is there, else
 * written the guarded way (never through a link, never half-written for a concurrent build to import). Undefined
 * when the cache cannot hold it (unwritable, or a FIFO or folder in the way), so the caller does without.
 */
export async function cacheFile(file: string, data: string): Promise<string | undefined> {
  if ((await lstat(file).catch(() => undefined))?.isFile()) return file;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeGuarded(file, data, { refuseReadOnly: false });
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

/** How many cache files of one kind (compiled templates, a worker script) are kept whatever their age. */
export const CACHE_FILES_KEPT = 32;

/** How old a cache file beyond those must be to be deleted: a concurrent build may be about to import a newer one. */
export const CACHE_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the cache files of `file`'s kind (its name up to the hash: `templates-<hash>.mjs`) beyond the
 * CACHE_FILES_KEPT most recent, when older than CACHE_FILE_MAX_AGE_MS: every template edit under watch compiles a
 * new module, and nothing else would ever delete the old ones. Only names of that exact form are touched.
 */
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
