import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deadLinks, fileForUrl, scanPage, srcsetUrls } from "../../src/site/links.js";

describe("scanPage links", () => {
  it("finds root-relative URLs in href, src and srcset, quoted or not, and skips external ones", () => {
    const html = `<a href="/zh/">x</a><a href=/a/b/>y</a><img src='/i.png' srcset="/i-480.png 480w, /i-960.png 960w"><a href="https://x.test/">z</a><a href="//cdn.test/x">w</a><a href="mailto:a@b.c">m</a><a href="#main">s</a>`;
    expect(scanPage(html).links.sort()).toEqual(["#main", "/a/b/", "/i-480.png", "/i-960.png", "/i.png", "/zh/"]);
  });
});

describe("fileForUrl", () => {
  it("maps folders to their index.html and drops query and fragment", () => {
    expect(fileForUrl("/")).toBe("index.html");
    expect(fileForUrl("/zh/#destinations")).toBe("zh/index.html");
    expect(fileForUrl("/assets/site.X.css?v=1")).toBe("assets/site.X.css");
    expect(fileForUrl("/a%20b.html")).toBe("a b.html");
    expect(fileForUrl("/a/#b?c")).toBe("a/index.html");
    expect(fileForUrl("/a?b#c")).toBe("a");
    // A broken escape is left as written (with its slash: no file can be named so).
    expect(fileForUrl("/a%zz/?q")).toBe("/a%zz/");
  });
});

describe("deadLinks", () => {
  it("reports each link that names no output file, with the page holding it", () => {
    const errors = deadLinks(
      [
        { outFile: "index.html", html: '<a href="/ok/">ok</a><a href="/gone/">gone</a>' },
        { outFile: "ok/index.html", html: '<img src="/missing.svg">' },
      ],
      new Set(["index.html", "ok/index.html"]),
      "dist",
    );
    expect(errors.map((e) => e.format().split("\n")[0])).toEqual([
      "dist/index.html links to /gone/, which the build does not write",
      "dist/ok/index.html links to /missing.svg, which the build does not write",
    ]);
  });
});

describe("srcsetUrls", () => {
  it("reads candidates with and without descriptors, commas inside URLs and no space after commas", () => {
    expect(srcsetUrls("/a,b.png 1x,/c.png 2x")).toEqual(["/a,b.png", "/c.png"]);
    expect(srcsetUrls(" /i-480.png 480w , /i-960.png  960w ")).toEqual(["/i-480.png", "/i-960.png"]);
    // A comma ends a URL only when whitespace follows it (the standard reads "/a.png,/b.png" as one URL).
    expect(srcsetUrls("/only.png, /next.png")).toEqual(["/only.png", "/next.png"]);
    expect(srcsetUrls("/a.png,/b.png")).toEqual(["/a.png,/b.png"]);
  });
});

/** The character-by-character reading of srcset that srcsetUrls replaced with searches: the reference. */
function srcsetByCharacters(value: string): string[] {
  const space = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
  const urls: string[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && (space(value.charCodeAt(i)) || value.charCodeAt(i) === 44)) i++;
    let j = i;
    while (j < value.length && !space(value.charCodeAt(j))) j++;
    let end = j;
    while (end > i && value.charCodeAt(end - 1) === 44) end--;
    if (end > i) urls.push(value.slice(i, end));
    i = j;
    if (end < j) continue;
    let depth = 0;
    for (; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c === 44 && depth === 0) break;
      if (c === 40) depth++;
      else if (c === 41) depth = Math.max(0, depth - 1);
    }
  }
  return urls;
}

describe("srcsetUrls against the character-by-character reading", () => {
  it("finds the same URLs in any mix of URLs, descriptors, commas, parentheses and white space", () => {
    const piece = fc.constantFrom("/a.png", "/b,c.png", "480w", "2x", ",", ", ", " ", "\t", "\n", "\f", "\r", "(", ")", "(1, 2)", "x", "\u00a0");
    fc.assert(fc.property(fc.array(piece, { maxLength: 16 }), (parts) => {
      const value = parts.join("");
      expect(srcsetUrls(value)).toEqual(srcsetByCharacters(value));
    }), { numRuns: 3000 });
  });
});

describe("scanPage", () => {
  it("reads attributes as a browser does: entities decoded, comments and script text ignored", () => {
    const html = `<!-- <a href="/commented/"> --><script>var s = '<a href="/in-script/">';</script><a href="/q?a=1&amp;b=2">q</a><section id="x&amp;y"></section><a name="old"></a>`;
    expect(scanPage(html)).toEqual({ links: ["/q?a=1&b=2"], ids: ["x&y", "old"] });
  });

  it("reads React's spelling of the markup (srcSet, imageSrcSet, hrefLang, void elements closed with />)", () => {
    const html = '<!doctype html><html><head><meta charSet="utf-8"/><link rel="alternate" hrefLang="ja" href="/ja/"/><link rel="preload" imageSrcSet="/h.avif 1x"/></head><body><a href="#top" id="top">Top</a><img srcSet="/i-480.avif 480w, /i-960.avif 960w" alt="" hidden=""/><a href="https://example.com/">out</a></body></html>';
    expect(scanPage(html)).toEqual({ links: ["/ja/", "/h.avif", "#top", "/i-480.avif", "/i-960.avif"], ids: ["top"] });
  });
});

describe("deadLinks on fragments", () => {
  it("reports a #fragment missing on the page itself or on the page another link names, with page and target", () => {
    const errors = deadLinks(
      [
        { outFile: "index.html", html: '<main id="main"><a href="#main">skip</a><a href="#nowhere">x</a><a href="/zh/#destinations">zh</a></main>' },
        { outFile: "zh/index.html", html: '<section id="destinations"></section><a href="/#gone">back</a><a href="/#main">main</a><a href="#top">top</a>' },
      ],
      new Set(["index.html", "zh/index.html"]),
      "dist",
    );
    expect(errors.map((e) => e.format().split("\n")[0])).toEqual([
      'dist/index.html links to #nowhere, but index.html has no element with id="nowhere"',
      'dist/zh/index.html links to /#gone, but index.html has no element with id="gone"',
    ]);
  });

  it("checks a fragment into a page not in the list against the ids idsOf gives for it (watch: the last run's pages)", () => {
    const known: Record<string, string[]> = { "b.html": ["y"] };
    const errors = deadLinks([{ outFile: "a.html", links: ["/b.html#y", "/b.html#x"], ids: [] }], new Set(["a.html", "b.html"]), "dist", (f) => known[f]);
    expect(errors.map((e) => e.message)).toEqual(['links to /b.html#x, but b.html has no element with id="x"']);
    // A page in the list gives its own ids, not the ones idsOf has.
    const listed = deadLinks(
      [
        { outFile: "a.html", links: ["/b.html#x"], ids: [] },
        { outFile: "b.html", links: [], ids: ["x"] },
      ],
      new Set(["a.html", "b.html"]),
      "dist",
      (f) => known[f],
    );
    expect(listed).toEqual([]);
  });

  it("checks against any set-like lookup of files, and a fragment against the ids its page gave", () => {
    const asked: string[] = [];
    const files = { has: (f: string) => (asked.push(f), f !== "gone.html") };
    const errors = deadLinks(
      [
        { outFile: "a.html", links: ["/b.html#x", "/gone.html", "/c.html#top"], ids: [] },
        { outFile: "b.html", links: [], ids: ["y"] },
        { outFile: "c.html", links: [], ids: [] },
      ],
      files,
      "dist",
    );
    expect(errors.map((e) => e.message)).toEqual(['links to /b.html#x, but b.html has no element with id="x"', "links to /gone.html, which the build does not write"]);
    expect(asked).toEqual(["b.html", "gone.html", "c.html"]);
  });

  it("reports a srcset entry that names no output file", () => {
    const errors = deadLinks([{ outFile: "index.html", html: '<img src="/a.png" srcset="/a.png 1x, /a@2x.png 2x">' }], new Set(["index.html", "a.png"]), "dist");
    expect(errors.map((e) => e.message)).toEqual(["links to /a@2x.png, which the build does not write"]);
  });
});
