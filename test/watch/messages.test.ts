// What watch prints: a line per good run, build's own error report for a bad one.
import { describe, expect, it } from "vitest";
import { ContentError } from "../../src/errors.js";
import type { RunReport } from "../../src/state.js";
import { formatRebuild } from "../../src/watch/messages.js";

const base: RunReport = { ok: true, full: false, changed: ["content/hotels/beta.yaml"], rendered: ["a", "b", "c", "d", "e", "f"], why: { a: "hotel:beta#en/description changed", b: 'template "story" changed' }, written: ["a"], removed: [], pages: 102, warnings: [], errors: [], notes: [], ms: 41.6, timings: {} };
const at = new Date(2031, 4, 1, 9, 5, 7);

describe("formatRebuild", () => {
  it("says what changed, how many pages were rendered and files updated, and how long it took", () => {
    expect(formatRebuild(base, at)).toEqual({ out: "[09:05:07] content/hotels/beta.yaml: rendered 6 of 102 pages, 1 file updated in 42 ms" });
    expect(formatRebuild({ ...base, changed: ["a", "b", "c", "d", "e"], notes: ["restart"] }, at).out).toBe(
      "[09:05:07] a, b, c and 2 more: rendered 6 of 102 pages, 1 file updated in 42 ms\n  note: restart",
    );
  });

  it("for a run written in batches, says when the first batch was on disk", () => {
    expect(formatRebuild({ ...base, firstBatch: { pages: 3, ms: 140.4 }, ms: 905 }, at).out).toBe(
      "[09:05:07] content/hotels/beta.yaml: rendered 6 of 102 pages, 1 file updated in 905 ms (the first 3 on disk in 140 ms)",
    );
  });

  it("names the hotels left unpublished and the image variants a run encoded, which are to be committed", () => {
    const unpublished = { place: { file: "content/hotels/fukuoka.yaml" }, message: "is not published", unpublished: "fukuoka" };
    expect(formatRebuild({ ...base, warnings: [unpublished], encoded: { variants: 12, dir: "/site/content/.generated/images" } }, at, false, "/site").out).toBe(
      "[09:05:07] content/hotels/beta.yaml: rendered 6 of 102 pages, 1 file updated in 42 ms\n" +
        "  note: not published: fukuoka (TODO placeholders left)\n" +
        "  note: Encoded 12 new image variants into content/.generated/images: commit them with the content, so the next clone builds without encoding.",
    );
  });

    it("with --verbose lists each rendered page with why", () => {
    expect(formatRebuild(base, at, true).out).toBe('[09:05:07] content/hotels/beta.yaml: rendered 6 of 102 pages, 1 file updated in 42 ms\n  a: hotel:beta#en/description changed\n  b: template "story" changed');
  });

  it("prints a failed run's errors exactly as build does, and that the last good pages are still served", () => {
    const error = new ContentError({ file: "content/hotels/beta.yaml", line: 2, column: 9, pointer: "/layout" }, "must be one of: showcase, story, article");
    const r = formatRebuild({ ...base, ok: false, errors: [error] }, at);
    expect(r.out).toBeUndefined();
    expect(r.err).toBe(
      "[09:05:07] content/hotels/beta.yaml: the rebuild failed\n" +
        "content/hotels/beta.yaml:2:9 /layout must be one of: showcase, story, article\n\n1 error found.\n" +
        "Still serving the last good pages; save a fix to rebuild.",
    );
    expect(formatRebuild({ ...base, ok: false, errors: [error], pages: 0, changed: [] }, at).err).toMatch(/^\[09:05:07\] first build: the rebuild failed\n[\s\S]*Nothing built yet; save a fix to rebuild\.$/);
  });
});
