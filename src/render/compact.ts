// What replaced html-minifier-terser: React's static markup has no whitespace or comments to remove, so all a
// page needs is HTML's own spelling of what React writes in JSX form: lower-case attribute names (hreflang,
// charset, srcset), void elements without "/>", boolean attributes without ="" (defer, hidden).
//
// One pass from one `="` or "/>" to the next, safe because React escapes "<", ">" and '"' in every text and
// attribute value it writes: in its output those characters are always markup. (JSON-LD, the one raw block,
// escapes them too.) It replaced two regular-expression passes, giving the same string for any input
// (test/render/compact.test.ts holds it to them): on the 2 MB home page of a 4,008-page site 11 ms -> 8.5 ms.

/** React's camelCase names of HTML attributes, written in HTML's lower case. */
export const CAMEL = new Set([
  "accessKey",
  "allowFullScreen",
  "autoCapitalize",
  "autoComplete",
  "autoFocus",
  "autoPlay",
  "charSet",
  "colSpan",
  "contentEditable",
  "crossOrigin",
  "dateTime",
  "encType",
  "enterKeyHint",
  "fetchPriority",
  "formAction",
  "hrefLang",
  "imageSizes",
  "imageSrcSet",
  "inputMode",
  "itemProp",
  "itemScope",
  "itemType",
  "maxLength",
  "minLength",
  "noModule",
  "noValidate",
  "playsInline",
  "readOnly",
  "referrerPolicy",
  "rowSpan",
  "spellCheck",
  "srcDoc",
  "srcLang",
  "srcSet",
  "tabIndex",
  "useMap",
]);

/** Attributes whose presence is their value, so hidden="" is written hidden. */
export const BOOLEAN = new Set(["allowfullscreen", "async", "autofocus", "autoplay", "checked", "controls", "default", "defer", "disabled", "hidden", "inert", "itemscope", "loop", "multiple", "muted", "nomodule", "novalidate", "open", "playsinline", "readonly", "required", "reversed", "selected"]);

/** Void elements: their "/>" loses its slash even beside inline SVG or MathML. */
export const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** Void elements' self-closing slash; SVG and MathML keep theirs (there "/>" closes an element). */
const VOID_CLOSE = new RegExp(`<(${[...VOID].join("|")})\\b([^>]*?)\\/>`, "g");

/** Inline SVG, MathML or CSS: there "/>" may close a non-void element (one pass over the page, not three). */
const FOREIGN = /<(?:svg|math|style)/;

/** Rewrites React's static markup in HTML's usual spelling; text and attribute values are untouched. */
export function compactHtml(html: string): string {
  // Without inline SVG, MathML or CSS, every "/>" in React's output closes a void element (JSON-LD escapes ">";
  // inline scripts are not allowed by the site's CSP): each loses its "/" in the same pass as the names.
  return FOREIGN.test(html) ? respell(html.replace(VOID_CLOSE, "<$1$2>"), false) : respell(html, true);
}

const isLower = (c: number) => c >= 97 && c <= 122;
const isUpper = (c: number) => c >= 65 && c <= 90;

/**
 * Writes ` fooBar="` (a camelCase name React writes, CAMEL) as ` foobar="` and ` hidden=""` (BOOLEAN) as
 * ` hidden`, and with `slashes` every "/>" as ">". A name is the run of ASCII letters between a space and `="`;
 * React escapes '"' in text and values, so `="` is always an attribute's start there. It goes from one `="` (or
 * "/>") to the next instead of trying a regular expression at every space (a 2 MB home page has 140,000 spaces
 * and 30,000 attributes), in one pass where there were two. For any string the result is the old two passes':
 * html.replaceAll("/>", ">") then / (?:([a-z]+[A-Z][A-Za-z]*)="|(boolean names)="")/g (test/render/compact.test.ts).
 */
function respell(html: string, slashes: boolean): string {
  let out = "";
  let copied = 0;
  let eq = html.indexOf('="');
  let slash = slashes ? html.indexOf("/>") : -1;
  while (eq >= 0 || slash >= 0) {
    if (slash >= 0 && (eq < 0 || slash < eq)) {
      out += html.slice(copied, slash);
      copied = slash + 1;
      slash = html.indexOf("/>", slash + 2);
      continue;
    }
    let start = eq;
    let upper = false;
    for (let c = html.charCodeAt(start - 1); isLower(c) || isUpper(c); c = html.charCodeAt(--start - 1)) upper ||= isUpper(c);
    if (start < eq && html.charCodeAt(start - 1) === 32) {
      if (upper) {
        // camelCase: a lower-case letter first, an upper-case one later.
        const name = isLower(html.charCodeAt(start)) ? html.slice(start, eq) : "";
        if (CAMEL.has(name)) {
          out += html.slice(copied, start) + name.toLowerCase();
          copied = eq;
        }
      } else if (html.charCodeAt(eq + 2) === 34 && BOOLEAN.has(html.slice(start, eq))) {
        out += html.slice(copied, eq);
        copied = eq + 3;
      }
    }
    eq = html.indexOf('="', eq + 2);
  }
  return copied === 0 ? html : out + html.slice(copied);
}
