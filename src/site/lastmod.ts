// A page's sitemap lastmod: the latest real change of the content files it is built from (its `sources`), as
// git recorded them. Unknown when any of those files has no commit (not a git checkout, or not committed yet):
// then there is no lastmod, rather than one that changes with every copy of the folder.
import type { Content } from "../types.js";
import type { Page } from "./pages.js";

/** The page's lastmod as a W3C datetime in UTC ("2026-03-01T09:30:00Z"), or undefined when unknown. */
export function pageLastmod(page: Pick<Page, "sources">, changedAt: Content["changedAt"]): string | undefined {
  let latest = 0;
  for (const source of page.sources) {
    const t = changedAt?.[source];
    if (t === undefined) return undefined;
    latest = Math.max(latest, t);
  }
  return latest ? new Date(latest * 1000).toISOString().replace(/\.\d+Z$/, "Z") : undefined;
}
