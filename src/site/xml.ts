// XML escaping for the files the build writes as XML or HTML outside React (sitemap, alias fallback pages).

/** Escapes text for XML character data and attribute values. */
export function xmlEscape(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}
