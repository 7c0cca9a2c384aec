// The one XML escaper for what hotelsite writes as XML or HTML outside React (sitemap, alias pages, XLIFF, reports).
import { escapeUTF8 } from "entities/escape";

/** Escapes text for XML or HTML character data and quoted attribute values. */
export function xmlEscape(s: string): string {
  return escapeUTF8(s);
}

/** A self-contained HTML page for a report that loads nothing but its inline style (`body`: markup its caller escaped). */
export function standalonePage(o: { title: string; style: string; body: string; noindex?: boolean }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">${o.noindex ? '\n<meta name="robots" content="noindex">' : ""}
<title>${xmlEscape(o.title)}</title>
<style>${o.style}</style>
</head>
<body>
${o.body}
</body>
</html>
`;
}
