// Whether a file on disk already holds given bytes: watch writes only the files whose bytes changed, and a
// build hard-links an unchanged file from the output it replaces instead of writing it again (staging.ts).
import { lstat, readFile } from "node:fs/promises";
import { readPlainSync } from "../util/read-plain.js";

/**
 * True when `file` is a regular file holding exactly `bytes` (false when it is a link, missing or unreadable: a
 * link is never taken for the file it points at, nor hard-linked into an output in its place). The size
 * is asked first: a file of another size is not read (a save that adds a word to the 2 MB home page of a
 * 4,008-page site does not read the old page back to compare).
 */
export async function sameBytes(file: string, bytes: Uint8Array): Promise<boolean> {
  try {
    const info = await lstat(file);
    if (!info.isFile() || info.size !== bytes.byteLength) return false;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(await readFile(file));
  } catch {
    return false;
  }
}

/**
 * {@link sameBytes} in one thread's own time, for the page worker's synchronous writes: a link as the last step
 * is not followed, a file of another size is turned down from its fstat, and the bytes are read into `scratch`
 * (grown as needed, kept by the caller) instead of a new buffer each time.
 */
export function sameBytesSync(file: string, bytes: Uint8Array, scratch: { buffer: Buffer }): boolean {
  const read = readPlainSync(file, { maxBytes: bytes.byteLength, size: bytes.byteLength, scratch });
  return !!read && read.bytes.equals(bytes);
}
