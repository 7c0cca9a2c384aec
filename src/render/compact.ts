// What replaced html-minifier-terser: React's static markup has no whitespace or comments to remove, so all a
// page needs is HTML's own spelling of what React writes in JSX form: lower-case attribute names (hreflang,
// charset, srcset), void elements without "/>", and boolean attributes without ="" (defer, hidden). One pass
// over the tags, about 1% of a page's render time; html-minifier-terser took longer than rendering the page.

/** Elements that never have content, so "<meta ... />" is written "<meta ...>". */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

/** Attributes whose presence is their value, so hidden="" is written hidden. */
const BOOLEAN = new Set([
  "allowfullscreen",
  "async",
  "autofocus",
  "autoplay",
  "checked",
  "controls",
  "default",
  "defer",
  "disabled",
  "formnovalidate",
  "hidden",
  "inert",
  "ismap",
  "itemscope",
  "loop",
  "multiple",
  "muted",
  "nomodule",
  "novalidate",
  "open",
  "playsinline",
  "readonly",
  "required",
  "reversed",
  "selected",
]);

/**
 * A start tag as React writes it (every value double-quoted, '"' inside escaped, so '>' may appear only inside
 * quotes), or the end of an <svg>/<math> element, inside which names keep their case.
 */
const TOKEN = /<\/(svg|math)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*(\/?)>/g;
const ATTR = /\s+([^\s"'>/=]+)(?:="([^"]*)")?/g;

/** Rewrites React's static markup in HTML's usual spelling; text, values and foreign content are untouched. */
export function compactHtml(html: string): string {
  let foreign = 0;
  return html.replace(TOKEN, (tag, closing: string | undefined, name: string, attrs: string, slash: string) => {
    if (closing) {
      foreign = Math.max(0, foreign - 1);
      return tag;
    }
    const lower = name.toLowerCase();
    if (foreign > 0 || lower === "svg" || lower === "math") {
      if ((lower === "svg" || lower === "math") && !slash) foreign++;
      return tag;
    }
    const rewritten = attrs.replace(ATTR, (_a, attr: string, value: string | undefined) => {
      const key = attr.toLowerCase();
      if (value === undefined || (value === "" && BOOLEAN.has(key))) return ` ${key}`;
      return ` ${key}="${value}"`;
    });
    return `<${lower}${rewritten}${slash && !VOID.has(lower) ? "/" : ""}>`;
  });
}
