// The files that make dist/ ready for any static host: sitemap.xml, robots.txt and hosting rules (made in
// host-rules/: _headers and _redirects for Netlify and Cloudflare Pages, _nginx.conf). Pure: data in, file contents out.
import type { OutputFile } from "../render/assets.js";
import type { Content } from "../types.js";
import type { ResolvedSite } from "./resolve.js";
import { hostRuleFiles } from "./host-rules/index.js";
import { aliasPages } from "./aliases.js";
import { flagFiles } from "./flags.js";
import { bannerFiles } from "./language-banner.js";
import { pageLastmod } from "./lastmod.js";
import { xmlEscape } from "./xml.js";

export { xmlEscape } from "./xml.js";

/** sitemap.xml: every indexable page with its language alternates (x-default included) and, from git, its lastmod. */
export function sitemapXml(site: ResolvedSite, changedAt?: Content["changedAt"]): string {
  const urls = site.pages
    .filter((p) => p.head.canonical)
    .map((p) => {
      const links = p.head.alternates
        .map((a) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.href)}"/>`)
        .join("");
      const lastmod = pageLastmod(site.inputs.get(p.outFile) ?? [], changedAt);
      return `<url><loc>${xmlEscape(p.head.canonical!)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${links}</url>`;
    });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    urls.join("\n") +
    `\n</urlset>\n`
  );
}

/** robots.txt: everything allowed, the sitemap named. */
export function robotsTxt(site: ResolvedSite): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.routes.absolute("/sitemap.xml")}\n`;
}

// The policy lives with the host rules that send it; re-exported for the preview server and its tests.
export { CACHE_FOREVER, CACHE_REVALIDATE, contentSecurityPolicy, securityHeaders } from "./host-rules/policy.js";

/** Every publishing file of the site. */
export function publishFiles(site: ResolvedSite, content: Content): OutputFile[] {
  return [
    { path: "sitemap.xml", contents: sitemapXml(site, content.changedAt) },
    { path: "robots.txt", contents: robotsTxt(site) },
    ...hostRuleFiles(site, content),
    ...aliasPages(site, content),
    ...flagFiles(content.flags),
    ...bannerFiles(content),
  ];
}
