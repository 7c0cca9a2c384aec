// Reads the start tags of an HTML page and hands each wanted attribute to a callback, following the HTML
// standard's tokenizer for what it needs: comments, doctypes and end tags are skipped, the text of raw-text
// elements (script, style, textarea, title) is never read as markup, attribute values are double-quoted,
// single-quoted or unquoted, and character references in them are decoded. It builds no tree and looks at no
// text between tags, which is why the dead-link check uses it: a full parser (htmlparser2) took 1.8 s of a
// 7.5 s build of 4,008 pages; this takes about 0.3 s of CPU there (82 MB of pages). test/site/html-scan.test.ts
// holds it to parse5. `hotelsite links` reads pages with it too, so the two checks agree on what a page links to.
import { decodeHTMLAttribute } from "entities";

/** Elements whose content is text to the tokenizer, up to their own end tag. */
export const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"]);

/** ASCII white space as the HTML standard counts it (space, tab, LF, FF, CR), by character code. */
export const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** An ASCII upper-case letter lowered, anything else as it is: the tokenizer lowers names this way only. */
const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);

/** A set of lower-case names by length, for finding a name in the page without copying it out. */
type Names = (string[] | undefined)[];

/** `names` by length. */
function byLength(names: Iterable<string>): Names {
  const out: Names = [];
  for (const n of names) (out[n.length] ??= []).push(n);
  return out;
}

/**
 * The name of `names` that html[start, end) spells (ASCII letters in either case), else undefined: the page's
 * name is never copied out or lowered, and the string handed on is the set's own.
 */
function nameAt(names: Names, html: string, start: number, end: number): string | undefined {
  const candidates = names[end - start];
  if (!candidates) return undefined;
  next: for (const name of candidates) {
    for (let k = 0; k < name.length; k++) if (lower(html.charCodeAt(start + k)) !== name.charCodeAt(k)) continue next;
    return name;
  }
  return undefined;
}

/** The raw-text elements' names by length. */
const RAW_NAMES = byLength(RAW_TEXT);

/**
 * Calls `onAttribute(tag, name, value, at)` for every attribute of every start tag whose name is in `wanted`
 * (`at` is where the tag starts, the same for all attributes of one tag).
 */
export function scanStartTags(html: string, wanted: ReadonlySet<string>, onAttribute: (tag: string, name: string, value: string, at: number) => void): void {
  const n = html.length;
  const names = namesOf(wanted);
  let i = 0;
  while (i < n) {
    const lt = html.indexOf("<", i);
    if (lt < 0) return;
    const next = html.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      // A comment runs to "-->"; a doctype or other markup declaration to ">".
      const end = html.startsWith("<!--", lt) ? html.indexOf("-->", lt + 4) : html.indexOf(">", lt + 2);
      i = end < 0 ? n : end + (html.startsWith("<!--", lt) ? 3 : 1);
      continue;
    }
    if (next === 47 /* / */ || next === 63 /* ? */) {
      const end = html.indexOf(">", lt + 2);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (!isAlpha(next)) {
      i = lt + 1;
      continue;
    }
    // Tag name: up to white space, "/" or ">". It is copied out of the page (and lower-cased) only when an
    // attribute is handed on: most tags have none.
    let j = lt + 1;
    let c = 0;
    while (j < n && !isSpace((c = html.charCodeAt(j))) && c !== 47 && c !== 62) j++;
    const tagEnd = j;
    let tag: string | undefined;
    // Attributes, until ">".
    while (j < n) {
      c = html.charCodeAt(j);
      if (isSpace(c) || c === 47 /* / */) {
        j++;
        continue;
      }
      if (c === 62 /* > */) break;
      const nameStart = j;
      // The first character may be "=" (it is then part of the name), as the standard says.
      j++;
      while (j < n && !isSpace((c = html.charCodeAt(j))) && c !== 47 && c !== 62 && c !== 61) j++;
      // Most attributes are not wanted: their name and value are never copied out of the page.
      const name = nameAt(names, html, nameStart, j);
      const want = name !== undefined;
      while (j < n && isSpace(html.charCodeAt(j))) j++;
      let value = "";
      if (html.charCodeAt(j) === 61 /* = */) {
        j++;
        while (j < n && isSpace(html.charCodeAt(j))) j++;
        const q = html.charCodeAt(j);
        if (q === 34 || q === 39) {
          const end = html.indexOf(q === 34 ? '"' : "'", j + 1);
          const stop = end < 0 ? n : end;
          if (want) value = html.slice(j + 1, stop);
          j = stop + 1;
        } else {
          const start = j;
          while (j < n && !isSpace((c = html.charCodeAt(j))) && c !== 62) j++;
          if (want) value = html.slice(start, j);
        }
      }
      if (want) onAttribute((tag ??= lowerAscii(html.slice(lt + 1, tagEnd))), name, value.includes("&") ? decodeHTMLAttribute(value) : value, lt);
    }
    i = j + 1;
    const raw = nameAt(RAW_NAMES, html, lt + 1, tagEnd);
    if (raw) {
      // Raw text ends at "</tag" followed by white space, "/" or ">", in any case.
      const end = rawTextEnd(raw);
      end.lastIndex = i;
      const m = end.exec(html);
      if (!m) return;
      i = m.index;
    }
  }
}

const rawTextEnds = new Map<string, RegExp>();
/** The pattern of a raw-text element's end tag (the tag names come from RAW_TEXT only). */
function rawTextEnd(tag: string): RegExp {
  let re = rawTextEnds.get(tag);
  if (!re) rawTextEnds.set(tag, (re = new RegExp(`</${tag}[\\t\\n\\f\\r />]`, "gi")));
  return re;
}

/** A tag name as the tokenizer reads it: ASCII upper-case letters lowered (toLowerCase would lower others too). */
function lowerAscii(name: string): string {
  return /[A-Z]/.test(name) ? name.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : name;
}

const byWanted = new WeakMap<ReadonlySet<string>, Names>();
/** The wanted names by length, made once per set (names in upper case never match: the tokenizer lowers them). */
function namesOf(wanted: ReadonlySet<string>): Names {
  let n = byWanted.get(wanted);
  if (!n) byWanted.set(wanted, (n = byLength(wanted)));
  return n;
}
