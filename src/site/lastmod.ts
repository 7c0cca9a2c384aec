// A page's sitemap lastmod: the latest commit of the content files it read; none when any of them has no commit.
import type { Content } from "../types.js";
import type { Input } from "./inputs.js";

/** The page's lastmod as a W3C datetime in UTC ("2026-03-01T09:30:00Z"), or undefined when unknown. */
export function pageLastmod(inputs: Iterable<Input>, changedAt: Content["changedAt"]): string | undefined {
  let latest = 0;
  for (const i of inputs) {
    // The hotel list and the images are no content file's.
    if (i.kind === "hotels" || i.kind === "image") continue;
    const t = changedAt?.[i.source];
    if (t === undefined) return undefined;
    latest = Math.max(latest, t);
  }
  return latest ? new Date(latest * 1000).toISOString().replace(/\.\d+Z$/, "Z") : undefined;
}
