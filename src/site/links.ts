// The dead-link check: every root-relative link of the built pages names a file the build writes, every #fragment an id.
import { GO_NGINX_FILE } from "./host-rules/go.js";
import { ContentError } from "../errors.js";
import { isSpace as space, scanStartTags } from "./html-scan.js";

/** One page's HTML (or what render workers already found in it: links and ids) and where it will be written. */
export type LinkedPage = { outFile: string; html: string } | { outFile: string; links: string[]; ids?: string[] };

/** What a page links to and what it offers as fragment targets. */
export interface ScannedPage {
  /** Root-relative URLs and same-page "#fragment" links of href, src, srcset and imagesrcset attributes. */
  links: string[];
  /** Every id in the page (and `name` of anchors), the targets of "#fragment" links. */
  ids: string[];
}

/** ASCII white space, found by the regular-expression engine: faster than a loop over each URL's characters. */
const SPACE = /[\t\n\f\r ]/g;

/** The URLs of a srcset value (the HTML standard's candidate syntax: URL, optional descriptors, commas). */
export function srcsetUrls(value: string): string[] {
  const urls: string[] = [];
  const n = value.length;
  let i = 0;
  while (i < n) {
    while (i < n && (space(value.charCodeAt(i)) || value.charCodeAt(i) === 44)) i++;
    if (i === n) break;
    SPACE.lastIndex = i;
    const j = SPACE.exec(value)?.index ?? n;
    // A URL ending in commas has no descriptors; the commas are not part of it.
    let end = j;
    while (end > i && value.charCodeAt(end - 1) === 44) end--;
    if (end > i) urls.push(value.slice(i, end));
    i = j;
    if (end < j) continue;
    // Skip the descriptors up to the next comma outside parentheses (most have none: "480w").
    const comma = value.indexOf(",", i);
    const stop = comma < 0 ? n : comma;
    const paren = value.indexOf("(", i);
    if (paren < 0 || paren > stop) {
      i = stop;
      continue;
    }
    let depth = 0;
    while (i < n) {
      const c = value.charCodeAt(i);
      if (c === 44 && depth === 0) break;
      if (c === 40) depth++;
      else if (c === 41) depth = Math.max(0, depth - 1);
      i++;
    }
  }
  return urls;
}

/** The attributes the check reads, with a bit each to remember which a tag has shown already. */
const SCANNED = new Set(["id", "name", "href", "src", "srcset", "imagesrcset"]);
const SCANNED_BIT: Record<string, number> = { id: 1, name: 2, href: 4, src: 8, srcset: 16, imagesrcset: 32 };

/** Parses a page: its internal links (root-relative or same-page fragments) and its ids, in the order first seen. */
export function scanPage(html: string): ScannedPage {
  const links = new Set<string>();
  const ids = new Set<string>();
  // srcset values already read: a home page repeats a few images' srcset thousands of times.
  const srcsets = new Set<string>();
  const keep = (url: string) => {
    if ((url.startsWith("/") && !url.startsWith("//")) || (url.startsWith("#") && url.length > 1)) links.add(url);
  };
  // A repeated attribute counts once, the first, as in the DOM: a bit per name seen in the current tag.
  let tagAt = -1;
  let seen = 0;
  scanStartTags(html, SCANNED, (tag, name, value, at) => {
    if (at !== tagAt) (tagAt = at), (seen = 0);
    const bit = SCANNED_BIT[name];
    if (seen & bit) return;
    seen |= bit;
    if (name === "id" || name === "name") {
      if (value && (name === "id" || tag === "a")) ids.add(value);
    } else if (name === "href" || name === "src") keep(value.trim());
    else if (!srcsets.has(value)) {
      srcsets.add(value);
      for (const url of srcsetUrls(value)) keep(url);
    }
  });
  return { links: [...links], ids: [...ids] };
}

/** The output file a root-relative URL is served from ("/zh/" -> "zh/index.html"). */
export function fileForUrl(url: string): string {
  const query = url.indexOf("?");
  const hash = url.indexOf("#");
  const end = query < 0 ? hash : hash < 0 ? query : Math.min(query, hash);
  let path = end < 0 ? url : url.slice(0, end);
  // Only "%" escapes can change a path (or fail): most links have none.
  if (path.includes("%")) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return path;
    }
  }
  if (path.endsWith("/")) path += "index.html";
  return path.slice(1);
}

/** The fragment of a URL, decoded ("" when it has none). */
function fragmentOf(url: string): string {
  const hash = url.indexOf("#");
  if (hash < 0) return "";
  try {
    return decodeURIComponent(url.slice(hash + 1));
  } catch {
    return url.slice(hash + 1);
  }
}

/** Every link in `pages` that names no file in `files`, or a fragment its target (here or known to `idsOf`) lacks, located. */
export function deadLinks(pages: LinkedPage[], files: Pick<ReadonlySet<string>, "has">, outDirShown: string, idsOf?: (file: string) => readonly string[] | undefined): ContentError[] {
  const scanned = pages.map((p) => ("html" in p ? { outFile: p.outFile, ...scanPage(p.html) } : p));
  // The ids of a page become a set only when a fragment names that page.
  const idLists = new Map<string, readonly string[]>();
  for (const p of scanned) if (p.ids) idLists.set(p.outFile, p.ids);
  const idSets = new Map<string, Set<string>>();
  const targetIds = (file: string) => {
    let ids = idSets.get(file);
    const list = ids ? undefined : (idLists.get(file) ?? idsOf?.(file));
    if (list) idSets.set(file, (ids = new Set(list)));
    return ids;
  };
  const errors: ContentError[] = [];
  const dead = (page: string, message: string, hint: string) => errors.push(new ContentError({ file: `${outDirShown}/${page}` }, message, hint));
  for (const page of scanned) {
    for (const url of page.links) {
      // A booking link the host's rules answer (countClicks), not a file: there when the build writes the rules.
      if (url.startsWith("/go/") && files.has(GO_NGINX_FILE)) continue;
      const file = url.startsWith("#") ? page.outFile : fileForUrl(url);
      if (!files.has(file)) {
        dead(page.outFile, `links to ${url}, which the build does not write`, "a template or content field names a page or file that does not exist; routes come from src/site/routes.ts");
        continue;
      }
      const fragment = fragmentOf(url);
      const ids = fragment && fragment !== "top" ? targetIds(file) : undefined;
      if (ids && !ids.has(fragment)) {
        dead(page.outFile, `links to ${url}, but ${file} has no element with id="${fragment}"`, "a template links to an id that the target page does not render; give the element that id or fix the link");
      }
    }
  }
  return errors;
}
