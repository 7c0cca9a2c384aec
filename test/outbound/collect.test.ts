// What `hotelsite links` reads from a page: the absolute URLs of <a href>, as a browser (parse5 here) reads them,
// including the markup that patterns over the page text got wrong.
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { describe, expect, it } from "vitest";
import { outboundLinks } from "../../src/outbound/collect.js";

type Element = DefaultTreeAdapterMap["element"];

/** The http(s) hrefs of the page's <a> elements by parse5's tree, in order, each once. */
function byParse5(html: string): string[] {
  const found = new Set<string>();
  const walk = (node: DefaultTreeAdapterMap["node"]) => {
    const el = node as Element;
    const href = el.tagName === "a" ? el.attrs.find((a) => a.name === "href")?.value.trim() : undefined;
    if (href && /^https?:\/\//i.test(href)) found.add(href);
    for (const child of (el as Element).childNodes ?? []) walk(child);
  };
  walk(parse(html));
  return [...found];
}

const PAGE = `<!doctype html><html><head><title>a <a href="https://title.example/"></title>
<link rel="preconnect" href="https://fonts.example/"></head><body>
<!-- <a href="https://comment.example/"> -->
<script>document.write('<a href="https://script.example/">')</script>
<A HREF="https://upper.example/">upper case</A>
<a title="a > b" href="https://after-gt.example/">a ">" in another value</a>
<a title=" href=https://inside-title.example/" href="https://real.example/">href spelled inside another value</a>
<a href="https://example.com/caf&eacute;?q=&lt;x&gt;">named references beyond the five React writes</a>
<a href="https://example.com/?a=1&copy=2">no semicolon before "=": not a reference in an attribute</a>
<a href="https://first.example/" href="https://second.example/">a repeated href: the first counts</a>
<a href=https://unquoted.example/?x='1'>unquoted</a>
<a href="/internal/">internal</a><a href="https://real.example/">again</a>
</body></html>`;

describe("outboundLinks", () => {
  it("finds the <a href> URLs a browser finds: not in comments or raw text, references decoded, each once", () => {
    const links = outboundLinks(PAGE);
    expect(links).toEqual([
      "https://upper.example/",
      "https://after-gt.example/",
      "https://real.example/",
      "https://example.com/café?q=<x>",
      "https://example.com/?a=1&copy=2",
      "https://first.example/",
      "https://unquoted.example/?x='1'",
    ]);
    expect(links).toEqual(byParse5(PAGE));
  });
});
