// The files that make dist/ ready for any static host: sitemap.xml (sitemap.ts), robots.txt and hosting rules (made in
// host-rules/: _headers and _redirects for Netlify and Cloudflare Pages, _nginx.conf), and the editor at /admin/ when
// site.yaml enables it (cms/admin.ts: the one part that reads a file, the CMS's bundle from its package). Otherwise
// pure: data in, file contents out.
import type { OutputFile } from "../render/assets.js";
import type { Content } from "../types.js";
import type { ResolvedSite } from "./resolve.js";
import { hostRuleFiles } from "./host-rules/index.js";
import { aliasPages } from "./aliases.js";
import { flagFiles } from "./flags.js";
import { bannerFiles } from "./language-banner.js";
import { sitemapFiles } from "./sitemap.js";
import { ADMIN_DIR, adminFiles } from "../cms/admin.js";

export { xmlEscape } from "./xml.js";

/** robots.txt: everything allowed but the /go/ booking links (countClicks) and the editor when the site has one, the sitemap named. */
export function robotsTxt(site: ResolvedSite, content?: Pick<Content, "site">): string {
  const go = content?.site.countClicks ? "Disallow: /go/\n" : "";
  const admin = content?.site.editor?.enabled ? `Disallow: /${ADMIN_DIR}/\n` : "";
  return `User-agent: *\n${go}${admin}Allow: /\n\nSitemap: ${site.routes.absolute("/sitemap.xml")}\n`;
}

// The policy lives with the host rules that send it; re-exported for the preview server and its tests.
export { CACHE_FOREVER, CACHE_REVALIDATE, contentSecurityPolicy, securityHeaders } from "./host-rules/policy.js";

/**
 * The publishing files made from the routes, the page list and the settings, never from the copy: the sitemap,
 * robots.txt, the host rules (with renamed hotels' redirects) and the flags. Add a file here: what it reads of
 * `content` is recorded (the executors pass record.ts's recordedContent), and a later run keeps these files while
 * none of what they read changed.
 */
export function routeFiles(site: ResolvedSite, content: Content): OutputFile[] {
  return [...sitemapFiles(site, content.changedAt), { path: "robots.txt", contents: robotsTxt(site, content) }, ...hostRuleFiles(site, content), ...flagFiles(content.flags), ...adminFiles(content, site.routes)];
}

/**
 * The publishing files that show copy, made again on every run (a few files): renamed hotels' fallback pages,
 * which show their page's title, and the language banner's copy. `site.pages` needs only the renamed hotels' pages.
 */
export function copyFiles(site: ResolvedSite, content: Content): OutputFile[] {
  return [...aliasPages(site, content), ...bannerFiles(content)];
}
