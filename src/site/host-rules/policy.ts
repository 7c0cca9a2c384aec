// What every host must send: the security headers and the two cache rules, written once for all hosts' files.
import { SPECULATION_RULES_HASH } from "../speculation.js";

/** The Content-Security-Policy of every page: no inline script but the speculation rules, forms only to the programmes' hosts. */
export function contentSecurityPolicy(formHosts: readonly string[], self = false): string {
  const hosts = [...(self ? ["'self'"] : []), ...formHosts.map((h) => `https://${h}`)];
  const formAction = hosts.length ? hosts.join(" ") : "'none'";
  return [
    "default-src 'self'",
    `script-src 'self' ${SPECULATION_RULES_HASH}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");
}

/** Security headers for every response, the policy's form hosts given. */
export const securityHeaders = (formHosts: readonly string[], self = false): Record<string, string> => ({
  "Content-Security-Policy": contentSecurityPolicy(formHosts, self),
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "X-Frame-Options": "DENY",
});

/** Cache rules: hashed assets forever, HTML revalidated on every visit. */
export const CACHE_FOREVER = "public, max-age=31536000, immutable";
export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate";
