// The pass that replaced html-minifier-terser: HTML's spelling of React's markup, nothing else changed.
import { renderToStaticMarkup } from "react-dom/server";
import { createElement as h } from "react";
import fc from "fast-check";
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

/** The two regular-expression passes compactHtml made before it went from one `="` to the next: the reference. */
function byPatterns(html: string): string {
  const camel = new Set(["accessKey", "allowFullScreen", "autoCapitalize", "autoComplete", "autoFocus", "autoPlay", "charSet", "colSpan", "contentEditable", "crossOrigin", "dateTime", "encType", "enterKeyHint", "fetchPriority", "formAction", "hrefLang", "imageSizes", "imageSrcSet", "inputMode", "itemProp", "itemScope", "itemType", "maxLength", "minLength", "noModule", "noValidate", "playsInline", "readOnly", "referrerPolicy", "rowSpan", "spellCheck", "srcDoc", "srcLang", "srcSet", "tabIndex", "useMap"]);
  const boolean = "allowfullscreen|async|autofocus|autoplay|checked|controls|default|defer|disabled|hidden|inert|itemscope|loop|multiple|muted|nomodule|novalidate|open|playsinline|readonly|required|reversed|selected";
  const attribute = new RegExp(` (?:([a-z]+[A-Z][A-Za-z]*)="|(${boolean})="")`, "g");
  const foreign = html.includes("<svg") || html.includes("<math") || html.includes("<style");
  const voids = foreign ? html.replace(/<(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)\b([^>]*?)\/>/g, "<$1$2>") : html.replaceAll("/>", ">");
  return voids.replace(attribute, (match, c: string | undefined, b: string | undefined) => (c ? (camel.has(c) ? ` ${c.toLowerCase()}="` : match) : ` ${b}`));
}

describe("compactHtml against the two patterns it replaced", () => {
  const name = fc.constantFrom("srcSet", "hrefLang", "tabIndex", "fooBar", "SrcSet", "xsrcSet", "src", "hidden", "defer", "open", "opens", "Hidden", "data-x", "a1B");
  const markup = (pieces: string[]) => {
    const piece = fc.constantFrom(...pieces);
    return fc.array(fc.oneof(piece, name, name.map((n) => ` ${n}="`), name.map((n) => ` ${n}=""`)), { maxLength: 40 }).map((parts) => parts.join(""));
  };
  const plain = [" ", "  ", "=", '"', '=""', '="', "/", ">", "/>", "//>", "<", "<img", "<br", "x", "Q", "é", "\n"];

  it("gives the same string for any mix of names, quotes, slashes and spaces", () => {
    fc.assert(fc.property(markup(plain), (h) => compactHtml(h) === byPatterns(h)), { numRuns: 3000 });
  });

  it("gives the same string with inline SVG, MathML or CSS in it", () => {
    fc.assert(fc.property(markup([...plain, "<svg", "<style", "<math", "</svg>"]), (h) => compactHtml(h) === byPatterns(h)), { numRuns: 2000 });
  });

  it("gives the same page as the patterns for a rendered page of cards", () => {
    const card = (i: number) => h("li", { key: i }, h("img", { srcSet: `/a-${i}.jpg 480w`, sizes: "100vw", alt: `A ${i} hidden="" srcSet="x"`, loading: "lazy", fetchPriority: "low" }), h("p", { hidden: true }, `text ${i} / > tabIndex="1"`));
    const page = "<!doctype html>" + renderToStaticMarkup(h("ul", null, Array.from({ length: 50 }, (_, i) => card(i))));
    expect(compactHtml(page)).toBe(byPatterns(page));
    expect(compactHtml(page)).not.toBe(page);
  });
});
