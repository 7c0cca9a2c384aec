// Readers: which pages read each input, kept up to date with the pages a run resolved again.
import { describe, expect, it } from "vitest";
import { input, type Input } from "../../src/site/inputs.js";
import { Readers } from "../../src/site/readers.js";

const site = input.site;
const name = (h: string) => input.field(`hotel:${h}`, "en", "name");
const text = (h: string) => input.text(`hotel:${h}`, "en");
const was = new Map<string, readonly Input[]>([
  ["index.html", [site, name("a"), name("b")]],
  ["a/index.html", [site, text("a"), name("b")]],
  ["b/index.html", [site, text("b")]],
]);

describe("Readers", () => {
  it("names the pages that read any of the inputs asked for", () => {
    const r = Readers.of(was);
    expect([...r.pagesOf([name("b")])].sort()).toEqual(["a/index.html", "index.html"]);
    expect([...r.pagesOf([text("a"), text("b")])].sort()).toEqual(["a/index.html", "b/index.html"]);
    expect([...r.pagesOf([site])].sort()).toEqual(["a/index.html", "b/index.html", "index.html"]);
    expect(r.pagesOf([text("c"), input.image("unknown")]).size).toBe(0);
  });

  it("follows a page resolved again to the inputs it reads now, and takes in a new page", () => {
    const r = Readers.of(was);
    const now = new Map<string, readonly Input[]>([
      // The home page no longer shows hotel a's name, and now shows c's.
      ["index.html", [site, name("b"), name("c")]],
      ["c/index.html", [site, text("c")]],
      // The same list as before: nothing to do.
      ["b/index.html", was.get("b/index.html")!],
    ]);
    r.update(was, now);
    expect(r.pagesOf([name("a")]).size).toBe(0);
    expect([...r.pagesOf([name("c")])]).toEqual(["index.html"]);
    expect([...r.pagesOf([text("c")])]).toEqual(["c/index.html"]);
    expect([...r.pagesOf([name("b")])].sort()).toEqual(["a/index.html", "index.html"]);
    expect([...r.pagesOf([site])].sort()).toEqual(["a/index.html", "b/index.html", "c/index.html", "index.html"]);
  });
});
