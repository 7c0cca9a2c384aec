// Reads the start tags of an HTML page and hands each wanted attribute to a callback, following the HTML
// standard's tokenizer for what it needs: comments, doctypes and end tags are skipped, the text of raw-text
// elements (script, style, textarea, title) is never read as markup, attribute values are double-quoted,
// single-quoted or unquoted, and character references in them are decoded. It builds no tree and looks at no
// text between tags, which is why the dead-link check uses it: a full parser (htmlparser2) took 1.8 s of a
// 7.5 s build of 4,008 pages; this takes a fraction of that. test/site/html-scan.test.ts holds it to parse5.
import { decodeHTMLAttribute } from "entities";

/** Elements whose content is text to the tokenizer, up to their own end tag. */
export const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"]);

/** ASCII white space as the HTML standard counts it (space, tab, LF, FF, CR), by character code. */
export const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * A cheap test on a name's length and first letter before it is copied out of the page and lower-cased: a name
 * that lower-cases to an ASCII name has that name's length and first letter (in either case).
 */
interface NameFilter {
  /** By length: a bit per first letter (a = bit 0) of the names of that length. */
  firsts: Uint32Array;
  /** A name the table cannot hold (not starting with a lower-case ASCII letter, or long): every name is copied. */
  all: boolean;
}

/** The length and first letter of every name in `names`. */
function nameFilter(names: Iterable<string>): NameFilter {
  const firsts = new Uint32Array(33);
  let all = false;
  for (const n of names) {
    if (n.length < firsts.length && /^[a-z]/.test(n)) firsts[n.length] |= 1 << (n.charCodeAt(0) - 97);
    else all = true;
  }
  return { firsts, all };
}

/** Whether a name of `length` starting with character `c` may be one of the filter's (false: it is not). */
function mayBe(filter: NameFilter, length: number, c: number): boolean {
  return filter.all || (length < filter.firsts.length && isAlpha(c) && (filter.firsts[length] & (1 << ((c | 32) - 97))) !== 0);
}

/** The raw-text elements' names: a tag name is copied out only when it may be one of them (or is wanted). */
const RAW_FILTER = nameFilter(RAW_TEXT);

/**
 * Calls `onAttribute(tag, name, value, at)` for every attribute of every start tag whose name is in `wanted`
 * (`at` is where the tag starts, the same for all attributes of one tag).
 */
export function scanStartTags(html: string, wanted: ReadonlySet<string>, onAttribute: (tag: string, name: string, value: string, at: number) => void): void {
  const n = html.length;
  const filter = filterOf(wanted);
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
    // attribute is handed on or it may be a raw-text element: most tags are neither.
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
      const name = mayBe(filter, j - nameStart, html.charCodeAt(nameStart)) ? html.slice(nameStart, j).toLowerCase() : "";
      const want = name !== "" && wanted.has(name);
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
      if (want) onAttribute((tag ??= html.slice(lt + 1, tagEnd).toLowerCase()), name, value.includes("&") ? decodeHTMLAttribute(value) : value, lt);
    }
    i = j + 1;
    if (!mayBe(RAW_FILTER, tagEnd - lt - 1, next)) continue;
    tag ??= html.slice(lt + 1, tagEnd).toLowerCase();
    if (RAW_TEXT.has(tag)) {
      // Raw text ends at "</tag" followed by white space, "/" or ">", in any case.
      const end = rawTextEnd(tag);
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

const filters = new WeakMap<ReadonlySet<string>, NameFilter>();
/** The filter of a set of wanted names, made once per set. */
function filterOf(wanted: ReadonlySet<string>): NameFilter {
  let f = filters.get(wanted);
  if (!f) filters.set(wanted, (f = nameFilter(wanted)));
  return f;
}
