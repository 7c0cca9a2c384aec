// What the hosting rules must say, once for every host; each host's file writes this plan in its own syntax.
import type { Content } from "../../types.js";
import type { ResolvedSite } from "../resolve.js";
import { movedUrls, type Moved } from "../aliases.js";
import { allHosts, programmesOf } from "../../affiliate/programmes.js";
import type { GoEntry } from "./go.js";
import { goEntries } from "./go-entries.js";
import { ADMIN_DIR, adminPolicy } from "../../cms/admin.js";

/** The facts every host's rules are written from. */
export interface HostPlan {
  /** Each non-default language's prefix ("/zh/") and its not-found page ("/zh/404.html"). */
  languageNotFound: { prefix: string; page: string }[];
  /** Every not-found page, the default language's included. */
  notFoundPages: string[];
  /** Renamed hotels: each old URL (slash and slash-less forms) and the page it moved to. */
  moved: Moved[];
  /** The hosts forms may submit to (the CSP's form-action): every programme's hosts, a network's redirect to its destination included. */
  formHosts: string[];
  /** With countClicks on, every /go/ placement id and where it leads; undefined when off. */
  go?: GoEntry[];
  /** The editor's folder ("/admin/") and its own Content-Security-Policy, when site.yaml enables it. */
  admin?: { prefix: string; policy: string };
}

/** The plan of a resolved site. */
export function hostPlan(site: ResolvedSite, content: Content): HostPlan {
  const [, ...others] = content.site.languages;
  const notFound = (code: string) => site.routes.url({ kind: "notFound" }, code);
  return {
    languageNotFound: others.map((l) => ({ prefix: site.routes.url({ kind: "home" }, l.code), page: notFound(l.code) })),
    notFoundPages: content.site.languages.map((l) => notFound(l.code)),
    moved: movedUrls(content, site.routes),
    formHosts: allHosts(programmesOf(content.site.affiliate)),
    go: content.site.countClicks ? goEntries(content) : undefined,
    admin: content.site.editor?.enabled ? { prefix: `/${ADMIN_DIR}/`, policy: adminPolicy(content) } : undefined,
  };
}
