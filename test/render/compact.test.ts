// The pass that replaced html-minifier-terser: HTML's spelling of React's markup, nothing else changed.
import { renderToStaticMarkup } from "react-dom/server";
import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { compactHtml } from "../../src/render/compact.js";

describe("compactHtml", () => {
  it("lower-cases attribute names, drops void elements' slash and empty boolean values", () => {
    expect(compactHtml('<meta charSet="utf-8"/><link rel="alternate" hrefLang="zh-Hans" href="/zh/"/><script src="/a.js" defer=""></script>')).toBe(
      '<meta charset="utf-8"><link rel="alternate" hreflang="zh-Hans" href="/zh/"><script src="/a.js" defer></script>',
    );
    expect(compactHtml('<div hidden="" data-x=""><img srcSet="/a.jpg 1x" alt="" fetchPriority="high"/></div>')).toBe('<div hidden data-x=""><img srcset="/a.jpg 1x" alt="" fetchpriority="high"></div>');
  });

  it("leaves text, attribute values (with > and quotes) and the doctype alone", () => {
    const html = '<!doctype html><p title="a &gt; b > c &quot;Q&quot;">x &lt;Y/&gt; z</p><meta content="A/>B"/>';
    expect(compactHtml(html)).toBe('<!doctype html><p title="a &gt; b > c &quot;Q&quot;">x &lt;Y/&gt; z</p><meta content="A/>B">');
  });

  it("keeps the case and self-closing tags of inline SVG", () => {
    const svg = '<svg viewBox="0 0 10 10" aria-hidden="true"><path strokeLinecap="round" d="M0 0"/><clipPath id="c"/></svg><br/>';
    expect(compactHtml(svg)).toBe('<svg viewBox="0 0 10 10" aria-hidden="true"><path strokeLinecap="round" d="M0 0"/><clipPath id="c"/></svg><br>');
  });

  it("keeps React's markup equivalent: the same elements, attributes and text once parsed", () => {
    const tree = h("div", { hidden: true, tabIndex: -1 }, h("img", { srcSet: "/a.jpg 480w", sizes: "100vw", alt: "A > B", width: 4, height: 3, loading: "lazy" }), h("p", null, "5 < 6 & 7 > 2"));
    expect(compactHtml(renderToStaticMarkup(tree))).toBe('<div hidden tabindex="-1"><img srcset="/a.jpg 480w" sizes="100vw" alt="A &gt; B" width="4" height="3" loading="lazy"><p>5 &lt; 6 &amp; 7 &gt; 2</p></div>');
  });
});
