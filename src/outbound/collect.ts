// The outbound links of the built site (every absolute http(s) <a href>, and where each /go/ link leads) with the pages
// naming them: `hotelsite links` checks what ships, so it reads the output folder.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { readRegularFile } from "../content/read-file.js";
import { FileError } from "../io/file-error.js";
import { GO_MAP_FILE, parseGoMap, type GoMap } from "../site/host-rules/go.js";
import { scanStartTags } from "../site/html-scan.js";

/** Largest page read: the budget is 30 KB gzipped; a page far larger is not one hotelsite wrote. */
export const MAX_PAGE_BYTES = 16 * 1024 * 1024;

const HREF = new Set(["href"]);

/** A page's absolute http(s) <a href> URLs, in order, each once: read by the dead-link check's scanner, so the two agree. */
export function outboundLinks(html: string, go?: GoMap): string[] {
  const found = new Set<string>();
  // A repeated href counts once, the first, as in the DOM.
  let tagAt = -1;
  scanStartTags(html, HREF, (tag, _name, value, at) => {
    if (at === tagAt || tag !== "a") return;
    tagAt = at;
    const href = value.trim();
    if (/^https?:\/\//i.test(href)) found.add(href);
    else if (go && href.startsWith("/go/") && Object.hasOwn(go.links, href.slice(4))) found.add(go.links[href.slice(4)]);
  });
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

/** Every outbound URL of the built site with the pages linking to it; URLs differing only in `ignore` parameters are one. */
export async function collectOutbound(outDir: string, ignore: string[] = []): Promise<Map<string, string[]>> {
  const info = await stat(outDir).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`${outDir} is not a folder: build the site first (hotelsite build), or point --out at it`);
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((e) => !e.isDirectory() && e.name.endsWith(".html"))
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)))
    .sort();
  const pages = new Map<string, string[]>();
  const map = await readRegularFile(path.join(outDir, GO_MAP_FILE), { root: outDir, maxBytes: MAX_PAGE_BYTES * 4 });
  const go = "refused" in map ? undefined : parseGoMap(map.bytes.toString("utf8"));
  if (go === undefined && !("refused" in map)) throw new FileError(path.join(outDir, GO_MAP_FILE), "is not the map of /go/ links a build writes", "build the site again");
  for (const file of files) {
    // Guarded like content: a FIFO or device among the pages is refused unopened, a link may not leave the folder.
    const read = await readRegularFile(path.join(outDir, file), { root: outDir, maxBytes: MAX_PAGE_BYTES });
    if ("refused" in read) {
      const r = read.refused;
      throw new FileError(path.join(outDir, file), r.reason, r.kind === "outside" ? "copy the file into the output folder instead of linking to it, or build the site again" : r.hint || "build the site again");
    }
    const html = read.bytes.toString("utf8");
    for (const url of new Set(outboundLinks(html, go).map((u) => withoutParams(u, ignore)))) {
      pages.get(url)?.push(pageUrl(file)) ?? pages.set(url, [pageUrl(file)]);
    }
  }
  return pages;
}
