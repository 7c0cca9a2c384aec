// XML escaping for everything hotelsite writes as XML or HTML outside React: the sitemap, alias fallback pages,
// XLIFF exports and check's HTML report. One escaper: entities' escapeUTF8 (&lt; &gt; &amp; &quot; &apos;).
import { escapeUTF8 } from "entities";

/** Escapes text for XML or HTML character data and quoted attribute values. */
export function xmlEscape(s: string): string {
  return escapeUTF8(s);
}
