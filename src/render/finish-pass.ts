// compactHtml and scanPage in one pass over React's markup, for the pages it is written for: both walk the same
// start tags, and React's markup is regular enough to be walked with a few indexOf calls. React writes every
// attribute as ` name="value"` and escapes `"`, `<` and `>` in text and attribute values, so outside the
// content of raw-text elements (JSON-LD) a `<` only starts a tag, a `>` only ends one and a `"` only delimits
// a value. The pass checks that as it goes, and any page it cannot vouch for (markup from
// dangerouslySetInnerHTML, comments, other quoting) is left to the two general passes: for every string,
// finishPage gives what compactHtml then scanPage give (test/render/finish-pass.test.ts).
// CPU on the React markup of the 4,008 pages of bench s1334: about 630 -> 365 ms (58%), the 2 MB home page 17 -> 9 ms;
// what is left is mostly the indexOf walk and copying out the finished page, which any pass must do.
import { decodeHTMLAttribute } from "entities";
import { isSpace, RAW_TEXT } from "../site/html-scan.js";
import { mayBeInternal, PageScan, SCANNED, SCANNED_BIT, type ScannedPage } from "../site/links.js";
import { BOOLEAN, CAMEL, VOID } from "./compact.js";

/** finish.ts's FinishedPage: the HTML to write and what it links to. */
type FinishedPage = ScannedPage & { html: string };

/** The first place of a character at or after a position, asked for positions that only grow: one search of the page. */
class Finder {
  private at = -1;
  constructor(
    private readonly text: string,
    private readonly char: string,
  ) {}

  /** Where `char` is next at or after `pos` (the text's length when nowhere). */
  from(pos: number): number {
    if (this.at < pos) {
      const i = this.text.indexOf(this.char, pos);
      this.at = i < 0 ? this.text.length : i;
    }
    return this.at;
  }
}

/** CAMEL's names and how compactHtml writes them. */
const CAMEL_LOWER = new Map([...CAMEL].map((name) => [name, name.toLowerCase()]));

/** The pass met inline SVG, MathML or CSS: compactHtml then keeps non-void elements' "/>" (pass again knowing it). */
const FOREIGN = Symbol("foreign");

/**
 * compactHtml(markup) and scanPage of the result, or undefined when the markup is not in the shape React writes
 * (the caller then runs those two).
 */
export function finishInOnePass(markup: string): FinishedPage | undefined {
  const page = onePass(markup, false);
  return page === FOREIGN ? (onePass(markup, true) as FinishedPage | undefined) : page;
}

const isLower = (c: number) => c >= 97 && c <= 122;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isWord = (c: number) => isLower(c) || isUpper(c) || (c >= 48 && c <= 57) || c === 95;

/** Names by their length, to tell which of them is at a place in the page without copying it out. */
type ByLength = (string[] | undefined)[];

/** `names` by their length. */
function byLength(names: Iterable<string>): ByLength {
  const table: ByLength = [];
  for (const name of names) (table[name.length] ??= []).push(name);
  return table;
}

/**
 * Which of the table's names (lower case) the `length` characters at `at` are, in any ASCII case, as the
 * scanner's toLowerCase() would find them (no other character lower-cases to an ASCII letter of these names).
 */
function nameAt(table: ByLength, html: string, at: number, length: number): string | undefined {
  const names = table[length];
  if (names === undefined) return undefined;
  const first = html.charCodeAt(at) | 32;
  next: for (const name of names) {
    if (name.charCodeAt(0) !== first) continue;
    for (let k = 1; k < length; k++) if ((html.charCodeAt(at + k) | 32) !== name.charCodeAt(k)) continue next;
    return name;
  }
  return undefined;
}

/** The attributes scanPage reads, and the elements whose content is raw text (RAW_TEXT), by length. */
const SCANNED_BY_LENGTH = byLength(SCANNED);
const RAW_BY_LENGTH = byLength(RAW_TEXT);

/** An attribute's value, decoded when it has a character reference (`coded`). */
function valueOf(html: string, from: number, to: number, coded: boolean): string {
  return coded ? decodeHTMLAttribute(html.slice(from, to)) : html.slice(from, to);
}

/** Whether compactHtml's void-element pattern takes this tag's "/>" beside foreign content: `<img\b...\/>`. */
function voidTag(html: string, lt: number): boolean {
  let j = lt + 1;
  while (isWord(html.charCodeAt(j))) j++;
  return VOID.has(html.slice(lt + 1, j));
}

/**
 * The pass. `foreign`: the page has inline SVG, MathML or CSS (`<svg`, `<math` or `<style`), where compactHtml
 * drops the "/" of void elements only; meeting one without knowing returns FOREIGN.
 */
function onePass(html: string, foreign: boolean): FinishedPage | undefined | typeof FOREIGN {
  const n = html.length;
  const scan = new PageScan();
  const parts: string[] = [];
  let copied = 0;
  // Quotes delimit values, which the walk reads; text, end tags and the doctype must have none.
  const quotes = new Finder(html, '"');
  const quoteFree = (from: number, to: number) => quotes.from(from) >= to;
  const amps = new Finder(html, "&");
  // What compactHtml rewrites wherever it is, to be sure raw text has none.
  const slashes = new Finder(html, "/>");
  const attributes = new Finder(html, '="');
  let lt = html.indexOf("<");
  let gt = html.indexOf(">");
  if (lt < 0 || gt < lt || !quoteFree(0, lt)) return undefined;
  for (;;) {
    // Here `lt` is a "<" and `gt` the first ">" after it, and the text before `lt` had no ">" or '"'.
    const next = html.indexOf("<", lt + 1);
    if (next >= 0 && next < gt) return undefined;
    const first = html.charCodeAt(lt + 1);
    let raw: string | undefined;
    if (isLower(first) || isUpper(first)) {
      // A start tag: its name, then ` name="value"` until ">" or "/>".
      let j = lt + 1;
      let c = first;
      while (c !== 32 && c !== 47 && c !== 62) {
        if (isSpace(c) || c === 34 || c === 39 || c === 61) return undefined;
        c = html.charCodeAt(++j);
      }
      if (!foreign && (first === 115 || first === 109) && (html.startsWith("svg", lt + 1) || html.startsWith("math", lt + 1) || html.startsWith("style", lt + 1))) return FOREIGN;
      const anchor = j === lt + 2 && (first | 32) === 97;
      raw = nameAt(RAW_BY_LENGTH, html, lt + 1, j - lt - 1);
      let seen = 0;
      for (;;) {
        if (c === 62) break;
        if (c === 47) {
          if (j + 1 !== gt) return undefined;
          if (!foreign || voidTag(html, lt)) {
            parts.push(html.slice(copied, j));
            copied = j + 1;
          }
          break;
        }
        if (c !== 32) return undefined;
        // An attribute: its name, all ASCII letters or not, up to `="`.
        const start = j + 1;
        let letters = true;
        let upper = false;
        for (c = html.charCodeAt(++j); c !== 61; c = html.charCodeAt(++j)) {
          if (isUpper(c)) upper = true;
          else if (!isLower(c)) {
            if (isSpace(c) || c === 47 || c === 62 || c === 34 || c === 39 || c === 60) return undefined;
            letters = false;
          }
        }
        const open = j + 1;
        if (j === start || html.charCodeAt(open) !== 34) return undefined;
        const close = html.indexOf('"', open + 1);
        if (close < 0 || close > gt) return undefined;
        // compactHtml: a camelCase name React writes in lower case, `hidden=""` as `hidden`.
        if (letters && upper) {
          const lower = CAMEL_LOWER.get(html.slice(start, j));
          if (lower) {
            parts.push(html.slice(copied, start), lower);
            copied = j;
          }
        } else if (letters && close === open + 1 && BOOLEAN.has(html.slice(start, j))) {
          parts.push(html.slice(copied, j));
          copied = close + 1;
        }
        // scanPage: id, an anchor's name, href, src, srcset and imagesrcset, the first of each in a tag.
        const name = nameAt(SCANNED_BY_LENGTH, html, start, j - start);
        if (name !== undefined && !(seen & SCANNED_BIT[name])) {
          seen |= SCANNED_BIT[name];
          const from = open + 1;
          const coded = amps.from(from) < close;
          if (name === "href" || name === "src") {
            // Most href and src values link elsewhere (https:...), which their first character tells.
            if (coded || mayBeInternal(html.charCodeAt(from))) scan.url(valueOf(html, from, close, coded));
          } else if (name === "id" || (name === "name" && anchor)) scan.id(valueOf(html, from, close, coded));
          else if (name !== "name") scan.srcset(valueOf(html, from, close, coded));
        }
        j = close + 1;
        c = html.charCodeAt(j);
      }
    } else if (first === 47) {
      // An end tag; its "/>" would be compacted.
      if (!(isLower(html.charCodeAt(lt + 2)) || isUpper(html.charCodeAt(lt + 2))) || html.charCodeAt(gt - 1) === 47 || !quoteFree(lt, gt)) return undefined;
    } else if (first !== 33 || html.startsWith("<!--", lt) || html.charCodeAt(gt - 1) === 47 || !quoteFree(lt, gt)) {
      // Not the doctype: a comment, "<?", a "<" in text.
      return undefined;
    }
    if (next < 0) {
      // The text after the last tag.
      if (html.indexOf(">", gt + 1) >= 0 || !quoteFree(gt + 1, n)) return undefined;
      break;
    }
    if (raw) {
      // Raw text (JSON-LD) up to its end tag, with no "<", "/>" or `="` for compactHtml to see in it.
      if (!html.startsWith(`</${raw}>`, next) || slashes.from(gt + 1) < next || attributes.from(gt + 1) < next) return undefined;
      gt = next + raw.length + 2;
    } else {
      if (next > gt + 1 && !quoteFree(gt + 1, next)) return undefined;
      gt = html.indexOf(">", gt + 1);
      if (gt < next) return undefined;
    }
    lt = next;
  }
  parts.push(html.slice(copied));
  const { links, ids } = scan.result();
  return { html: copied === 0 ? html : parts.join(""), links, ids };
}
