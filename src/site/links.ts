// The dead-link check: every root-relative link, image and script in the built pages must name a file that
// the build writes, and every #fragment (on the page itself or on another page) an id that page has. Pages are
// read by the HTML standard's tokenizer rules (html-scan.ts), not with patterns. Runs on the rendered output
// before anything is written, so a broken link fails the build.
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

/** The attributes the check reads. */
export const SCANNED = new Set(["id", "name", "href", "src", "srcset", "imagesrcset"]);
/** A bit per scanned name, to remember which a tag has shown already. */
export const SCANNED_BIT: Record<string, number> = { id: 1, name: 2, href: 4, src: 8, srcset: 16, imagesrcset: 32 };

/**
 * What a page's scanned attributes add up to, in the order they come (scanPage's accumulator).
 */
export class PageScan {
  readonly links = new Set<string>();
  readonly ids = new Set<string>();
  /** srcset values already read: a home page repeats a few images' srcset thousands of times. */
  private readonly srcsets = new Set<string>();

  private keep(url: string): void {
    if ((url.startsWith("/") && !url.startsWith("//")) || (url.startsWith("#") && url.length > 1)) this.links.add(url);
  }

  /** An id (or an anchor's name), decoded. */
  id(value: string): void {
    if (value) this.ids.add(value);
  }

  /** An href or src value, decoded: kept when root-relative or a same-page fragment. */
  url(value: string): void {
    this.keep(value.trim());
  }

  /** A srcset or imagesrcset value, decoded: each of its URLs. */
  srcset(value: string): void {
    if (this.srcsets.has(value)) return;
    this.srcsets.add(value);
    for (const url of srcsetUrls(value)) this.keep(url);
  }

  /** What was found, in the order first seen. */
  result(): ScannedPage {
    return { links: [...this.links], ids: [...this.ids] };
  }
}

/** Parses a page: its internal links (root-relative or same-page fragments) and its ids. */
export function scanPage(html: string): ScannedPage {
  const scan = new PageScan();
  // A repeated attribute counts once, the first, as in the DOM: a bit per name seen in the current tag.
  let tagAt = -1;
  let seen = 0;
  scanStartTags(html, SCANNED, (tag, name, value, at) => {
    if (at !== tagAt) (tagAt = at), (seen = 0);
    const bit = SCANNED_BIT[name];
    if (seen & bit) return;
    seen |= bit;
    if (name === "id") scan.id(value);
    else if (name === "name") tag === "a" && scan.id(value);
    else if (name === "href" || name === "src") scan.url(value);
    else scan.srcset(value);
  });
  return scan.result();
}

/** Root-relative URLs and same-page fragments referenced by href, src and srcset attributes. */
export function internalLinks(html: string): string[] {
  return scanPage(html).links;
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

/**
 * Every link in `pages` that names no file in `files`, or a fragment its target page lacks: one located error
 * per page and link. Fragments are checked on pages of this list, and on those `idsOf` knows the ids of (watch:
 * the pages of the last run, without passing 4,008 of them for the links of the two it rendered).
 */
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
