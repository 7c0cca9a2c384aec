// The files that make dist/ ready for any static host: sitemap.xml, robots.txt and hosting rules
// (_headers, _redirects in the format Netlify and Cloudflare Pages read). Pure: data in, file contents out.
import type { OutputFile } from "../render/assets.js";
import type { Content } from "../types.js";
import type { ResolvedSite } from "./resolve.js";

/** Escapes text for XML character data and attribute values. */
export function xmlEscape(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** sitemap.xml: every indexable page with its language alternates (x-default included). */
export function sitemapXml(site: ResolvedSite): string {
  const urls = site.pages
    .filter((p) => p.head.canonical)
    .map((p) => {
      const links = p.head.alternates
        .map((a) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(a.hreflang)}" href="${xmlEscape(a.href)}"/>`)
        .join("");
      return `<url><loc>${xmlEscape(p.head.canonical!)}</loc>${links}</url>`;
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

/** The Content-Security-Policy every page is served with: no inline script, no third-party code. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "upgrade-insecure-requests",
].join("; ");

/** Security headers for every response. */
export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "X-Frame-Options": "DENY",
};

/** Cache rules: hashed assets forever, HTML revalidated on every visit. */
export const CACHE_FOREVER = "public, max-age=31536000, immutable";
export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate";

/** _headers: security headers everywhere, immutable assets, revalidated pages (listed, as hosts merge rules). */
export function headersFile(site: ResolvedSite): string {
  const block = (path: string, headers: Record<string, string>) =>
    `${path}\n${Object.entries(headers)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join("\n")}\n`;
  const pages = site.pages.map((p) => p.url);
  return [
    block("/*", SECURITY_HEADERS),
    block("/assets/*", { "Cache-Control": CACHE_FOREVER }),
    ...pages.map((url) => block(url, { "Cache-Control": CACHE_REVALIDATE })),
    block("/sitemap.xml", { "Cache-Control": CACHE_REVALIDATE }),
  ].join("\n");
}

/** Hosts cap static rules (Cloudflare Pages at 2,000); above this, slash redirects are left to the host. */
const MAX_SLASH_RULES = 1500;

/** _redirects: the no-slash form of each page to its canonical form, and each language's own 404. */
export function redirectsFile(site: ResolvedSite, content: Content): string {
  const lines: string[] = [];
  const pages = site.pages.filter((p) => p.kind === "hotel");
  if (pages.length <= MAX_SLASH_RULES) {
    for (const p of pages) lines.push(`${p.url.slice(0, -1)} ${p.url} 301`);
  }
  const [def, ...others] = content.site.languages;
  for (const l of others) {
    lines.push(`/${l.code} /${l.code}/ 301`);
    lines.push(`/${l.code}/* ${site.routes.url({ kind: "notFound" }, l.code)} 404`);
  }
  lines.push(`/* ${site.routes.url({ kind: "notFound" }, def.code)} 404`);
  return lines.join("\n") + "\n";
}

/** Every publishing file of the site. */
export function publishFiles(site: ResolvedSite, content: Content): OutputFile[] {
  return [
    { path: "sitemap.xml", contents: sitemapXml(site) },
    { path: "robots.txt", contents: robotsTxt(site) },
    { path: "_headers", contents: headersFile(site) },
    { path: "_redirects", contents: redirectsFile(site, content) },
  ];
}
