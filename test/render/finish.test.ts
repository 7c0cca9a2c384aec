// finishPage: React's markup in HTML's spelling, with the links and ids read from the finished page.
import { describe, expect, it } from "vitest";
import { finishPage } from "../../src/render/finish.js";

describe("finishPage", () => {
  it("compacts the markup and reads its internal links and ids from the result", () => {
    const markup = '<!doctype html><html><head><meta charSet="utf-8"/><link rel="alternate" hrefLang="ja" href="/ja/"/></head><body><a href="#top" id="top">Top</a><img srcSet="/i-480.avif 480w, /i-960.avif 960w" alt=""/><a href="https://example.com/">out</a></body></html>';
    const page = finishPage(markup);
    expect(page.html).toBe('<!doctype html><html><head><meta charset="utf-8"><link rel="alternate" hreflang="ja" href="/ja/"></head><body><a href="#top" id="top">Top</a><img srcset="/i-480.avif 480w, /i-960.avif 960w" alt=""><a href="https://example.com/">out</a></body></html>');
    expect(page.links).toEqual(["/ja/", "#top", "/i-480.avif", "/i-960.avif"]);
    expect(page.ids).toEqual(["top"]);
  });

  it("finishes markup the one pass declines (a comment, single quotes) with the two general passes", () => {
    const markup = "<!-- note --><link hrefLang='ja' href='/ja/'/><img srcSet=\"/i.avif 1x\" hidden=\"\"/>";
    const page = finishPage(markup);
    expect(page.html).toBe("<!-- note --><link hrefLang='ja' href='/ja/'><img srcset=\"/i.avif 1x\" hidden>");
    expect(page.links).toEqual(["/ja/", "/i.avif"]);
  });
});
