// The output of a build: opened before rendering (guards, the lock, an empty staging folder), filled by the
// rendering threads (each writes its own pages there through staging.ts) and by this thread (assets, publishing
// files, image copies), then committed: the staging folder is swapped in whole, or, on abort, removed. The old
// output is moved aside in one rename and deleted after the swap, a large one by a detached process so the
// command need not wait.
import { spawn } from "node:child_process";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { OutputFile } from "../render/assets.js";
import { packageRoot } from "../util/paths.js";
import { pauseFor } from "../util/test-pause.js";
import { guardOwnership, guardPlaces, OutputError, type GuardOptions } from "./guard.js";
import { lockOutput } from "./lock.js";
import { MARKER, markerText } from "./marker.js";
import { outputError, recover, stagingNames } from "./recover.js";
import { stagingWriter, type CopiedFile, type StagingOptions } from "./staging.js";

export type { CopiedFile } from "./staging.js";

/** Options for {@link openOutput}. */
export interface OpenOptions extends GuardOptions {
  /** How long to wait for another build writing the same folder (default: HOTELSITE_LOCK_WAIT_MS or 30 s). */
  lockWaitMs?: number;
  /** Old outputs with at least this many files are deleted by a detached process (default {@link BACKGROUND_DELETE_FILES}). */
  backgroundDeleteFiles?: number;
  /** Link files whose bytes did not change from the output being replaced (default true; false writes every file). */
  linkPrevious?: boolean;
}

/** From this many files, the replaced output is deleted by a detached process after the command's work is done. */
export const BACKGROUND_DELETE_FILES = 1000;

/** Files written into the staging folder, and how many of them were linked unchanged from the replaced output. */
export interface Written {
  files: number;
  linked: number;
}

/** An output being written: files go in one by one, from any thread, then the whole folder is committed or thrown away. */
export interface OutputSink {
  /** The output folder's resolved path. */
  outDir: string;
  /** Where the rendering threads write their pages (they count what they write into `also` of commit). */
  staging: StagingOptions;
  /** Writes one file into the staging folder. */
  write(file: OutputFile): void;
  /** Copies one file (an image) into the staging folder (or links it from the output it replaces: staging.ts). */
  copy(file: CopiedFile): void;
  /** Swaps the staging folder in as the output; `also` counts what other threads wrote. */
  commit(also?: Written): Promise<Written>;
  /** Throws the staging folder away; the previous output stays as it was. */
  abort(): Promise<void>;
}

/** hotelsite's version, for the marker. */
function version(): string {
  try {
    return (createRequire(import.meta.url)(path.join(packageRoot(), "package.json")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/**
 * Deletes a trash folder in a detached process that outlives this one. The process first renames the folder to
 * carry its own pid, so the next build's recover() leaves it alone while it works (two deletes of one large
 * folder cost the next build a second of both cores) and finishes the job should it die.
 */
function deleteDetached(dir: string): void {
  const script = "const fs = require('fs'); let dir = process.argv[1]; const own = dir.replace(/-\\d+$/, '-' + process.pid); try { fs.renameSync(dir, own); dir = own } catch {} fs.rmSync(dir, { recursive: true, force: true })";
  const child = spawn(process.execPath, ["-e", script, dir], {
    detached: true,
    stdio: "ignore",
  });
  child.on("error", () => {});
  child.unref();
}

/** Opens the output folder for a build: guards, the lock, leftovers of killed builds, an empty staging folder. */
export async function openOutput(opts: OpenOptions): Promise<OutputSink> {
  const outDir = path.resolve(opts.outDir);
  await guardPlaces(opts);
  const { tmp, old, trash } = stagingNames(outDir);
  try {
    await mkdir(path.dirname(outDir), { recursive: true });
  } catch (e) {
    throw outputError(e, outDir);
  }
  const lock = await lockOutput(outDir, opts.lockWaitMs).catch((e) => Promise.reject(outputError(e, outDir)));
  let staging: StagingOptions;
  try {
    await recover(outDir);
    await guardOwnership(outDir, opts.force);
    await rm(tmp, { recursive: true, force: true });
    await mkdir(tmp);
    // Files whose bytes the output being replaced already holds are linked from it (staging.ts).
    const previous = opts.linkPrevious === false ? undefined : await stat(outDir).then((s) => (s.isDirectory() ? outDir : undefined), () => undefined);
    staging = { dir: tmp, previous };
  } catch (e) {
    await rm(tmp, { recursive: true, force: true }).catch(() => {});
    await lock.release();
    throw outputError(e, outDir);
  }
  const writer = stagingWriter(staging);
  const written: Written = { files: 0, linked: 0 };
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

  return {
    outDir,
    staging,
    write: (f) => call(() => writer.write(f.path, f.contents)),
    copy: (c) => call(() => writer.copy(c)),
    async commit(also) {
      closed = true;
      const total = { files: written.files + (also?.files ?? 0), linked: written.linked + (also?.linked ?? 0) };
      let replaced = false;
      try {
        await writeFile(path.join(tmp, MARKER), markerText(version()));
        await pauseFor("write:tmp");
        await guardOwnership(outDir, opts.force);
        replaced = await rename(outDir, old).then(
          () => true,
          (e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? false : Promise.reject(e)),
        );
        await pauseFor("write:swap");
        await rename(tmp, outDir);
      } catch (e) {
        await rm(tmp, { recursive: true, force: true }).catch(() => {});
        await lock.release();
        throw e instanceof OutputError ? e : outputError(e, outDir);
      }
      await lock.release();
      if (replaced) {
        // The old output leaves under a name recover() never puts back, then goes off the critical path when large.
        await rename(old, trash);
        if (total.files >= (opts.backgroundDeleteFiles ?? BACKGROUND_DELETE_FILES)) deleteDetached(trash);
        else await rm(trash, { recursive: true, force: true });
      }
      return total;
    },
    async abort() {
      closed = true;
      await rm(tmp, { recursive: true, force: true }).catch(() => {});
      await lock.release();
    },
  };
}
