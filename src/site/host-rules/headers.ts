// `_headers` for Netlify and Cloudflare Pages: rules by pattern, never one per page. Both hosts apply every
// matching rule and join repeated headers with a comma, so Cache-Control is set by rules that never overlap:
// /assets/* (hashed, immutable) against the page patterns (/, /:page/, /:section/:page/, the 404 pages).
import { CACHE_FOREVER, CACHE_REVALIDATE, securityHeaders } from "./policy.js";
import type { HostPlan } from "./plan.js";

/** URL patterns of every HTML page and other revalidated file: pages live one or two segments deep. */
const PAGE_PATTERNS = ["/", "/:page/", "/:section/:page/"];
const OTHER_REVALIDATED = ["/sitemap.xml", "/sitemap-*", "/robots.txt", "/languages/*"];

/** The `_headers` file: security headers for everything, one cache rule for assets, one per page pattern. */
export function headersFile(plan: HostPlan): string {
  const block = (path: string, headers: Record<string, string>) =>
    `${path}\n${Object.entries(headers)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join("\n")}\n`;
  const revalidated = [...PAGE_PATTERNS, ...plan.notFoundPages, ...OTHER_REVALIDATED];
  return [
    block("/*", securityHeaders(plan.formHosts, Boolean(plan.go))),
    block("/assets/*", { "Cache-Control": CACHE_FOREVER }),
    ...revalidated.map((p) => block(p, { "Cache-Control": CACHE_REVALIDATE })),
    ...(plan.admin ? [adminBlock(plan.admin)] : []),
  ].join("\n");
}

/**
 * The editor's folder gets its own policy in place of the site's. Cloudflare Pages joins the values of every matching
 * rule, so `! Content-Security-Policy` first drops the site's (it applies a rule's removals before its values);
 * Netlify skips that line (no colon) and takes the later rule's value of a header, as the preview server does.
 */
function adminBlock(admin: NonNullable<HostPlan["admin"]>): string {
  return `${admin.prefix}*\n  ! Content-Security-Policy\n  Content-Security-Policy: ${admin.policy}\n  X-Robots-Tag: noindex\n`;
}
