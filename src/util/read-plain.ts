// One synchronous read of a regular file, shared by the places that read many small files in a hot loop or
// mid-message: load's cheap read of content files (content/quick-read.ts), a content file read again for a
// position (content/source-text.ts), and the build's check that the output it replaces already holds a file's
// bytes (write/same-bytes.ts). Four calls: open without following a link in the last step, fstat, read, close.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";

/** Options for {@link readPlainSync}. */
export interface PlainReadOptions {
  /** Most bytes the file may hold. */
  maxBytes: number;
  /** The size the file must have: another is turned down from fstat, unread. */
  size?: number;
  /** A buffer to read into (grown as needed, kept by the caller): the bytes returned are a view of it. */
  scratch?: { buffer: Buffer };
}

/**
 * Runs `use` on the open regular file at `file` (opened without following a link as the last step, O_NONBLOCK so a
 * FIFO opens at once and fstat turns it down), of at most maxBytes and of `size` when given; undefined for anything
 * else or when `use` throws. The file is closed either way. Every plain read, whole or a chunk at a time, opens so.
 */
export function withPlainFileSync<T>(file: string, opts: Pick<PlainReadOptions, "maxBytes" | "size">, use: (fd: number, info: Stats) => T): T | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > opts.maxBytes || (opts.size !== undefined && info.size !== opts.size)) return undefined;
    return use(fd, info);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The bytes and fstat of the regular file at `file`, or undefined for anything else: missing, unreadable, a link
 * as the last step, not a regular file, larger than maxBytes, not of `size`, or grown while being read.
 */
export function readPlainSync(file: string, opts: PlainReadOptions): { bytes: Buffer; info: Stats } | undefined {
  return withPlainFileSync(file, opts, (fd, info) => {
    // One byte more than fstat said, to notice a file that grew since.
    const scratch = opts.scratch;
    if (scratch && scratch.buffer.length < info.size + 1) scratch.buffer = Buffer.allocUnsafeSlow(Math.max(info.size + 1, scratch.buffer.length * 2));
    const buffer = scratch ? scratch.buffer : Buffer.allocUnsafeSlow(info.size + 1);
    const end = info.size + 1;
    let read = 0;
    for (let n = 1; n > 0; read += n) {
      n = readSync(fd, buffer, read, end - read, read);
      if (read + n === end) return undefined;
    }
    return { bytes: buffer.subarray(0, read), info };
  });
}
