// The text report of `hotelsite links`: unresolved hosts, broken and skipped links with their pages, redirects with
// where they end, then a summary line (--json prints the reports themselves).
import { hostOf, UNRESOLVED, type LinkReport } from "./check.js";

/** The text report: broken links with their pages, redirects with where they end, then a summary line. */
export function formatLinkReport(results: LinkReport[], pages: number): string {
  const lines: string[] = [];
  // Links on a host whose name does not resolve: one block per host, not one per link (--json lists each).
  const unresolved = new Map<string, LinkReport[]>();
  for (const r of results) if (r.error === UNRESOLVED) unresolved.set(hostOf(r.final), [...(unresolved.get(hostOf(r.final)) ?? []), r]);
  for (const [host, on] of unresolved) {
    const where = new Set(on.flatMap((x) => x.pages)).size;
    const asked = on.filter((x) => !x.notAsked).length;
    lines.push(
      `UNRESOLVED ${host}: ${UNRESOLVED}, so this machine looks offline (or the host is gone)`,
      `    ${on.length} link${on.length === 1 ? "" : "s"} on ${where} page${where === 1 ? "" : "s"} lead there; ${asked} ${asked === 1 ? "was" : "were"} asked, the others not (--json lists them all)`,
    );
  }
  for (const r of results.filter((x) => !x.ok && !x.skipped && x.error !== UNRESOLVED)) {
    lines.push(`BROKEN ${r.url}`, `    ${r.error}${r.final !== r.url ? ` (after redirects, at ${r.final})` : ""}`);
    lines.push(`    on ${r.pages.length} page${r.pages.length === 1 ? "" : "s"}: ${r.pages.join(", ")}`);
  }
  const skipped = results.filter((x) => x.skipped);
  for (const r of skipped) {
    lines.push(`SKIPPED ${r.url}`, `    ${r.skipped}`, `    on ${r.pages.length} page${r.pages.length === 1 ? "" : "s"}: ${r.pages.join(", ")}`);
  }
  const redirected = results.filter((x) => x.ok && x.chain.length > 1);
  for (const r of redirected) lines.push(`REDIRECT ${r.url}`, `    ends at ${r.final} (${r.status}) after ${r.chain.length - 1} redirect${r.chain.length === 2 ? "" : "s"}`);
  const fine = results.filter((x) => x.ok).length;
  const broken = results.length - fine - skipped.length;
  if (lines.length) lines.push("");
  lines.push(
    `${results.length} outbound link${results.length === 1 ? "" : "s"} on ${pages} page${pages === 1 ? "" : "s"} checked: ` +
      `${fine} fine${redirected.length ? ` (${redirected.length} redirected)` : ""}, ${broken} broken` +
      `${unresolved.size ? ` (${[...unresolved.values()].flat().length} on ${unresolved.size === 1 ? "a host" : "hosts"} that do${unresolved.size === 1 ? "es" : ""} not resolve: offline?)` : ""}` +
      `${skipped.length ? `, ${skipped.length} skipped (not public; --allow-private checks them)` : ""}.`,
  );
  return lines.join("\n");
}
