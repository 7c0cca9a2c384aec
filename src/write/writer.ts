// Stage 5: a build swaps in a whole new output folder (sink.ts), so a failed one leaves the last good output alone;
// watch updates the folder in place (writeChanged).
import { mkdir, readFile, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { writeGuarded } from "../io/write.js";
import type { OutputFile } from "../render/assets.js";
import type { CopiedFile } from "./sink.js";
import { assertInside, outputError } from "./recover.js";
import { sameBytes } from "./same-bytes.js";

export { checkOutput, OutputError } from "./guard.js";
export { assertInside, recover } from "./recover.js";
export { openOutput, type CopiedFile, type OutputSink } from "./sink.js";

/** Options for {@link writeChanged}. */
export interface WriteChangedOptions {
  outDir: string;
  files: OutputFile[];
  copies?: CopiedFile[];
  /** Files (relative to the output folder) that are no longer part of the site. */
  remove?: string[];
}

/** Watch's writer: updates the output in place, writing only changed files and removing those (and folders) the site lost. */
export async function writeChanged(opts: WriteChangedOptions): Promise<{ written: string[]; removed: string[] }> {
  const outDir = path.resolve(opts.outDir);
  const written: string[] = [];
  const removed: string[] = [];
  for (const f of [...opts.files, ...(opts.copies ?? []), ...(opts.remove ?? []).map((p) => ({ path: p }))]) assertInside(f.path);
  try {
    await Promise.all(
      [...opts.files, ...(opts.copies ?? [])].map(async (f) => {
        const target = path.join(outDir, f.path);
        const bytes = "from" in f ? await readFile(f.from) : typeof f.contents === "string" ? Buffer.from(f.contents) : f.contents;
        if (await sameBytes(target, bytes)) return;
        // Replaced the guarded way (io/write.ts: a temporary file renamed over it), its folder made first.
        await mkdir(path.dirname(target), { recursive: true });
        await writeGuarded(target, bytes, { refuseReadOnly: false, sync: false });
        written.push(f.path);
      }),
    );
    for (const rel of opts.remove ?? []) {
      const target = path.join(outDir, rel);
      const existed = await stat(target).then(() => true, () => false);
      await rm(target, { force: true });
      if (existed) removed.push(rel);
      for (let dir = path.dirname(target); dir.startsWith(outDir + path.sep); dir = path.dirname(dir)) {
        if (!(await rmdir(dir).then(() => true, () => false))) break;
      }
    }
  } catch (e) {
    throw outputError(e, outDir);
  }
  return { written: written.sort(), removed: removed.sort() };
}
