// The output of a build: opened before rendering (guards, the lock, a staging folder), filled by the rendering
// threads (each writes its own pages there through staging.ts) and by this thread (assets, publishing files,
// image copies), then committed: the staging folder is swapped in whole, or, on abort, removed. The replaced
// output is kept beside it as the spare, and the next build's staging folder is that spare: its folders exist
// and its unchanged files stay, so a rebuild neither makes 4,000 folders nor deletes 4,000 (on this VM those
// took a third of a 4,008-page rebuild's CPU, the deleting in a detached process after the command).
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
  /** Link files whose bytes did not change from the output being replaced (default true; false writes every file). */
  linkPrevious?: boolean;
}

/** Files written into the staging folder, and how many of them are the replaced output's own (unchanged). */
export interface Written {
  files: number;
  linked: number;
}

/** What other threads wrote into the staging folder: their count and their paths (all else there is cleared away). */
export interface WrittenElsewhere extends Written {
  paths: Iterable<string>;
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
  /** Swaps the staging folder in as the output; `also` is what other threads wrote. */
  commit(also?: WrittenElsewhere): Promise<Written>;
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
    // The spare (the output before last) becomes the staging folder when it is a real folder; else a new one.
    const kind = await lstat(spare).catch(() => undefined);
    recycled = !!kind?.isDirectory();
    if (recycled) await rename(spare, tmp);
    else {
      if (kind) await rm(spare, { force: true });
      await mkdir(tmp);
    }
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

  return {
    outDir,
    staging,
    write: (f) => call(() => (paths.push(f.path), writer.write(f.path, f.contents))),
    copy: (c) => call(() => (paths.push(c.path), writer.copy(c))),
    async commit(also) {
      closed = true;
      const total = { files: written.files + (also?.files ?? 0), linked: written.linked + (also?.linked ?? 0) };
      let replaced = false;
      try {
        // What the spare held and this build did not write goes; the marker is written new (never through a link).
        if (recycled) clearLeftovers(tmp, new Set([...paths, ...(also?.paths ?? []), MARKER]));
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
      // The replaced output becomes the spare, with a .gitignore so that a project's git never lists it. That
      // output may be one a pull request committed, with a link or a FIFO named .gitignore: written new, never through.
      if (replaced) {
        await rename(old, spare)
          .then(() => writeNew(path.join(spare, ".gitignore"), "*\n"))
          .catch(() => Promise.all([old, spare].map((d) => rm(d, { recursive: true, force: true }).catch(() => {}))));
      }
      await lock.release();
      return total;
    },
    async abort() {
      closed = true;
      await rm(tmp, { recursive: true, force: true }).catch(() => {});
      await lock.release();
    },
  };
}
