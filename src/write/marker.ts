// The output marker: a file a build writes into every output folder, so the next build knows the folder is its own to replace.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { readPlainSync } from "../util/read-plain.js";

/** The marker's file name inside the output folder (a dotfile: not a page, not in the sitemap or any listing). */
export const MARKER = ".hotelsite-output";

/** The marker's contents: a short JSON note for whoever finds the file (no date: equal builds stay byte-equal). */
export function markerText(version: string): string {
  return (
    JSON.stringify(
      {
        generator: "hotelsite",
        version,
        note: "This folder was written by hotelsite build; the next build replaces it whole. Delete this file to keep the folder from being replaced.",
      },
      null,
      2,
    ) + "\n"
  );
}

/** What an existing output location holds, as far as replacing it is concerned. */
export type OutputState = "missing" | "empty" | "ours" | "foreign";

/** Names an older hotelsite (before the marker) always wrote at the output's top level. */
const OLD_LAYOUT = ["404.html", "_headers", "_redirects", "assets", "index.html", "robots.txt", "sitemap.xml"];

/** Whether `dir` is missing, empty, marked as ours (by a regular file), or someone else's. */
export async function outputState(dir: string): Promise<{ state: OutputState; oldLayout: boolean }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { state: "missing", oldLayout: false };
    throw e;
  }
  if (names.length === 0) return { state: "empty", oldLayout: false };
  // Only a regular file counts: a link named like the marker could make any folder look like ours.
  const marked = readPlainSync(path.join(dir, MARKER), { maxBytes: 4096 })?.bytes.toString("utf8").includes('"generator": "hotelsite"') ?? false;
  if (marked) return { state: "ours", oldLayout: false };
  return { state: "foreign", oldLayout: OLD_LAYOUT.every((n) => names.includes(n)) };
}
