// The outbound links of a built site: every absolute http(s) URL a page's <a href> names, with the pages that
// name it. `hotelsite links` checks what ships, so it reads the output folder rather than re-rendering.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { readRegularFile } from "../content/read-file.js";
import { FileError } from "../io/file-error.js";

/** Largest page read: the budget is 30 KB gzipped; a page far larger is not one hotelsite wrote. */
export const MAX_PAGE_BYTES = 16 * 1024 * 1024;

/** HTML's character references that React writes inside attribute values. */
const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };

/** An attribute value as the browser reads it (named and numeric character references decoded). */
export function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Absolute http(s) URLs named by the href of the <a> elements of one page, in order, each once. */
export function outboundLinks(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.matchAll(/<a\s[^>]*>/gi)) {
    const m = /\shref=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/i.exec(tag[0]);
    if (!m) continue;
    const href = decodeAttribute(m[1] ?? m[2] ?? m[3]).trim();
    if (/^https?:\/\//i.test(href)) found.add(href);
  }
  return [...found];
}

/** The URL path a file of the output folder is served at ("zh/grand-hyatt-dubai/index.html" -> "/zh/grand-hyatt-dubai/"). */
export function pageUrl(file: string): string {
  return "/" + file.split(path.sep).join("/").replace(/(^|\/)index\.html$/, "$1");
}

/** The URL without the query parameters in `ignore` (a tracking label that gives each placement its own URL). */
function withoutParams(url: string, ignore: string[]): string {
  if (!ignore.length) return url;
  try {
    const u = new URL(url);
    for (const name of ignore) u.searchParams.delete(name);
    return u.href;
  } catch {
    return url;
  }
}

/**
 * Every outbound URL of the built site in `outDir`, with the pages (URL paths, sorted) that link to it. URLs that
 * differ only in the `ignore` parameters are one link, named without them.
 */
export async function collectOutbound(outDir: string, ignore: string[] = []): Promise<Map<string, string[]>> {
  const info = await stat(outDir).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`${outDir} is not a folder: build the site first (hotelsite build), or point --out at it`);
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((e) => !e.isDirectory() && e.name.endsWith(".html"))
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)))
    .sort();
  const pages = new Map<string, string[]>();
  for (const file of files) {
    // Guarded like content: a FIFO or device among the pages is refused unopened, a link may not leave the folder.
    const read = await readRegularFile(path.join(outDir, file), { root: outDir, maxBytes: MAX_PAGE_BYTES });
    if ("refused" in read) {
      const r = read.refused;
      throw new FileError(path.join(outDir, file), r.reason, r.kind === "outside" ? "copy the file into the output folder instead of linking to it, or build the site again" : r.hint || "build the site again");
    }
    const html = read.bytes.toString("utf8");
    for (const url of new Set(outboundLinks(html).map((u) => withoutParams(u, ignore)))) {
      const list = pages.get(url) ?? [];
      list.push(pageUrl(file));
      pages.set(url, list);
    }
  }
  return pages;
}
