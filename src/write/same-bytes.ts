// Whether a file already holds given bytes: watch writes only changed files, a build links unchanged ones (staging.ts).
import { lstat, readFile } from "node:fs/promises";
import { readPlainSync } from "../util/read-plain.js";

/** True when `file` is a regular file (never a link) holding exactly `bytes`; a file of another size is not read. */
export async function sameBytes(file: string, bytes: Uint8Array): Promise<boolean> {
  try {
    const info = await lstat(file);
    if (!info.isFile() || info.size !== bytes.byteLength) return false;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(await readFile(file));
  } catch {
    return false;
  }
}

/** {@link sameBytes} in the writing thread's own time, reading into `scratch` (kept by the caller) instead of a new buffer. */
export function sameBytesSync(file: string, bytes: Uint8Array, scratch: { buffer: Buffer }): boolean {
  const read = readPlainSync(file, { maxBytes: bytes.byteLength, size: bytes.byteLength, scratch });
  return !!read && read.bytes.equals(bytes);
}
