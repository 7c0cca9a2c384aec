// Stage 5: writes the output folder all at once. A build writes into a temporary folder beside the output and
// swaps it in only when everything is there, so a failed or killed build leaves the last good output alone.
import { mkdir, readdir, rename, rm, writeFile, copyFile, stat } from "node:fs/promises";
import path from "node:path";
import type { OutputFile } from "../render/assets.js";

/** A file copied unchanged from the content folder (images). */
export interface CopiedFile {
  path: string;
  from: string;
}

/** Options for {@link writeOutput}. */
export interface WriteOptions {
  outDir: string;
  files: OutputFile[];
  copies?: CopiedFile[];
  /** Folders the output must never be, nor contain (the project, content, templates). */
  protect?: string[];
}

/** A problem with the output location (not a bug, not content): exit code 2 with a plain message. */
export class OutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutputError";
  }
}

const TMP = ".hotelsite-tmp-";
const OLD = ".hotelsite-old-";

/** Throws unless `rel` is a plain relative path that stays inside the output folder. */
export function assertInside(rel: string): void {
  const norm = path.posix.normalize(rel);
  if (!rel || path.posix.isAbsolute(rel) || norm.startsWith("..") || norm !== rel || rel.includes("\\") || rel.includes("\0")) {
    throw new Error(`refusing to write outside the output folder: ${JSON.stringify(rel)}`);
  }
}

/** True when a process with this pid is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Puts back an output folder that a killed build had moved aside, and removes dead builds' temp folders. */
export async function recover(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  const outExists = names.includes(base);
  for (const name of names) {
    const m = name.match(/^\.(.+)\.hotelsite-(tmp|old)-(\d+)$/);
    if (!m || m[1] !== base || alive(Number(m[3]))) continue;
    const full = path.join(parent, name);
    if (m[2] === "old" && !outExists) await rename(full, outDir);
    else await rm(full, { recursive: true, force: true });
  }
}

/** Explains a failed write in terms of the output location. */
function outputError(e: unknown, outDir: string): Error {
  const code = (e as NodeJS.ErrnoException).code;
  const why: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    EROFS: "the file system is read-only",
    ENOSPC: "the disk is full",
    EDQUOT: "the disk quota is exceeded",
    ENOTDIR: "a file stands where a folder is needed",
  };
  if (code && why[code]) return new OutputError(`cannot write the output to ${outDir}: ${why[code]}; the previous output is unchanged`);
  return e as Error;
}

/** Writes every file into `dir`, creating folders as needed. */
async function writeAll(dir: string, files: OutputFile[], copies: CopiedFile[]): Promise<void> {
  const dirs = new Set<string>();
  for (const f of [...files, ...copies]) {
    assertInside(f.path);
    dirs.add(path.dirname(path.join(dir, f.path)));
  }
  for (const d of [...dirs].sort()) await mkdir(d, { recursive: true });
  await Promise.all([
    ...files.map((f) => writeFile(path.join(dir, f.path), f.contents)),
    ...copies.map((c) => copyFile(c.from, path.join(dir, c.path))),
  ]);
}

/** Stage 5 of the pipeline: replaces the output folder whole, or leaves it untouched. */
export async function writeOutput(opts: WriteOptions): Promise<{ files: number }> {
  const outDir = path.resolve(opts.outDir);
  for (const p of opts.protect ?? []) {
    const guarded = path.resolve(p);
    if (outDir === guarded || guarded.startsWith(outDir + path.sep) || outDir === path.parse(outDir).root) {
      throw new OutputError(`refusing to use ${outDir} as the output folder: it would replace ${guarded}`);
    }
  }
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const tmp = path.join(parent, `.${base}${TMP}${process.pid}`);
  const old = path.join(parent, `.${base}${OLD}${process.pid}`);
  try {
    await mkdir(parent, { recursive: true });
    await recover(outDir);
    await rm(tmp, { recursive: true, force: true });
    await mkdir(tmp);
    await writeAll(tmp, opts.files, opts.copies ?? []);
    const exists = await stat(outDir).then(
      (s) => s.isDirectory() || Promise.reject(new OutputError(`${outDir} exists and is not a folder`)),
      () => false,
    );
    if (exists) await rename(outDir, old);
    await rename(tmp, outDir);
    if (exists) await rm(old, { recursive: true, force: true });
  } catch (e) {
    await rm(tmp, { recursive: true, force: true }).catch(() => {});
    throw outputError(e, outDir);
  }
  return { files: opts.files.length + (opts.copies?.length ?? 0) };
}
