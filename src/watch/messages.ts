// What watch prints after each run: one line for a good rebuild, build's own error report for a bad one.
import { formatErrors, unpublishedNote, variantsNote } from "../summary.js";
import type { RunReport } from "../state.js";

/** A clock time for log lines (HH:MM:SS, local). */
function clock(date: Date): string {
  return date.toTimeString().slice(0, 8);
}

/** Pages listed with why they were rendered (`watch --verbose`), at most this many a run. */
const WHY_SHOWN = 20;

/** Each rendered page with why (the input or template that changed), for `watch --verbose`. */
function whyLines(report: RunReport): string {
  const entries = Object.entries(report.why);
  const shown = entries.slice(0, WHY_SHOWN).map(([file, why]) => `\n  ${file}: ${why}`);
  return shown.join("") + (entries.length > WHY_SHOWN ? `\n  and ${entries.length - WHY_SHOWN} more` : "");
}

/** The terminal text for one run: `out` for a good run, `err` for a failed one; `verbose` says why each page rendered. */
export function formatRebuild(report: RunReport, now = new Date(), verbose = false, cwd = process.cwd()): { out?: string; err?: string } {
  const what = report.changed.length ? `${report.changed.slice(0, 3).join(", ")}${report.changed.length > 3 ? ` and ${report.changed.length - 3} more` : ""}` : "first build";
  const unpublished = report.ok ? unpublishedNote(report.warnings) : "";
  const variants = report.encoded?.dir ? [variantsNote(report.encoded.variants, report.encoded.dir, cwd)] : [];
  const notes = [...report.notes, ...(unpublished ? [unpublished] : []), ...variants].map((n) => `\n  note: ${n}`).join("");
  if (report.ok) {
    const n = report.rendered.length;
    const w = report.written.length + report.removed.length;
    // A run written in batches: when the pages an editor looks at were on disk.
    const first = report.firstBatch ? ` (the first ${report.firstBatch.pages} on disk in ${Math.round(report.firstBatch.ms)} ms)` : "";
    return {
      out:
        `[${clock(now)}] ${what}: rendered ${n} of ${report.pages} page${report.pages === 1 ? "" : "s"}, ` +
        `${w} file${w === 1 ? "" : "s"} updated in ${Math.round(report.ms)} ms${first}${notes}${verbose ? whyLines(report) : ""}`,
    };
  }
  const body = report.errors.length
    ? formatErrors(report.errors)
    : `hotelsite: internal error (please report it with this trace)\n${report.failure?.stack ?? String(report.failure)}`;
  const serving = report.pages ? "Still serving the last good pages; save a fix to rebuild." : "Nothing built yet; save a fix to rebuild.";
  return { err: `[${clock(now)}] ${what}: the rebuild failed\n${body}\n${serving}${notes}` };
}

/** The log line for a watched folder that was replaced, removed or came back (a branch switch, a restore). */
export function folderNote(shown: string, what: "replaced" | "gone" | "back", now = new Date()): string {
  const text = {
    replaced: `${shown} was replaced by another folder: watching the new one and rebuilding from it`,
    gone: `${shown} was removed or moved away: watching for a folder of that name to come back`,
    back: `${shown} is there again: watching it and rebuilding from it`,
  }[what];
  return `[${clock(now)}] ${text}`;
}
