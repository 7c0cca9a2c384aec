// The dead-link check's scanner against parse5, a full implementation of the HTML standard's parser: on every
// page of a built site and on random markup built from the tricky parts (quoting, references, comments, raw
// text, upper case, stray "<"), both must find the same links and ids.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { scanStartTags } from "../../src/site/html-scan.js";
import { scanPage, srcsetUrls } from "../../src/site/links.js";
import { fixtureCopy } from "../support/fixture.js";

type Element = DefaultTreeAdapterMap["element"];

/** What the check should find, read from parse5's tree: the first of a repeated attribute counts, as in the DOM. */
function byParse5(html: string): { links: string[]; ids: string[] } {
  const links = new Set<string>();
  const ids = new Set<string>();
  const keep = (url: string) => {
    if ((url.startsWith("/") && !url.startsWith("//")) || (url.startsWith("#") && url.length > 1)) links.add(url);
  };
  const walk = (node: DefaultTreeAdapterMap["node"]) => {
    const el = node as Element;
    if (el.attrs) {
      const attr = (name: string) => el.attrs.find((a) => a.name === name && !a.prefix)?.value;
      const id = attr("id");
      if (id) ids.add(id);
      const name = attr("name");
      if (el.tagName === "a" && name) ids.add(name);
      for (const key of ["href", "src"]) if (attr(key) !== undefined) keep(attr(key)!.trim());
      for (const key of ["srcset", "imagesrcset"]) if (attr(key) !== undefined) srcsetUrls(attr(key)!).forEach(keep);
    }
    for (const child of (el as { childNodes?: DefaultTreeAdapterMap["node"][] }).childNodes ?? []) walk(child);
  };
  walk(parse(html));
  return { links: [...links].sort(), ids: [...ids].sort() };
}

const sorted = (r: { links: string[]; ids: string[] }) => ({ links: [...r.links].sort(), ids: [...r.ids].sort() });

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  fx = await fixtureCopy();
  await build({ contentDir: "content", outDir: "dist", cwd: fx.dir, now: new Date("2031-05-01T00:00:00Z") });
});
afterAll(() => fx.cleanup());

describe("scanPage", () => {
  it("finds what parse5 finds on every page of a built site", async () => {
    const dist = path.join(fx.dir, "dist");
    const pages = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(14);
    for (const page of pages) {
      const html = await readFile(path.join(dist, page), "utf8");
      const expected = byParse5(html);
      expect(expected.links.length, page).toBeGreaterThan(3);
      expect(sorted(scanPage(html)), page).toEqual(expected);
    }
  });

  it("finds what parse5 finds in markup made of the tricky parts", () => {
    const url = fc.constantFrom("/a/", "/b.png", "#top2", "#x", "/q?a=1&amp;b=2", "/c d/", "https://e.test/", "//cdn.test/x", "/&#x7a;/", " /sp/ ");
    const quote = fc.constantFrom(`"`, `'`, "");
    const attrName = fc.constantFrom("href", "HREF", "src", "id", "ID", "name", "srcset", "imagesrcset", "data-x", "title");
    const attr = fc.tuple(attrName, quote, url, fc.constantFrom(" ", "  ", "\n", " = ")).map(([n, q, v, sep]) => (q === "" && /[\s"'=<>`]/.test(v) ? `${n}=x` : sep === " = " ? `${n} = ${q}${v}${q}` : `${n}=${q}${v}${q}${sep}`));
    const tag = fc.constantFrom("a", "A", "img", "section", "link", "div", "source");
    const piece = fc.oneof(
      fc.tuple(tag, fc.array(attr, { maxLength: 4 }), fc.constantFrom(">", "/>", " >")).map(([t, a, end]) => `<${t} ${a.join(" ")}${end}`),
      fc.constantFrom(
        "text",
        " 1 < 2 ",
        "<!-- <a href=\"/in-comment/\"> -->",
        "<script>var a = '<a href=\"/in-script/\">';</script>",
        "<SCRIPT>x('<img src=/in-upper-script.png>')</SCRIPT>",
        "<style>a[href='/in-style/']{}</style>",
        "<title><a href=\"/in-title/\"></title>",
        "<textarea><img src=\"/in-textarea.png\"></textarea>",
        "</a>",
        "<!doctype html>",
        "<br/>",
        "&lt;a href=\"/escaped/\"&gt;",
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const html = `<!doctype html><html><body>${pieces.join("")}</body></html>`;
        expect(sorted(scanPage(html))).toEqual(byParse5(html));
      }),
      { numRuns: 400 },
    );
  });
});

describe("scanStartTags", () => {
  /** Every attribute handed on, as "tag name=value". */
  const found = (html: string, wanted: string[]) => {
    const out: string[] = [];
    scanStartTags(html, new Set(wanted), (tag, name, value) => out.push(`${tag} ${name}=${value}`));
    return out;
  };

  it("hands on wanted names of any spelling: upper case in the page, a first character that is not a letter", () => {
    const html = `<DIV Data-Id="1" _x=2 @click='go()' :href="/v/" title="t"><Title><b _x=3></Title><b _x=4 data-ids="no">`;
    expect(found(html, ["data-id", "_x", "@click", ":href"])).toEqual(["div data-id=1", "div _x=2", "div @click=go()", "div :href=/v/", "b _x=4"]);
  });

  it("reads past every raw-text element, whatever its case, and past tags whose names only look alike", () => {
    const html = `<scripts src="/1"><ScRiPt src="/2">"<a href=/in-script>"</SCRIPT ><textarea><a href=/in-textarea></textarea><a href="/3"><xmp><a href=/x></xmp><a href="/4">`;
    expect(found(html, ["src", "href"])).toEqual(["scripts src=/1", "script src=/2", "a href=/3", "a href=/4"]);
  });

  it("reads characters outside Latin-1, astral ones and lone surrogates at their places in the page", () => {
    const html = `<p title="中文 😀 \uD800">日本語\uDC00</p><a href="/é😀/" id=\uD83D>x</a><img src=/i.png>`;
    expect(found(html, ["href", "id", "src", "title"])).toEqual(["p title=中文 😀 \uD800", "a href=/é😀/", "a id=\uD83D", "img src=/i.png"]);
  });

  it("hands on what a page ending inside a tag has read so far", () => {
    expect(found(`<a id=x href="/unclosed`, ["href", "id"])).toEqual(["a id=x", "a href=/unclosed"]);
    expect(found(`<a href`, ["href"])).toEqual(["a href="]);
    expect(found(`<a href=`, ["href"])).toEqual(["a href="]);
    expect(found(`<a title='x href=/y`, ["href"])).toEqual([]);
    for (const end of ["<", "</", "<a", "<!", "<!--", "</a"]) expect(found(`<a href=/z>${end}`, ["href"])).toEqual(["a href=/z"]);
  });

  it("reads a page scanned from inside another's callback, and pages larger than the last", () => {
    const inner: string[] = [];
    const outer: string[] = [];
    scanStartTags(`<a href="/outer-1"><a href="/outer-2">`, new Set(["href"]), (_tag, _name, value) => {
      outer.push(value);
      inner.push(...found(`<img src="/inner-of-${value}">`, ["src"]));
    });
    expect(outer).toEqual(["/outer-1", "/outer-2"]);
    expect(inner).toEqual(["img src=/inner-of-/outer-1", "img src=/inner-of-/outer-2"]);
    // 100,000 and 9 million characters: more than the buffer kept between scans holds, then more than it may grow to.
    for (const size of [100_000, 9_000_000]) {
      const html = `${"<p class=x>".repeat(size / 11)}<a href="/last">`;
      expect(found(html, ["href"])).toEqual(["a href=/last"]);
      expect(found(`<a href="/small">`, ["href"])).toEqual(["a href=/small"]);
    }
  });
});
