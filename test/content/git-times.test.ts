// Each text source's commit time, by the file it was read from: the site's own file, and any source named in
// `files`, whose entry for "site" (should it have one) wins as it did in { site, ...files }.
import { describe, expect, it } from "vitest";
import { sourceTimes } from "../../src/content/git-times.js";
import type { LoadedContent } from "../../src/types.js";

const loaded = (times: Record<string, number>) => ({ site: { file: "content/site.yaml" }, changed: new Map(Object.entries(times)) }) as unknown as LoadedContent;

describe("sourceTimes", () => {
  it("gives the time of each source whose file git knows, the site first", () => {
    const times = sourceTimes(loaded({ "content/site.yaml": 5, "content/hotels/a.yaml": 7 }), { strings: "content/strings.yaml", "hotel:a": "content/hotels/a.yaml" });
    expect(times).toEqual({ site: 5, "hotel:a": 7 });
    expect(Object.keys(times)).toEqual(["site", "hotel:a"]);
  });

  it("takes a site file named in `files` over the loaded one, time or no time", () => {
    expect(sourceTimes(loaded({ "content/site.yaml": 5, "other.yaml": 9 }), { site: "other.yaml" })).toEqual({ site: 9 });
    expect(sourceTimes(loaded({ "content/site.yaml": 5 }), { site: "unknown.yaml" })).toEqual({});
  });

  it("gives nothing without git's answer", () => {
    expect(sourceTimes({ site: { file: "content/site.yaml" } } as unknown as LoadedContent, { home: "content/home.yaml" })).toEqual({});
  });
});
