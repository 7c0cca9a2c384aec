// _headers parsing and matching: the preview applies production's headers.
import { describe, expect, it } from "vitest";
import { headersFor, matchesPattern, parseHeaders } from "../../src/watch/headers.js";

const FILE = `# comment
/*
  Content-Security-Policy: default-src 'self'; script-src 'self'
  X-Frame-Options: DENY

/assets/*
  Cache-Control: public, max-age=31536000, immutable

/zh/
  Cache-Control: public, max-age=0, must-revalidate
`;

describe("_headers", () => {
  it("parses blocks of a pattern and its headers, keeping values with colons whole", () => {
    expect(parseHeaders(FILE)).toEqual([
      { pattern: "/*", headers: [["Content-Security-Policy", "default-src 'self'; script-src 'self'"], ["X-Frame-Options", "DENY"]] },
      { pattern: "/assets/*", headers: [["Cache-Control", "public, max-age=31536000, immutable"]] },
      { pattern: "/zh/", headers: [["Cache-Control", "public, max-age=0, must-revalidate"]] },
    ]);
  });

  it("matches splats, placeholders and exact paths", () => {
    expect(matchesPattern("/*", "/anything/at/all")).toBe(true);
    expect(matchesPattern("/assets/*", "/assets/site.abc.css")).toBe(true);
    expect(matchesPattern("/assets/*", "/zh/assets/x")).toBe(false);
    expect(matchesPattern("/zh/", "/zh/")).toBe(true);
    expect(matchesPattern("/zh/", "/zh/x/")).toBe(false);
    expect(matchesPattern("/:lang/x", "/ja/x")).toBe(true);
    expect(matchesPattern("/a.b", "/aXb")).toBe(false);
  });

  it("gives a path every matching block's headers", () => {
    const rules = parseHeaders(FILE);
    expect(headersFor(rules, "/assets/site.css")).toEqual({
      "Content-Security-Policy": "default-src 'self'; script-src 'self'",
      "X-Frame-Options": "DENY",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
    expect(headersFor(rules, "/zh/")["Cache-Control"]).toBe("public, max-age=0, must-revalidate");
    expect(headersFor(rules, "/ja/")["Cache-Control"]).toBeUndefined();
  });
});
