// One synchronous read of a regular file in four calls (open without following a last link, fstat, read, close),
// for the places that read many small files in a hot loop or mid-message.
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

/** Runs `use` on the open regular file at `file` (O_NONBLOCK: a FIFO opens at once, fstat turns it down); undefined otherwise. */
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

/** The bytes and fstat of the regular file at `file`, or undefined for anything else (a link, too large, grown while read). */
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
