// `_headers` for Netlify and Cloudflare Pages: rules by pattern whose Cache-Control never overlaps (hosts join repeats).
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

/** The editor's folder's own policy in place of the site's (`! Content-Security-Policy` drops it on Cloudflare; Netlify skips it). */
function adminBlock(admin: NonNullable<HostPlan["admin"]>): string {
  return `${admin.prefix}*\n  ! Content-Security-Policy\n  Content-Security-Policy: ${admin.policy}\n  X-Robots-Tag: noindex\n`;
}
