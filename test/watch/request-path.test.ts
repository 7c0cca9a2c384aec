// Request targets: traversal in every spelling is refused before the disk is touched.
import { describe, expect, it } from "vitest";
import { MAX_URL_LENGTH, pageFile, parseRequestPath } from "../../src/watch/request-path.js";

describe("parseRequestPath", () => {
  it("splits a normal path into segments, decoding escapes and dropping the query", () => {
    expect(parseRequestPath("/zh/grand-hyatt-dubai/?x=1")).toEqual({ ok: true, pathname: "/zh/grand-hyatt-dubai/", segments: ["zh", "grand-hyatt-dubai"], trailingSlash: true });
    expect(parseRequestPath("/a%20b/c.html")).toEqual({ ok: true, pathname: "/a b/c.html", segments: ["a b", "c.html"], trailingSlash: false });
  });

  it("refuses .. in any spelling with 400", () => {
    for (const bad of ["/../package.json", "/a/../../package.json", "/%2e%2e/package.json", "/%2E%2E%2Fpackage.json", "/%2e%2e%2fpackage.json", "/.%2e/x", "/a/%2e/b"]) {
      expect(parseRequestPath(bad), bad).toMatchObject({ ok: false, status: 400 });
    }
  });

  it("refuses backslashes, NUL bytes and malformed escapes with 400", () => {
    for (const bad of ["/..\\package.json", "/..%5cpackage.json", "/..%5Cpackage.json", "/a%00.html", "/%E0%A4%A", "/%zz"]) {
      expect(parseRequestPath(bad), bad).toMatchObject({ ok: false, status: 400 });
    }
  });

  it("hides dot files with 404, and refuses over-long URLs with 414 and non-path targets with 400", () => {
    expect(parseRequestPath("/.hotelsite-tmp-1/index.html")).toMatchObject({ ok: false, status: 404 });
    expect(parseRequestPath("/" + "a".repeat(MAX_URL_LENGTH))).toMatchObject({ ok: false, status: 414 });
    expect(parseRequestPath("http://evil.example/")).toMatchObject({ ok: false, status: 400 });
    expect(parseRequestPath("*")).toMatchObject({ ok: false, status: 400 });
  });
});

describe("pageFile", () => {
  it("names the file the preview serves a page's path from, with or without the trailing slash", () => {
    expect(pageFile("/")).toBe("index.html");
    expect(pageFile("/zh/")).toBe("zh/index.html");
    expect(pageFile("/zh/grand-hyatt-dubai")).toBe("zh/grand-hyatt-dubai/index.html");
    expect(pageFile("/ja/grand-hyatt-dubai/")).toBe("ja/grand-hyatt-dubai/index.html");
    expect(pageFile("/zh/404.html")).toBe("zh/404.html");
    expect(pageFile("/a%20b/")).toBe("a b/index.html");
  });

  it("names nothing for a path the preview refuses", () => {
    expect(pageFile("/../etc/passwd")).toBeUndefined();
    expect(pageFile("relative")).toBeUndefined();
  });
});
