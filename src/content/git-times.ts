// When each content file last really changed, from one `git log` over the content folder, read at load; outside a
// checkout there is no answer and the sitemap leaves lastmod out rather than trust file times every copy changes.
import { execFile } from "node:child_process";
import type { LoadedContent } from "../types.js";

/** Latest commit time (Unix seconds) of each tracked file under `contentDir`, by content-relative path. */
export function gitChangeTimes(contentDir: string): Promise<Map<string, number>> {
  return new Promise((resolve) => {
    execFile(
      "git",
      ["-C", contentDir, "log", "--format=@%ct", "--name-only", "--relative", "--no-renames", "-z", "--", "."],
      { maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" } },
      (error, stdout) => resolve(error ? new Map() : parseLog(stdout)),
    );
  });
}

/** Parses `git log --format=@%ct --name-only -z`: newest commit first, so a file's first time is its latest. */
function parseLog(out: string): Map<string, number> {
  const times = new Map<string, number>();
  let time = 0;
  for (const raw of out.split(/[\0\n]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    if (/^@\d+$/.test(entry)) time = Number(entry.slice(1));
    else if (!times.has(entry)) times.set(entry, time);
  }
  return times;
}

/** Each text source's time ("site", "strings", "home", "hotel:<id>"), for the sources whose file git knows. */
export function sourceTimes(loaded: LoadedContent, files: Record<string, string>): Record<string, number> {
  const times: Record<string, number> = {};
  const add = (source: string, file: string) => {
    const t = loaded.changed?.get(file);
    if (t !== undefined) times[source] = t;
  };
  // Should `files` name "site" too, its file counts (as in { site, ...files }).
  add("site", Object.hasOwn(files, "site") ? files.site : loaded.site.file);
  for (const source of Object.keys(files)) if (source !== "site") add(source, files[source]);
  return times;
}
