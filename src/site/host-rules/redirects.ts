// `_redirects` in its two dialects: Cloudflare Pages' (3xx only) and Netlify's (forced redirects, language 404s).
import { netlifyGoRules } from "./go.js";
import type { HostPlan } from "./plan.js";

/** `_redirects` for Cloudflare Pages (valid on Netlify too): renamed hotels' old URLs, 301 to the new page. */
export function redirectsFile(plan: HostPlan): string {
  return ["# Renamed hotels: old URL, new URL, status", ...plan.moved.map((m) => `${m.from} ${m.to} 301`)].join("\n") + "\n";
}

/** `_redirects.netlify`, renamed to `_redirects` when publishing on Netlify: forced 301s, then language 404s. */
export function netlifyRedirectsFile(plan: HostPlan): string {
  return (
    [
      "# Renamed hotels (forced: a fallback page exists at each old URL)",
      ...plan.moved.map((m) => `${m.from} ${m.to} 301!`),
      ...(plan.go ? netlifyGoRules(plan.go) : []),
      "# Each language's misses get its own not-found page",
      ...plan.languageNotFound.map((l) => `${l.prefix}* ${l.page} 404`),
    ].join("\n") + "\n"
  );
}
