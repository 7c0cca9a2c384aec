// Stage 5: writes the output folder. A build writes into a temporary folder beside the output and swaps it in
// only when everything is there (sink.ts), so a failed or killed build leaves the last good output alone; watch
// updates the folder in place (writeChanged).
import { mkdir, readFile, rename, rm, rmdir, writeFile, copyFile, stat } from "node:fs/promises";
import { constants } from "node:fs";
import path from "node:path";
import type { OutputFile } from "../render/assets.js";
import { openOutput, type CopiedFile, type OpenOptions } from "./sink.js";
import { assertInside, outputError } from "./recover.js";
import { sameBytes } from "./same-bytes.js";

export { checkOutput, OutputError } from "./guard.js";
export { assertInside, recover } from "./recover.js";
export { openOutput, type CopiedFile, type OutputSink } from "./sink.js";

const TMP = ".hotelsite-tmp-";

/** Options for {@link writeOutput}: the sink's options plus every file at once. */
export interface WriteOptions extends OpenOptions {
  files: OutputFile[];
  copies?: CopiedFile[];
}

/** Stage 5 of the pipeline with every file in hand: replaces the output folder whole, or leaves it untouched. */
export async function writeOutput(opts: WriteOptions): Promise<{ files: number; linked: number }> {
  const { files, copies, ...open } = opts;
  const out = await openOutput(open);
  try {
    for (const c of copies ?? []) out.copy(c);
    for (const f of files) out.write(f);
  } catch (e) {
    await out.abort();
    throw e;
  }
  return out.commit();
}

/** Options for {@link writeChanged}. */
export interface WriteChangedOptions {
  outDir: string;
  files: OutputFile[];
  copies?: CopiedFile[];
  /** Files (relative to the output folder) that are no longer part of the site. */
  remove?: string[];
}

/** Replaces one file through a temp name beside it (made new, so nothing at that name is written through). */
async function replaceFile(target: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = `${target}${TMP}${process.pid}`;
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await rm(tmp, { recursive: true, force: true });
    await write(tmp);
    await rename(tmp, target);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => {});
    throw e;
  }
}

/**
 * Watch's writer: updates the output folder in place, writing only files whose content changed and removing
 * files the site no longer has (and the folders they leave empty). Builds use writeOutput's whole-folder swap.
 */
export async function writeChanged(opts: WriteChangedOptions): Promise<{ written: string[]; removed: string[] }> {
  const outDir = path.resolve(opts.outDir);
  const written: string[] = [];
  const removed: string[] = [];
  for (const f of [...opts.files, ...(opts.copies ?? []), ...(opts.remove ?? []).map((p) => ({ path: p }))]) assertInside(f.path);
  try {
    await Promise.all([
      ...opts.files.map(async (f) => {
        const target = path.join(outDir, f.path);
        const bytes = typeof f.contents === "string" ? Buffer.from(f.contents) : f.contents;
        if (await sameBytes(target, bytes)) return;
        await replaceFile(target, (tmp) => writeFile(tmp, bytes, { flag: "wx" }));
        written.push(f.path);
      }),
      ...(opts.copies ?? []).map(async (c) => {
        const target = path.join(outDir, c.path);
        if (await sameBytes(target, await readFile(c.from))) return;
        await replaceFile(target, (tmp) => copyFile(c.from, tmp, constants.COPYFILE_EXCL));
        written.push(c.path);
      }),
    ]);
    for (const rel of opts.remove ?? []) {
      const target = path.join(outDir, rel);
      const existed = await stat(target).then(() => true, () => false);
      await rm(target, { force: true });
      if (existed) removed.push(rel);
      // Remove the folders this leaves empty, up to (not including) the output folder.
      for (let dir = path.dirname(target); dir.startsWith(outDir + path.sep); dir = path.dirname(dir)) {
        if (!(await rmdir(dir).then(() => true, () => false))) break;
      }
    }
  } catch (e) {
    throw outputError(e, outDir);
  }
  return { written: written.sort(), removed: removed.sort() };
}
