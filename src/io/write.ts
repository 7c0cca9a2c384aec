// The one way hotelsite writes a file it keeps: a temporary file created exclusively beside the target, renamed over
// it (docs/architecture.md, src/io/).
import { randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { lstat, open, realpath, rename, unlink } from "node:fs/promises";
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

/** Checks without writing that `file` may be replaced, so a command writing several files refuses before writing any. */
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

/** A temporary name beside `file`, this process's and this call's own: what a write goes through before its rename. */
function tempBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
}

/** Writes `file` whole or not at all, synchronously (a temporary file created exclusively beside it, then a rename): for files of hotelsite's own, the cache's and lib/'s. */
export function writeWholeSync(file: string, data: string | Uint8Array, mode = 0o666): void {
  const temp = tempBeside(file);
  try {
    writeFileSync(temp, data, { flag: "wx", mode });
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

/** Replaces (or creates) `file` with `data` by a temporary file and a rename in the same folder; see {@link checkWritable}. */
export async function writeGuarded(file: string, data: string | Uint8Array, opts: WriteOptions = {}): Promise<void> {
  const { mode } = await checkWritable(file, opts);
  const temp = tempBeside(file);
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
