// A page's sitemap lastmod: the latest real change of the content files it is built from (the inputs resolve
// recorded while it read them), as
// git recorded them. Unknown when any of those files has no commit (not a git checkout, or not committed yet):
// then there is no lastmod, rather than one that changes with every copy of the folder.
import type { Content } from "../types.js";
import { input } from "./inputs.js";

/** The content source ("site", "strings", "home", "hotel:<id>") an input belongs to; images and the hotel list have none of their own. */
function sourceOf(id: string): string | undefined {
  if (id === input.hotelList || id.startsWith("image:")) return undefined;
  // A block ("hotel:dubai#en"), one of its fields ("hotel:dubai#en/name") or a hotel's own field ("hotel:dubai/facts"):
  // what comes before the first "#" or "/" (found without a regular expression: a site has 90,000 at 4,008 pages).
  const hash = id.indexOf("#");
  const slash = id.indexOf("/");
  const end = hash < 0 ? slash : slash < 0 ? hash : Math.min(hash, slash);
  return end < 0 ? id : id.slice(0, end);
}

/** The page's lastmod as a W3C datetime in UTC ("2026-03-01T09:30:00Z"), or undefined when unknown. */
export function pageLastmod(inputs: Iterable<string>, changedAt: Content["changedAt"]): string | undefined {
  let latest = 0;
  for (const id of inputs) {
    const source = sourceOf(id);
    if (source === undefined) continue;
    const t = changedAt?.[source];
    if (t === undefined) return undefined;
    latest = Math.max(latest, t);
  }
  return latest ? new Date(latest * 1000).toISOString().replace(/\.\d+Z$/, "Z") : undefined;
}
