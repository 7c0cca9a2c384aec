// The sitemap: every indexable page with its alternates, or an index of sitemap-N.xml files each within the protocol's limits.
import type { OutputFile } from "../render/assets.js";
import type { Content } from "../types.js";
import type { ResolvedSite } from "./resolve.js";
import { pageLastmod } from "./lastmod.js";
import { xmlEscape } from "./xml.js";

/** The sitemap protocol's limits for one file (sitemaps.org): URLs, and bytes uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n`;
const URLSET = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_END = `\n</urlset>\n`;

type Alternates = ResolvedSite["pages"][number]["head"]["alternates"];

/** A route's <xhtml:link> alternates: the same for each of its languages (one array a route), so written once. */
function alternatesXml(alternates: Alternates, made: WeakMap<Alternates, string>): string {
  let links = made.get(alternates);
  if (links === undefined) {
    links = alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.href)}"/>`).join("");
    made.set(alternates, links);
  }
  return links;
}

/** sitemap.xml alone when the site fits one file's limits, else as a <sitemapindex> of numbered files (`limits`: for tests). */
export function sitemapFiles(site: ResolvedSite, changedAt?: Content["changedAt"], limits = SITEMAP_LIMITS): OutputFile[] {
  const room = limits.bytes - Buffer.byteLength(HEAD + URLSET + URLSET_END);
  // Each file as bytes once it is complete: its text is let go before the next one is made.
  const parts: Buffer[] = [];
  const made = new WeakMap<Alternates, string>();
  let entries: string[] = [];
  let bytes = 0;
  const close = () => {
    parts.push(Buffer.from(HEAD + URLSET + entries.join("\n") + URLSET_END));
    entries = [];
    bytes = 0;
  };
  for (const page of site.pages) {
    if (!page.head.canonical) continue;
    const lastmod = pageLastmod(site.inputs.get(page.outFile) ?? [], changedAt);
    const entry = `<url><loc>${xmlEscape(page.head.canonical)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${alternatesXml(page.head.alternates, made)}</url>`;
    const size = Buffer.byteLength(entry) + 1;
    if (entries.length && (entries.length >= limits.urls || bytes + size > room)) close();
    entries.push(entry);
    bytes += size;
  }
  close();
  if (parts.length === 1) return [{ path: "sitemap.xml", contents: parts[0] }];
  const files = parts.map((contents, i) => ({ path: `sitemap-${i + 1}.xml`, contents }));
  const index =
    HEAD +
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    files.map((f) => `<sitemap><loc>${xmlEscape(site.routes.absolute(`/${f.path}`))}</loc></sitemap>`).join("\n") +
    `\n</sitemapindex>\n`;
  return [{ path: "sitemap.xml", contents: index }, ...files];
}
