// Every placement id the site issues, for the report's join. Stands in for the placement table
// (src/affiliate/placements.ts) until it lands: the ids of every language x page x placement.
import type { CheckResult } from "../build.js";
import { PLACEMENTS, pageKey, trackingValue } from "../site/affiliate.js";
import { makeRoutes } from "../site/routes.js";
import type { PlacedId } from "./tally.js";

/** The placed ids of a checked site. */
export async function placedIds(result: CheckResult, _cwd: string): Promise<PlacedId[]> {
  const { site } = result.content;
  const tracking = site.affiliate.tracking;
  if (!tracking) return [];
  const { slug } = makeRoutes(site);
  const pages = [{ kind: "home" } as const, { kind: "notFound" } as const, ...result.content.hotels.map((h) => ({ kind: "hotel", id: h.id }) as const)];
  return site.languages.flatMap((l) =>
    pages.flatMap((route) => {
      const page = route.kind === "hotel" ? route.id : pageKey(route, slug);
      return PLACEMENTS.map((placement) => ({ id: trackingValue(tracking.template, { lang: l.code, page: pageKey(route, slug), placement }), page, lang: l.code, placement }));
    }),
  );
}
