// The one pass over React's markup against the two general passes it stands in for (compactHtml, then scanPage
// on the result; they are held to their own references in compact.test.ts and html-scan.test.ts): the same
// HTML, links and ids in the same order whenever it answers, on random markup and on every page of a site.
import path from "node:path";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { check } from "../../src/build.js";
import { compactHtml } from "../../src/render/compact.js";
import { finishInOnePass } from "../../src/render/finish-pass.js";
import { renderMarkup } from "../../src/render/render.js";
import { loadTemplates } from "../../src/render/templates.js";
import { scanPage } from "../../src/site/links.js";
import type { Page } from "../../src/site/pages.js";
import { FIXTURE, REPO } from "../support/fixture.js";

/** What finishPage gave before the one pass: compacted, then scanned. */
function byTwoPasses(markup: string) {
  const html = compactHtml(markup);
  return { html, ...scanPage(html) };
}

/** The one pass's answer, checked against the two passes when it gives one. */
function agrees(markup: string): boolean {
  const page = finishInOnePass(markup);
  if (page) expect(page).toEqual(byTwoPasses(markup));
  return page !== undefined;
}

describe("finishInOnePass", () => {
  it("compacts and scans React's markup as the two passes do", () => {
    const markup = '<!doctype html><html><head><meta charSet="utf-8"/><link rel="preload" as="image" imageSrcSet="/h-480.avif 480w, /h-960.avif 960w" fetchPriority="high"/><script src="/a.js" defer=""></script><script type="application/ld+json">{"@type":"Hotel","url":"/x/"}</script></head><body><a href="#main" id="top" name="n">A &amp; B</a><img srcSet="/i.jpg 1x" alt="A &gt; B" hidden=""/><A NAME="old" HREF="/q?a=1&amp;b=2"></A></body></html>';
    const page = finishInOnePass(markup);
    expect(page).toEqual({
      html: '<!doctype html><html><head><meta charset="utf-8"><link rel="preload" as="image" imagesrcset="/h-480.avif 480w, /h-960.avif 960w" fetchpriority="high"><script src="/a.js" defer></script><script type="application/ld+json">{"@type":"Hotel","url":"/x/"}</script></head><body><a href="#main" id="top" name="n">A &amp; B</a><img srcset="/i.jpg 1x" alt="A &gt; B" hidden><A NAME="old" HREF="/q?a=1&amp;b=2"></A></body></html>',
      links: ["/h-480.avif", "/h-960.avif", "/a.js", "#main", "/i.jpg", "/q?a=1&b=2"],
      ids: ["top", "n", "old"],
    });
    expect(page).toEqual(byTwoPasses(markup));
  });

  it("keeps non-void elements' slash beside inline SVG, MathML or CSS, as compactHtml does", () => {
    const markup = '<p>a<br/>b</p><svg viewBox="0 0 1 1"><rect width="1" height="1"/><clipPath id="c"/></svg><img src="/a.jpg"/><br-x/>';
    expect(finishInOnePass(markup)?.html).toBe('<p>a<br>b</p><svg viewBox="0 0 1 1"><rect width="1" height="1"/><clipPath id="c"/></svg><img src="/a.jpg"><br-x>');
    expect(agrees(markup)).toBe(true);
  });

  it("leaves markup React does not write to the two passes", () => {
    for (const markup of [
      '<p>say "hi"</p><a href="/a/">a</a>',
      "<p>1 > 0</p>",
      '<!-- <a href="/c/"> --><a href="/a/">',
      "<a href='/a/'>",
      "<a href=/a/>",
      '<a x href="/a/">',
      '<a\thref="/a/">',
      '<a href="/a/" >',
      '<p title="a>b">',
      "<p>a < b</p>",
      '<script>var s = "<a href=/in/>";</script>',
      '<script>a="b"</script>',
      "<script>x/>y</script>",
      "</br/>",
      "</a/>",
      '</a hidden="">',
      '<!doctype html PUBLIC "x">',
      '<a<b>',
      "<p>a/><b>x</b>",
      'x hidden="" <p>',
      '<p>x</p>tail "q"',
      "<p>x</p>a/>",
      '<p title="<b">',
      "<?xml?><p>",
      "no tags",
    ]) {
      expect(finishInOnePass(markup), markup).toBeUndefined();
    }
  });

  it("gives the two passes' page for markup made of React's pieces and others", () => {
    const name = fc.constantFrom("href", "HREF", "src", "srcSet", "srcset", "imageSrcSet", "id", "ID", "name", "hrefLang", "tabIndex", "fooBar", "SrcSet", "hidden", "defer", "Hidden", "data-x", "aria-hidden", "a1B", "é", "x:y");
    const value = fc.constantFrom("", "/a/", "/b.png", "#top", "#", "//cdn/x", "/q?a=1&amp;b=2", "/&#x7a;/", " /sp/ ", "/i-480.avif 480w, /i-960.avif 960w", "x", "A &gt; B", "it&#x27;s", "/a/>", "<svg", '"');
    const attr = fc.tuple(name, value).map(([n, v]) => ` ${n}="${v}"`);
    const tag = fc.constantFrom("a", "A", "img", "br", "div", "link", "source", "svg", "math", "style", "path", "br-x", "title", "script");
    const start = fc.tuple(tag, fc.array(attr, { maxLength: 4 }), fc.constantFrom(">", "/>")).map(([t, a, end]) => `<${t}${a.join("")}${end}`);
    const piece = fc.oneof(
      { weight: 6, arbitrary: start },
      { weight: 3, arbitrary: fc.constantFrom("</a>", "</div>", "</svg>", "</script>", "</title>", "text", "a &amp; b", "", "</style>") },
      {
        weight: 1,
        arbitrary: fc.constantFrom('{"@type":"Hotel"}', '"', ">", "/>", '="', "<", "<!-- x -->", ' hidden=""', "<a x", "</a", "'", "\t", "=", "<?x>", "</>", "<!x>"),
      },
    );
    let answered = 0;
    fc.assert(
      fc.property(fc.boolean(), fc.array(piece, { maxLength: 16 }), (whole, pieces) => {
        if (agrees(whole ? `<!doctype html><html><body>${pieces.join("")}</body></html>` : pieces.join(""))) answered++;
      }),
      { numRuns: 4000 },
    );
    // The pass must answer often enough for the comparison to mean something.
    expect(answered).toBeGreaterThan(400);
  });

  it("answers for React's own markup of a page of cards", () => {
    const card = (i: number) =>
      h("li", { key: i, id: `c${i}` }, h("a", { href: `/h-${i % 7}/`, name: `n${i}` }, h("img", { srcSet: `/a-${i % 3}.jpg 480w`, src: `/a-${i}.jpg`, alt: `A ${i} hidden="" srcSet="x" <svg/>`, loading: "lazy", fetchPriority: "low" })), h("p", { hidden: true }, `text ${i} / > tabIndex="1" <br/>`));
    const markup = "<!doctype html>" + renderToStaticMarkup(h("ul", null, Array.from({ length: 60 }, (_, i) => card(i))));
    expect(agrees(markup)).toBe(true);
  });
});

describe("finishInOnePass on a site", () => {
  let pages: Page[];
  beforeAll(async () => {
    pages = (await check({ contentDir: FIXTURE, outDir: "", now: new Date("2031-05-01T00:00:00Z") })).pages;
  });

  it("answers for every page of the bundled templates, with the two passes' page", async () => {
    const templatesDir = path.join(REPO, "templates");
    const templates = await loadTemplates({ templatesDir });
    const opts = { templates: templates.module, assets: { css: "/assets/site.css", js: "/assets/site.js", preload: [] }, templatesDir };
    expect(pages.length).toBeGreaterThan(14);
    for (const page of pages) expect(agrees(renderMarkup(page, opts)), page.outFile).toBe(true);
  });
});
