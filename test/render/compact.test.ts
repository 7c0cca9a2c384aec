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

  it("leaves text, attribute values and the doctype alone (React escapes <, > and quotes in both)", () => {
    const html = '<!doctype html><p title="a srcSet=&quot;x&quot; /&gt;">x &lt;br/&gt; hidden=&quot;&quot; z</p><meta content="A/&gt;B"/>';
    expect(compactHtml(html)).toBe('<!doctype html><p title="a srcSet=&quot;x&quot; /&gt;">x &lt;br/&gt; hidden=&quot;&quot; z</p><meta content="A/&gt;B">');
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

describe("compactHtml with inline SVG", () => {
  it("drops the slash of void elements only, wherever the SVG is", () => {
    const html = '<meta charSet="utf-8"/><p>a<br/>b</p><svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg><img alt="" src="/a.jpg"/>';
    expect(compactHtml(html)).toBe('<meta charset="utf-8"><p>a<br>b</p><svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg><img alt="" src="/a.jpg">');
  });
});
