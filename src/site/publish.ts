// The files that make dist/ ready for any static host: sitemap.xml (sitemap.ts), robots.txt and hosting rules (made in
// host-rules/: _headers and _redirects for Netlify and Cloudflare Pages, _nginx.conf). Pure: data in, file contents out.
import type { OutputFile } from "../render/assets.js";
import type { Content } from "../types.js";
import type { ResolvedSite } from "./resolve.js";
import { hostRuleFiles } from "./host-rules/index.js";
import { aliasPages } from "./aliases.js";
import { flagFiles } from "./flags.js";
import { bannerFiles } from "./language-banner.js";
import { sitemapFiles } from "./sitemap.js";

export { xmlEscape } from "./xml.js";

/** robots.txt: everything allowed, the sitemap named. */
export function robotsTxt(site: ResolvedSite): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.routes.absolute("/sitemap.xml")}\n`;
}

// The policy lives with the host rules that send it; re-exported for the preview server and its tests.
export { CACHE_FOREVER, CACHE_REVALIDATE, contentSecurityPolicy, securityHeaders } from "./host-rules/policy.js";

/** Every publishing file of the site. */
export function publishFiles(site: ResolvedSite, content: Content): OutputFile[] {
  return [
    ...sitemapFiles(site, content.changedAt),
    { path: "robots.txt", contents: robotsTxt(site) },
    ...hostRuleFiles(site, content),
    ...aliasPages(site, content),
    ...flagFiles(content.flags),
    ...bannerFiles(content),
  ];
}
