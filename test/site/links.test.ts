import { describe, expect, it } from "vitest";
import { deadLinks, fileForUrl, internalLinks } from "../../src/site/links.js";

describe("internalLinks", () => {
  it("finds root-relative URLs in href, src and srcset, quoted or not, and skips external ones", () => {
    const html = `<a href="/zh/">x</a><a href=/a/b/>y</a><img src='/i.png' srcset="/i-480.png 480w, /i-960.png 960w"><a href="https://x.test/">z</a><a href="//cdn.test/x">w</a><a href="mailto:a@b.c">m</a><a href="#main">s</a>`;
    expect(internalLinks(html).sort()).toEqual(["/a/b/", "/i-480.png", "/i-960.png", "/i.png", "/zh/"]);
  });
});

describe("fileForUrl", () => {
  it("maps folders to their index.html and drops query and fragment", () => {
    expect(fileForUrl("/")).toBe("index.html");
    expect(fileForUrl("/zh/#destinations")).toBe("zh/index.html");
    expect(fileForUrl("/assets/site.X.css?v=1")).toBe("assets/site.X.css");
    expect(fileForUrl("/a%20b.html")).toBe("a b.html");
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
