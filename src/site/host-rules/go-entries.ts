// Every /go/ target of a site: each placement id with the URL its link had, and the availability form's with
// its fields. Stands in for the placement table (src/affiliate/placements.ts) until it lands.
import type { Content } from "../../types.js";
import { bookingUrl, pageKey } from "../affiliate.js";
import { availabilityForm } from "../availability.js";
import type { Placement } from "../pages.js";
import type { Route, Routes } from "../routes.js";
import type { GoEntry } from "./go.js";

/** The /go/ entries of a site with countClicks on (none without a tracking template: no ids to count by). */
export function goEntries(content: Content, routes: Routes): GoEntry[] {
  const { site } = content;
  const tracking = site.affiliate.tracking;
  if (!tracking) return [];
  const entries: GoEntry[] = [];
  const add = (link: string, route: Route, lang: string, placements: Placement[]) => {
    const page = pageKey(route, routes.slug);
    for (const placement of placements) {
      const url = bookingUrl({ link, site, lang, page, placement });
      entries.push({ id: new URL(url).searchParams.get(tracking.param)!, url });
    }
  };
  for (const { code } of site.languages) {
    for (const route of [{ kind: "home" }, { kind: "notFound" }] as const) add(site.affiliate.link, route, code, route.kind === "home" ? ["header", "menu", "footer", "hero", "cta"] : ["header", "menu", "footer"]);
    for (const h of content.hotels) {
      const route = { kind: "hotel", id: h.id } as const;
      add(site.affiliate.link, route, code, ["header", "menu", "footer"]);
      add(h.affiliateLink, route, code, ["hero", "top", "bar", "body", "cta"]);
      const form = availabilityForm({ affiliate: site.affiliate, link: h.affiliateLink, name: String(h.text[site.languages[0].code]?.name ?? h.id), lang: code, page: pageKey(route, routes.slug) });
      if (!form) continue;
      const url = new URL(form.action);
      for (const { name, value } of form.hidden) url.searchParams.set(name, value);
      entries.push({ id: form.hidden.find((f) => f.name === tracking.param)!.value, url: url.href, fields: Object.values(form.names) });
    }
  }
  return entries;
}
