// The output of a build: a staging folder the main thread writes into, swapped in whole on commit; the replaced output is
// kept as the spare that the next build's staging folder reuses (its folders and unchanged files stay).
import { lstat, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { OutputFile } from "../render/assets.js";
import { packageRoot } from "../util/paths.js";
import { guardOwnership, guardPlaces, OutputError, type GuardOptions } from "./guard.js";
import { lockOutput } from "./lock.js";
import { MARKER, markerText } from "./marker.js";
import { outputError, recover, stagingNames } from "./recover.js";
import { clearLeftovers, stagingWriter, type CopiedFile, type StagingOptions } from "./staging.js";

export type { CopiedFile } from "./staging.js";

/** Options for {@link openOutput}. */
export interface OpenOptions extends GuardOptions {
  /** How long to wait for another build writing the same folder (default: HOTELSITE_LOCK_WAIT_MS or 30 s). */
  lockWaitMs?: number;
  /** Link files whose bytes did not change from the output being replaced (default true). */
  linkPrevious?: boolean;
}

/** Copies made in one go by copyAll: a few milliseconds, so a page waiting to be written waits no longer. */
const COPIES_AT_ONCE = 8;

/** Files written into the staging folder, and how many of them are the replaced output's own (unchanged). */
export interface Written {
  files: number;
  linked: number;
}

/** An output being written: files go in one by one, then the whole folder is committed or thrown away. */
export interface OutputSink {
  outDir: string;
  write(file: OutputFile): void;
  copy(file: CopiedFile): void;
  /** Copies files a few at a time, so what else the main thread does (pages coming back to be written) goes on between them. */
  copyAll(files: CopiedFile[]): Promise<void>;
  /** Swaps the staging folder in as the output. */
  commit(): Promise<Written>;
  /** Throws the staging folder away; the previous output stays as it was. */
  abort(): Promise<void>;
}

function version(): string {
  try {
    return (createRequire(import.meta.url)(path.join(packageRoot(), "package.json")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/** Writes `file` as a new file: whatever stands at its name (a link, a FIFO, a folder) is removed, never written through or opened. */
async function writeNew(file: string, data: string): Promise<void> {
  await rm(file, { recursive: true, force: true });
  await writeFile(file, data, { flag: "wx" });
}

/** Opens the output folder for a build: guards, the lock, leftovers of killed builds, an empty staging folder. */
export async function openOutput(opts: OpenOptions): Promise<OutputSink> {
  const outDir = path.resolve(opts.outDir);
  await guardPlaces(opts);
  const { tmp, old, spare } = stagingNames(outDir);
  try {
    await mkdir(path.dirname(outDir), { recursive: true });
  } catch (e) {
    throw outputError(e, outDir);
  }
  const lock = await lockOutput(outDir, opts.lockWaitMs).catch((e) => Promise.reject(outputError(e, outDir)));
  let staging: StagingOptions;
  /** Whether the staging folder is the spare, which holds what this build may not write. */
  let recycled = false;
  try {
    await recover(outDir);
    await guardOwnership(outDir, opts.force);
    await rm(tmp, { recursive: true, force: true });
    const kind = await lstat(spare).catch(() => undefined);
    recycled = !!kind?.isDirectory();
    if (recycled) await rename(spare, tmp);
    else {
      if (kind) await rm(spare, { force: true });
      await mkdir(tmp);
    }
    const previous = opts.linkPrevious === false ? undefined : await stat(outDir).then((s) => (s.isDirectory() ? outDir : undefined), () => undefined);
    staging = { dir: tmp, previous };
  } catch (e) {
    await rm(tmp, { recursive: true, force: true }).catch(() => {});
    await lock.release();
    throw outputError(e, outDir);
  }
  const writer = stagingWriter(staging);
  const written: Written = { files: 0, linked: 0 };
  const paths: string[] = [];
  let closed = false;
  /** Runs one write, a disk failure becoming the output's error. */
  const call = (run: () => boolean | void) => {
    if (closed) throw new Error("hotelsite: write after commit or abort");
    try {
      if (run()) written.linked++;
      written.files++;
    } catch (e) {
      throw outputError(e, outDir);
    }
  };

  const copy = (c: CopiedFile) => call(() => (paths.push(c.path), writer.copy(c)));

  return {
    outDir,
    write: (f) => call(() => (paths.push(f.path), writer.write(f.path, f.contents))),
    copy,
    async copyAll(files) {
      for (let i = 0; i < files.length; i++) {
        if (i > 0 && i % COPIES_AT_ONCE === 0) await new Promise(setImmediate);
        copy(files[i]);
      }
    },
    async commit() {
      closed = true;
      let replaced = false;
      try {
        if (recycled) clearLeftovers(tmp, new Set([...paths, MARKER]));
        await writeNew(path.join(tmp, MARKER), markerText(version()));
        await guardOwnership(outDir, opts.force);
        replaced = await rename(outDir, old).then(
          () => true,
          (e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? false : Promise.reject(e)),
        );
        await rename(tmp, outDir);
      } catch (e) {
        await rm(tmp, { recursive: true, force: true }).catch(() => {});
        await lock.release();
        throw e instanceof OutputError ? e : outputError(e, outDir);
      }
      // The replaced output becomes the spare, with a .gitignore (written new: a committed output may hold a link there).
      if (replaced) {
        await rename(old, spare)
          .then(() => writeNew(path.join(spare, ".gitignore"), "*\n"))
          .catch(() => Promise.all([old, spare].map((d) => rm(d, { recursive: true, force: true }).catch(() => {}))));
      }
      await lock.release();
      return written;
    },
    async abort() {
      closed = true;
      await rm(tmp, { recursive: true, force: true }).catch(() => {});
      await lock.release();
    },
  };
}
