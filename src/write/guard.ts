// Checks that an output location may be replaced: never the project, the content or the templates (real paths, both
// directions), never the root, never a folder hotelsite did not write unless --force.
import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { outputState, MARKER } from "./marker.js";
import { isWithin } from "../util/paths.js";

/** A problem with the output location (not a bug, not content): exit code 2 with a plain message. */
export class OutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutputError";
  }
}

/** Folders an output location must keep clear of. */
export interface GuardOptions {
  outDir: string;
  /** Folders the output must never be, nor contain (the project). */
  protect?: string[];
  /** Folders the output must never be, contain, nor lie inside (content, templates): also checked the other way. */
  sources?: string[];
  /** Replace a folder without the marker (the user's explicit choice). */
  force?: boolean;
}

/** The real path of `p`: symlinks resolved in every part that exists, the rest appended as spelled. */
export async function realPathOf(p: string): Promise<string> {
  const abs = path.resolve(p);
  try {
    return await realpath(abs);
  } catch {
    const parent = path.dirname(abs);
    return parent === abs ? abs : path.join(await realPathOf(parent), path.basename(abs));
  }
}

/** Both spellings of a path: as given (resolved) and real. */
async function spellings(p: string): Promise<string[]> {
  return [...new Set([path.resolve(p), await realPathOf(p)])];
}

/** Refuses output locations that would replace or sit inside what must be protected; returns the output's real path. */
export async function guardPlaces(opts: Pick<GuardOptions, "outDir" | "protect" | "sources">): Promise<string> {
  const outDir = path.resolve(opts.outDir);
  const outs = await spellings(outDir);
  for (const out of outs) {
    if (out === path.parse(out).root) throw new OutputError(`refusing to use ${outDir} as the output folder: it is the root of the file system`);
  }
  const checks = [...(opts.protect ?? []).map((p) => ({ p, source: false })), ...(opts.sources ?? []).map((p) => ({ p, source: true }))];
  for (const { p, source } of checks) {
    for (const guarded of await spellings(p)) {
      for (const out of outs) {
        if (isWithin(out, guarded)) throw new OutputError(`refusing to use ${outDir} as the output folder: it would replace ${path.resolve(p)}`);
        if (source && isWithin(guarded, out)) {
          throw new OutputError(`refusing to use ${outDir} as the output folder: it lies inside ${path.resolve(p)}, which the build reads; choose an --out outside it`);
        }
      }
    }
  }
  return outs[outs.length - 1];
}

/** Refuses to replace an existing folder that is neither empty nor marked as hotelsite's own, unless forced. */
export async function guardOwnership(outDir: string, force = false): Promise<void> {
  const info = await lstat(outDir).catch(() => undefined);
  if (!info) return;
  if (info.isSymbolicLink() && !force) {
    throw new OutputError(`refusing to replace ${outDir}: it is a symbolic link; give --out the folder it points to, or run with --force to replace the link`);
  }
  if (!info.isDirectory() && !info.isSymbolicLink()) throw new OutputError(`${outDir} exists and is not a folder`);
  if (force) return;
  const { state, oldLayout } = await outputState(outDir);
  if (state !== "foreign") return;
  const why = oldLayout
    ? `it looks like the output of an older hotelsite, which wrote no ${MARKER} marker`
    : `it is not empty and has no ${MARKER} marker, so hotelsite did not write it`;
  throw new OutputError(
    `refusing to replace ${outDir}: ${why}. A build replaces the whole folder and would delete its files. ` +
      `Run with --force to replace it anyway (once: the new output carries the marker), or choose an empty or new --out folder.`,
  );
}

/** Both checks, before a build spends time loading and rendering (openOutput checks again under the lock). */
export async function checkOutput(opts: GuardOptions): Promise<void> {
  await guardPlaces(opts);
  await guardOwnership(path.resolve(opts.outDir), opts.force);
}
