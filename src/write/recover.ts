// The names a build uses beside its output folder, and the clean-up after killed builds.
import { readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { OutputError } from "./guard.js";
import { alive, clearStaleLock } from "./lock.js";

/** This process's staging (tmp) and moved-aside (old) folders beside `outDir`, and the spare the next build reuses. */
export function stagingNames(outDir: string, pid = process.pid): { tmp: string; old: string; spare: string } {
  const at = (kind: string) => path.join(path.dirname(outDir), `.${path.basename(outDir)}.hotelsite-${kind}`);
  return { tmp: at(`tmp-${pid}`), old: at(`old-${pid}`), spare: at("spare") };
}

/** Throws unless `rel` is a plain relative path that stays inside the output folder. */
export function assertInside(rel: string): void {
  const norm = path.posix.normalize(rel);
  if (!rel || path.posix.isAbsolute(rel) || norm.startsWith("..") || norm !== rel || rel.includes("\\") || rel.includes("\0")) {
    throw new Error(`refusing to write outside the output folder: ${JSON.stringify(rel)}`);
  }
}

/** Puts back an output folder that a killed build had moved aside, and removes dead builds' leftovers. */
export async function recover(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  let outExists = names.includes(base);
  for (const name of names) {
    const m = name.match(/^\.(.+)\.hotelsite-(tmp|old|trash)-(\d+)$/);
    if (!m || m[1] !== base) continue;
    const full = path.join(parent, name);
    // A live process's folders are its own (trash: what builds before the spare deleted in a detached process).
    if (alive(Number(m[3]))) continue;
    if (m[2] === "old" && !outExists) {
      await rename(full, outDir);
      outExists = true;
    } else await rm(full, { recursive: true, force: true }).catch(() => {});
  }
  await clearStaleLock(outDir);
}

/** Explains a failed write in terms of the output location. */
export function outputError(e: unknown, outDir: string): Error {
  if (e instanceof OutputError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  const why: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    EROFS: "the file system is read-only",
    ENOSPC: "the disk is full",
    EDQUOT: "the disk quota is exceeded",
    ENOTDIR: "a file stands where a folder is needed",
    EEXIST: "a file stands where a folder is needed",
  };
  if (code && why[code]) return new OutputError(`cannot write the output to ${outDir}: ${why[code]}; the previous output is unchanged`);
  return e as Error;
}
