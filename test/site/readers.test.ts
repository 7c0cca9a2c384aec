// Readers: which pages read each input, kept up to date with the pages a run resolved again.
import { describe, expect, it } from "vitest";
import { Readers } from "../../src/site/readers.js";

const was = new Map<string, readonly string[]>([
  ["index.html", ["site", "hotel:a#en/name", "hotel:b#en/name"]],
  ["a/index.html", ["site", "hotel:a#en", "hotel:b#en/name"]],
  ["b/index.html", ["site", "hotel:b#en"]],
]);

describe("Readers", () => {
  it("names the pages that read any of the inputs asked for", () => {
    const r = Readers.of(was);
    expect([...r.pagesOf(["hotel:b#en/name"])].sort()).toEqual(["a/index.html", "index.html"]);
    expect([...r.pagesOf(["hotel:a#en", "hotel:b#en"])].sort()).toEqual(["a/index.html", "b/index.html"]);
    expect([...r.pagesOf(["site"])].sort()).toEqual(["a/index.html", "b/index.html", "index.html"]);
    expect(r.pagesOf(["hotel:c#en", "unknown"]).size).toBe(0);
  });

  it("follows a page resolved again to the inputs it reads now, and takes in a new page", () => {
    const r = Readers.of(was);
    const now = new Map<string, readonly string[]>([
      // The home page no longer shows hotel a's name, and now shows c's.
      ["index.html", ["site", "hotel:b#en/name", "hotel:c#en/name"]],
      ["c/index.html", ["site", "hotel:c#en"]],
      // The same list as before: nothing to do.
      ["b/index.html", was.get("b/index.html")!],
    ]);
    r.update(was, now);
    expect(r.pagesOf(["hotel:a#en/name"]).size).toBe(0);
    expect([...r.pagesOf(["hotel:c#en/name"])]).toEqual(["index.html"]);
    expect([...r.pagesOf(["hotel:c#en"])]).toEqual(["c/index.html"]);
    expect([...r.pagesOf(["hotel:b#en/name"])].sort()).toEqual(["a/index.html", "index.html"]);
    expect([...r.pagesOf(["site"])].sort()).toEqual(["a/index.html", "b/index.html", "c/index.html", "index.html"]);
  });
});
