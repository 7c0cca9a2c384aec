// The files that make dist/ ready for any static host: sitemap, robots.txt, host rules, flags, the editor, alias pages, banners.
import type { OutputFile } from "../render/assets.js";
import type { Content } from "../types.js";
import type { ResolvedSite } from "./resolve.js";
import { hostRuleFiles } from "./host-rules/index.js";
import { aliasPages } from "./aliases.js";
import { flagFiles } from "./flags.js";
import { bannerFiles } from "./language-banner.js";
import { sitemapFiles } from "./sitemap.js";
import { ADMIN_DIR, adminFiles } from "../cms/admin.js";

/** robots.txt: everything allowed but the /go/ booking links (countClicks) and the editor when the site has one, the sitemap named. */
export function robotsTxt(site: ResolvedSite, content: Pick<Content, "site">): string {
  const go = content.site.countClicks ? "Disallow: /go/\n" : "";
  const admin = content.site.editor?.enabled ? `Disallow: /${ADMIN_DIR}/\n` : "";
  return `User-agent: *\n${go}${admin}Allow: /\n\nSitemap: ${site.routes.absolute("/sitemap.xml")}\n`;
}

/** The publishing files made from routes, pages and settings, never copy (what they read of `content` is recorded). */
export function routeFiles(site: ResolvedSite, content: Content): OutputFile[] {
  return [...sitemapFiles(site, content.changedAt), { path: "robots.txt", contents: robotsTxt(site, content) }, ...hostRuleFiles(site, content), ...flagFiles(content.flags), ...adminFiles(content, site.routes)];
}

/** The publishing files that show copy, made again on every run: renamed hotels' fallback pages and the banner's copy. */
export function copyFiles(site: ResolvedSite, content: Content): OutputFile[] {
  return [...aliasPages(site, content), ...bannerFiles(content)];
}
