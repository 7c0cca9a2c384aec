// The guarded read for files too large to hold (a year of click logs): read.ts's checks, then the bytes in chunks as
// UTF-8 (a byte order mark dropped, UTF-16 by its mark turned into UTF-8, bytes that are neither refused at their line).
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { checkRegularFile, errnoRefusal } from "../content/read-file.js";
import { ContentError, ContentErrors } from "../errors.js";
import { refusalErrors } from "./read.js";

/** The byte order marks, longest first. */
export const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xff, 0xfe], "utf-16le"],
  [[0xfe, 0xff], "utf-16be"],
];

/** Line breaks in UTF-8 bytes. */
const lineBreaks = (b: Buffer) => {
  let n = 0;
  for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) n++;
  return n;
};

/** Chunk size of the stream: large enough that a 2 GB file is a few thousand reads. */
const CHUNK = 1024 * 1024;

/** The file's text as UTF-8 bytes in chunks, or ContentErrors naming it (what it is, a failed read, a byte not in its encoding). */
export async function streamGuarded(file: string, o: { shown: string; what: string }): Promise<AsyncIterable<Buffer>> {
  const checked = await checkRegularFile(file, {});
  if ("refused" in checked) throw refusalErrors(checked.refused, { ...o, maxBytes: Infinity });
  let handle;
  try {
    handle = await open(checked.real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (e) {
    throw refusalErrors(errnoRefusal(e).refused, { ...o, maxBytes: Infinity });
  }
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw refusalErrors({ kind: "not-regular", reason: "is not a regular file", hint: "give the path of a plain file" }, { ...o, maxBytes: Infinity });
  }
  const opened = handle;
  const failed = (e: unknown) => refusalErrors(errnoRefusal(e).refused, { ...o, maxBytes: Infinity });
  return {
    async *[Symbol.asyncIterator]() {
      let decoder: TextDecoder | undefined;
      let lines = 1;
      let column = 1; // where the line the next chunk goes on is, in characters
      try {
        for (;;) {
          // A new buffer each time: the reader may keep a slice of the last chunk while it reads the next.
          const buffer = Buffer.allocUnsafe(CHUNK);
          const { bytesRead } = await opened.read(buffer, 0, CHUNK, null).catch((e) => Promise.reject(failed(e)));
          const bytes = buffer.subarray(0, bytesRead);
          const bom = decoder ? undefined : BOMS.find(([marks]) => marks.every((b, i) => bytes[i] === b));
          decoder ??= new TextDecoder(bom?.[1] ?? "utf-8", { fatal: true });
          let text: string;
          try {
            text = decoder.decode(bytes, { stream: bytesRead > 0 });
          } catch {
            const bad = decoder.encoding === "utf-8" ? Math.max(0, firstInvalid(bytes, "utf-8")) : 0;
            const line = lines + lineBreaks(bytes.subarray(0, bad));
            const start = bytes.lastIndexOf(10, bad - 1) + 1;
            const at = (start ? 1 : column) + [...bytes.subarray(start, bad).toString()].length;
            const byte = bytes[bad] === undefined ? "" : ` (the byte 0x${bytes[bad].toString(16).padStart(2, "0")} here)`;
            const why = `bytes that are not valid ${decoder.encoding.toUpperCase()}${decoder.encoding === "utf-8" ? byte : ""}`;
            throw new ContentErrors([new ContentError({ file: o.shown, line, column: at }, `holds ${why}`, "export it again as UTF-8 (or UTF-16 with its byte order mark): Latin-1 and Windows-1252 are not read")]);
          }
          if (bytesRead === 0) break;
          if (decoder.encoding === "utf-8") lines += lineBreaks(bytes);
          const nl = text.lastIndexOf("\n");
          column = nl < 0 ? column + text.length : text.length - nl;
          yield decoder.encoding === "utf-8" ? bytes.subarray(bom ? 3 : 0) : Buffer.from(text);
        }
      } finally {
        await opened.close().catch(() => undefined);
      }
    },
  };
}

/** The offset of the first byte `encoding` cannot decode (where its bad sequence starts), or -1. */
export function firstInvalid(bytes: Buffer, encoding: string): number {
  const decodes = (n: number, stream: boolean) => {
    try {
      new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(0, n), { stream });
      return true;
    } catch {
      return false;
    }
  };
  if (decodes(bytes.length, false)) return -1;
  // The shortest prefix a streaming decoder refuses ends at the byte that showed the sequence bad.
  let [lo, hi] = [0, bytes.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (decodes(mid + 1, true)) lo = mid + 1;
    else hi = mid;
  }
  // The bad sequence starts after the last whole character before that byte (a character is at most 4 bytes).
  const end = Math.min(lo, bytes.length);
  for (let start = end; start >= Math.max(0, end - 4); start--) if (decodes(start, false)) return start;
  return end;
}
