// The guarded read for files too large to hold (a year of click logs): read.ts's checks, then the bytes in chunks
// with a UTF-8 BOM dropped, so a reader keeps one chunk at a time.
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { checkRegularFile, errnoRefusal } from "../content/read-file.js";
import { refusalErrors } from "./read.js";

/** Chunk size of the stream: large enough that a 2 GB file is a few thousand reads. */
const CHUNK = 1024 * 1024;

/** The file's bytes in chunks (a leading UTF-8 BOM dropped), or ContentErrors naming it. */
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
  return {
    async *[Symbol.asyncIterator]() {
      let first = true;
      try {
        for (;;) {
          // A new buffer each time: the reader may keep a slice of the last chunk while it reads the next.
          const buffer = Buffer.allocUnsafe(CHUNK);
          const { bytesRead } = await opened.read(buffer, 0, CHUNK, null);
          if (bytesRead === 0) break;
          const bom = first && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
          first = false;
          yield buffer.subarray(bom, bytesRead);
        }
      } finally {
        await opened.close().catch(() => undefined);
      }
    },
  };
}
