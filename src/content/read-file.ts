// Reads one user file only if it is a regular file inside its folder (a FIFO is refused unopened: opening it blocks),
// never more than a limit, counted while reading (`stat` says 0 bytes for /dev/zero).
import { constants, type Stats } from "node:fs";
import { lstat, open, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { isWithin } from "../util/paths.js";

/** Largest image we read: a hero photo is a few MB; a file far larger is a mistake. */
export const MAX_IMAGE_BYTES = 64 * 1024 * 1024;

/** Options for {@link readRegularFile}. */
export interface ReadRegularOptions {
  /** The folder the file must stay inside once links are resolved; omitted: anywhere. */
  root?: string;
  /** Most bytes the file may hold; one byte more is read to notice a larger file, never the whole of it. */
  maxBytes: number;
}

/** Why a file was not read: a kind for callers that word their own message, and a sentence for those that do not. */
export interface ReadRefusal {
  kind: "missing" | "broken-link" | "folder" | "not-regular" | "outside" | "too-large" | "unreadable";
  /** What is wrong, as the end of a sentence that starts with the file's name ("is a named pipe (FIFO) ..."). */
  reason: string;
  /** What to do about it. */
  hint: string;
  /** The real path a link resolved to (for "outside"). */
  real?: string;
  /** Bytes the file holds at least (for "too-large"). */
  size?: number;
}

/** The bytes of a regular file, with its real path and what fstat said of it once open, or why it was refused. */
export type ReadResult = { bytes: Buffer; real: string; info: Stats } | { refused: ReadRefusal };

/** What a non-regular file is, in words ("a named pipe (FIFO)"), or null for a regular file. */
export function specialKind(info: Stats): string | null {
  if (info.isFile()) return null;
  if (info.isDirectory()) return "a folder";
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  return "not a regular file";
}

const NOT_REGULAR = "only regular files are read: put the file's contents in a plain file here instead";

function refuse(kind: ReadRefusal["kind"], reason: string, hint: string, extra: Partial<ReadRefusal> = {}): { refused: ReadRefusal } {
  return { refused: { kind, reason, hint, ...extra } };
}

function refuseSpecial(info: Stats, via: string): { refused: ReadRefusal } {
  const what = specialKind(info)!;
  if (info.isDirectory()) return refuse("folder", `is ${what}, not a file`, "");
  return refuse("not-regular", `is ${what}${via}, not a regular file`, NOT_REGULAR);
}

/** Checks without opening it that `file` is a regular file inside `root`, for files another program reads (templates). */
export async function checkRegularFile(file: string, opts: { root?: string }): Promise<{ real: string; info: Stats } | { refused: ReadRefusal }> {
  try {
    const real = await realpath(file);
    const info = await stat(real);
    if (opts.root !== undefined) {
      const realRoot = await realpath(opts.root);
      if (real === realRoot || !isWithin(realRoot, real)) return refuse("outside", `is a link to ${real}, outside its folder`, "copy the file into the folder instead of linking to it", { real });
    }
    if (!info.isFile()) {
      const linked = (await lstat(file)).isSymbolicLink();
      return refuseSpecial(info, linked ? ` (through a link to ${real})` : "");
    }
    return { real, info };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // realpath fails for a missing file and for a link to one: only lstat tells them apart.
    if ((code === "ENOENT" || code === "ENOTDIR") && (await lstat(file).then((l) => l.isSymbolicLink(), () => false))) {
      return refuse("broken-link", "is a link to a file that does not exist", "point the link at an existing file, or put the file itself here");
    }
    return errnoRefusal(e);
  }
}

/** Reads a regular file inside `root` (after resolving links) of at most `maxBytes` bytes; see {@link ReadResult}. */
export async function readRegularFile(file: string, opts: ReadRegularOptions): Promise<ReadResult> {
  const checked = await checkRegularFile(file, opts);
  if ("refused" in checked) return checked;
  const { real } = checked;
  // O_NONBLOCK: a FIFO swapped in between stat and open still opens at once; fstat on the handle then decides.
  let handle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (e) {
    return errnoRefusal(e);
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) return refuseSpecial(opened, "");
    const limit = opts.maxBytes + 1;
    const chunks: Buffer[] = [];
    let total = 0;
    let current = Buffer.alloc(Math.min(limit, opened.size + 1));
    while (total < limit) {
      if (current.length === 0) current = Buffer.alloc(Math.min(64 * 1024, limit - total));
      const { bytesRead } = await handle.read(current, 0, Math.min(current.length, limit - total), null);
      if (bytesRead === 0) break;
      chunks.push(current.subarray(0, bytesRead));
      total += bytesRead;
      current = current.subarray(bytesRead);
    }
    if (total > opts.maxBytes) {
      const size = Math.max(total, opened.size);
      return refuse("too-large", `is ${megabytes(size)}, larger than the ${megabytes(opts.maxBytes)} allowed`, "split or trim it", { size });
    }
    return { bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total), real, info: opened };
  } catch (e) {
    return errnoRefusal(e);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** "1 MB" for 1048576, "10.0 MB" for ten and a bit, bytes below a tenth of a MB. */
export function megabytes(n: number): string {
  const mb = n / 1024 / 1024;
  if (mb < 0.1) return `${n} bytes`;
  return Number.isInteger(mb) ? `${mb} MB` : `${mb.toFixed(1)} MB`;
}

/** An errno as a refusal in words; a failure without a code is rethrown (a bug). */
export function errnoRefusal(e: unknown): { refused: ReadRefusal } {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return refuse("missing", "does not exist", "check the spelling");
  if (code === "ELOOP") return refuse("unreadable", "is a link that loops (or was replaced by a link while being read)", "replace the link with the file");
  if (code === "EISDIR") return refuse("folder", "is a folder, not a file", "");
  if (code === "EAGAIN" || code === "EWOULDBLOCK") return refuse("not-regular", "cannot be read without waiting, not a regular file", NOT_REGULAR);
  if (!code) throw e;
  if (code === "EACCES" || code === "EPERM") return refuse("unreadable", "cannot be read: permission denied", "check the permissions of the file and its folders, or run hotelsite as a user who may read them");
  return refuse("unreadable", `cannot be read (${code})`, "check the file's permissions");
}

/** The real paths of folders inside a content folder, each asked once per load. */
export interface RealFolders {
  /** A folder's real path when it is the content folder or inside it, else undefined: its files go the careful way. */
  inside(dir: string): Promise<string | undefined>;
}

/** The real folders of one load of `contentDir`. */
export function realFolders(contentDir: string): RealFolders {
  const real = (dir: string) => realpath(dir).catch(() => undefined);
  const root = real(contentDir);
  const answers = new Map<string, Promise<string | undefined>>();
  const inside = (dir: string) => {
    let answer = answers.get(dir);
    if (!answer) answers.set(dir, (answer = Promise.all([root, real(dir)]).then(([r, d]) => (r && d && (d === r || isWithin(r, d)) ? d : undefined))));
    return answer;
  };
  return { inside };
}
