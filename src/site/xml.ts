// XML escaping for everything hotelsite writes as XML or HTML outside React: the sitemap, alias fallback pages,
// XLIFF exports and check's HTML report. One escaper: entities' escapeUTF8 (&lt; &gt; &amp; &quot; &apos;).
import { escapeUTF8 } from "entities";

/** Escapes text for XML or HTML character data and quoted attribute values. */
export function xmlEscape(s: string): string {
  return escapeUTF8(s);
}

/**
 * A self-contained HTML page for a report (check's, report's): no script, and a policy that lets it load
 * nothing but its own inline style, so it opens offline and nothing in it can call out. `title` is escaped here;
 * `body` is markup its caller escaped.
 */
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
