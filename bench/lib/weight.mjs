// Page weight of a built site: for every HTML page, its HTML and the CSS and JS it links, raw and gzipped
// (images and fonts excluded, as PRODUCT.md's budget counts them). Shared by the benchmark and the budget test.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Every .html file under a folder, relative, sorted. */
export async function htmlFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Root-relative URLs of the stylesheets and scripts a page loads. */
export function linkedAssets(html) {
  const css = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => /\bhref="(\/[^"]+)"/.exec(m[0])?.[1]).filter(Boolean);
  const js = [...html.matchAll(/<script\b[^>]*\bsrc="(\/[^"]+)"/g)].map((m) => m[1]);
  return { css, js };
}

/** The kind of a page: its layout for hotel pages, else what <body data-page> says. */
export function pageKind(html) {
  const kind = /<body[^>]*\bdata-page="([^"]+)"/.exec(html)?.[1] ?? "page";
  if (kind !== "hotel") return kind;
  return /\bhotel--(\w+)/.exec(html)?.[1] ?? "hotel";
}

/** Raw and gzipped size of some bytes. */
const sizes = (bytes) => ({ raw: bytes.length, gz: gzipSync(bytes).length });

/** Weighs every page of a built site; `pages` lists each, `largest` the heaviest page of each kind. */
export async function pageWeights(outDir) {
  const assetCache = new Map();
  const asset = async (url) => {
    if (!assetCache.has(url)) assetCache.set(url, readFile(path.join(outDir, url.slice(1))).then(sizes, () => ({ raw: 0, gz: 0 })));
    return assetCache.get(url);
  };
  const sum = async (urls) => (await Promise.all(urls.map(asset))).reduce((a, b) => ({ raw: a.raw + b.raw, gz: a.gz + b.gz }), { raw: 0, gz: 0 });
  const pages = [];
  for (const file of await htmlFiles(outDir)) {
    const bytes = await readFile(path.join(outDir, file));
    const html = bytes.toString("utf8");
    const links = linkedAssets(html);
    const [css, js] = await Promise.all([sum(links.css), sum(links.js)]);
    const h = sizes(bytes);
    pages.push({ file, kind: pageKind(html), html: h, css, js, total: { raw: h.raw + css.raw + js.raw, gz: h.gz + css.gz + js.gz } });
  }
  const largest = {};
  for (const p of pages) if (!largest[p.kind] || p.total.gz > largest[p.kind].total.gz) largest[p.kind] = p;
  return { pages, largest };
}
