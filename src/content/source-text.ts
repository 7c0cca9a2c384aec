// A content file's text: decoded strictly as UTF-8 at load, and read again (stamped by path, size and mtime) when a
// position is asked for: keeping every text cost a build 30 MB per 4,000 hotel files.
import { readPlainSync } from "../util/read-plain.js";
import { ContentError, ContentErrors } from "../errors.js";

/** Decodes bytes as UTF-8 strictly (dropping a BOM), reporting the first bad byte's place. */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ContentErrors([
      new ContentError({ file, line: 1, column: 1 }, "is saved as UTF-16, not UTF-8", "save the file as UTF-8 (most editors have an 'encoding' setting)"),
    ]);
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    let line = 1;
    let column = 1;
    let i = 0;
    // Walk valid prefix to find where decoding breaks.
    while (i < bytes.length) {
      const b = bytes[i];
      const len = b < 0x80 ? 1 : b >> 5 === 6 ? 2 : b >> 4 === 14 ? 3 : b >> 3 === 30 ? 4 : 0;
      let ok = len > 0 && i + len <= bytes.length;
      for (let k = 1; ok && k < len; k++) ok = bytes[i + k] >> 6 === 2;
      if (!ok) break;
      if (b === 0x0a) {
        line++;
        column = 1;
      } else column++;
      i += len;
    }
    throw new ContentErrors([
      new ContentError(
      { file, line, column },
      "is not valid UTF-8",
      "save the file as UTF-8 (most editors have an 'encoding' setting)",
      ),
    ]);
  }
}

/** What load saw of a file it parsed: where it is (links resolved), its size and its modification time. */
export interface FileStamp {
  /** The real path (no links left), as read-file.ts opened it. */
  path: string;
  size: number;
  mtimeMs: number;
}

/** The stamped file's text read again now (synchronous: asked mid-error), or undefined when it is not the file parsed. */
export function rereadText(stamp: FileStamp): string | undefined {
  const read = readPlainSync(stamp.path, { maxBytes: stamp.size, size: stamp.size });
  if (!read || read.bytes.length !== stamp.size || read.info.mtimeMs !== stamp.mtimeMs) return undefined;
  try {
    return decodeUtf8(read.bytes, stamp.path);
  } catch {
    return undefined;
  }
}
