// A page's start tags' wanted attributes by the HTML standard's tokenizer rules, with no tree (a full parser took 1.8 s of 7.5).
import { decodeHTMLAttribute } from "entities/decode";

/** Elements whose content is text to the tokenizer, up to their own end tag. */
export const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"]);

/** ASCII white space as the HTML standard counts it (space, tab, LF, FF, CR), by character code. */
export const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Bits of ENDS: the character ends a tag name (white space, "/", ">"), or an attribute name (those and "="). */
const TAG_NAME_END = 1;
const ATTRIBUTE_NAME_END = 2;
/** ENDS's bits by character code: all such characters are below 63, so most letters need one comparison. */
const ENDS = new Uint8Array(63);
for (const c of [9, 10, 12, 13, 32, 47, 62]) ENDS[c] = TAG_NAME_END | ATTRIBUTE_NAME_END;
ENDS[61] = ATTRIBUTE_NAME_END;

/** A buffer for the code units of the pages scanned, kept between calls up to 1 MB (a larger page gets one of its own). */
let scratch = Buffer.allocUnsafeSlow(1 << 16);
const SCRATCH_KEPT = 1 << 20;
let scratchInUse = false;

/** The page's UTF-16 code units, then a 0 (a typed array is read faster than charCodeAt); `own`: a buffer of its own. */
function codeUnitsOf(html: string, own: boolean): Uint16Array {
  const bytes = 2 * html.length + 2;
  let buf = scratch;
  if (own || bytes > SCRATCH_KEPT) buf = Buffer.allocUnsafeSlow(bytes);
  else if (bytes > scratch.length) buf = scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_KEPT, 2 ** Math.ceil(Math.log2(bytes))));
  buf.write(html, 0, "utf16le");
  const units = new Uint16Array(buf.buffer, buf.byteOffset, html.length + 1);
  units[html.length] = 0;
  return units;
}

/** An ASCII upper-case letter lowered, anything else as it is: the tokenizer lowers names this way only. */
const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);

/** A set of lower-case names by length, for finding a name in the page without copying it out. */
type Names = (string[] | undefined)[];

function byLength(names: Iterable<string>): Names {
  const out: Names = [];
  for (const n of names) (out[n.length] ??= []).push(n);
  return out;
}

/** The name of `names` that the page's code units [start, end) spell (ASCII letters in either case), never copied out. */
function nameAt(names: Names, units: Uint16Array, start: number, end: number): string | undefined {
  const candidates = names[end - start];
  if (!candidates) return undefined;
  next: for (const name of candidates) {
    for (let k = 0; k < name.length; k++) if (lower(units[start + k]) !== name.charCodeAt(k)) continue next;
    return name;
  }
  return undefined;
}

/** The raw-text elements' names by length. */
const RAW_NAMES = byLength(RAW_TEXT);

/** Calls `onAttribute(tag, name, value, at)` for every attribute in `wanted` of every start tag (`at`: where the tag starts). */
export function scanStartTags(html: string, wanted: ReadonlySet<string>, onAttribute: (tag: string, name: string, value: string, at: number) => void): void {
  const own = scratchInUse;
  scratchInUse = true;
  try {
    scan(html, codeUnitsOf(html, own), wanted, onAttribute);
  } finally {
    scratchInUse = own;
  }
}

/** scanStartTags, reading characters from `units` (html's, at the same positions) and copying values from html. */
function scan(html: string, units: Uint16Array, wanted: ReadonlySet<string>, onAttribute: (tag: string, name: string, value: string, at: number) => void): void {
  const n = html.length;
  const names = namesOf(wanted);
  let i = 0;
  while (i < n) {
    // Most tags follow another: indexOf is called only when text comes between.
    const lt = units[i] === 60 /* < */ ? i : html.indexOf("<", i);
    if (lt < 0) return;
    const next = units[lt + 1];
    if (next === 33 /* ! */) {
      // A comment runs to "-->"; a doctype or other markup declaration to ">".
      const end = html.startsWith("<!--", lt) ? html.indexOf("-->", lt + 4) : html.indexOf(">", lt + 2);
      i = end < 0 ? n : end + (html.startsWith("<!--", lt) ? 3 : 1);
      continue;
    }
    if (next === 47 /* / */ || next === 63 /* ? */) {
      // An end tag is short: a loop finds its ">" sooner than a call to indexOf.
      let end = lt + 2;
      while (end < n && units[end] !== 62) end++;
      i = end + 1;
      continue;
    }
    if (!isAlpha(next)) {
      i = lt + 1;
      continue;
    }
    // Tag name: copied out of the page only when an attribute is handed on.
    let j = lt + 1;
    let c = 0;
    while (j < n && ((c = units[j]) > 62 || !(ENDS[c] & TAG_NAME_END))) j++;
    const tagEnd = j;
    let tag: string | undefined;
    while (j < n) {
      c = units[j];
      if (isSpace(c) || c === 47 /* / */) {
        j++;
        continue;
      }
      if (c === 62 /* > */) break;
      const nameStart = j;
      // The first character may be "=" (it is then part of the name), as the standard says.
      j++;
      while (j < n && ((c = units[j]) > 62 || !(ENDS[c] & ATTRIBUTE_NAME_END))) j++;
      // Most attributes are not wanted: their name and value are never copied out of the page.
      const name = nameAt(names, units, nameStart, j);
      const want = name !== undefined;
      while (j < n && isSpace(units[j])) j++;
      let value = "";
      if (units[j] === 61 /* = */) {
        j++;
        while (j < n && isSpace(units[j])) j++;
        const q = units[j];
        if (q === 34 || q === 39) {
          const end = html.indexOf(q === 34 ? '"' : "'", j + 1);
          const stop = end < 0 ? n : end;
          if (want) value = html.slice(j + 1, stop);
          j = stop + 1;
        } else {
          const start = j;
          while (j < n && !isSpace((c = units[j])) && c !== 62) j++;
          if (want) value = html.slice(start, j);
        }
      }
      if (want) onAttribute((tag ??= tagName(html, units, lt + 1, tagEnd)), name, value.includes("&") ? decodeHTMLAttribute(value) : value, lt);
    }
    i = j + 1;
    const raw = nameAt(RAW_NAMES, units, lt + 1, tagEnd);
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

/** The tag name html[start, end) as the tokenizer reads it: ASCII upper-case letters lowered (only those). */
function tagName(html: string, units: Uint16Array, start: number, end: number): string {
  const name = html.slice(start, end);
  for (let k = start; k < end; k++) if (units[k] >= 65 && units[k] <= 90) return name.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  return name;
}

const byWanted = new WeakMap<ReadonlySet<string>, Names>();
/** The wanted names by length, made once per set (names in upper case never match: the tokenizer lowers them). */
function namesOf(wanted: ReadonlySet<string>): Names {
  let n = byWanted.get(wanted);
  if (!n) byWanted.set(wanted, (n = byLength(wanted)));
  return n;
}
