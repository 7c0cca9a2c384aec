// The placement table: every Book link and form with its placement id and final URL, so a report row is traced to its button.
import { programmeOf, programmesOf } from "./programmes.js";
import { bookingUrl, PAGE_PLACEMENTS, pageKey, placementId } from "../site/affiliate.js";
import { availabilityForm } from "../site/availability.js";
import type { Placement } from "../site/pages.js";
import { makeRoutes, type Route } from "../site/routes.js";
import type { Content } from "../types.js";
import { Memo } from "../util/memo.js";

/** One placement: a Book link or the availability form, on one page in one language. */
export interface PlacementRow {
  /** The placement id: the sub-id the programme carries ("" when site.yaml declares none). */
  id: string;
  /** "home", "404" or the hotel's id. */
  page: string;
  route: string;
  lang: string;
  placement: Placement;
  /** The programme's key ("default" for site.yaml's short form). */
  programme: string;
  /** The URL the link opens; the form's is its submission without the visitor's dates. */
  url: string;
}

/** The columns of the table, in order (CSV header, JSON keys). */
export const PLACEMENT_COLUMNS = ["id", "page", "route", "lang", "placement", "programme", "url"] as const satisfies readonly (keyof PlacementRow)[];

/** Every placement of the site: each language's home page, hotel pages (in content order) and not-found page. */
export function placementRows(content: Pick<Content, "site" | "hotels">): PlacementRow[] {
  const { site } = content;
  const memo = new Memo();
  const routes = makeRoutes(site);
  const all = programmesOf(site.affiliate, memo);
  const rows: PlacementRow[] = [];
  const pages: { route: Route; name: string; link: string; programme?: string; name0?: string; own: readonly Placement[] }[] = [
    { route: { kind: "home" }, name: "home", link: site.affiliate.link, own: PAGE_PLACEMENTS.home },
    ...content.hotels.map((h) => ({ route: { kind: "hotel", id: h.id } as Route, name: h.id, link: h.affiliateLink, programme: h.programme, name0: h.text[site.languages[0].code]?.name, own: PAGE_PLACEMENTS.hotel })),
    { route: { kind: "notFound" }, name: "404", link: site.affiliate.link, own: [] },
  ];
  for (const lang of site.languages.map((l) => l.code)) {
    for (const p of pages) {
      const page = pageKey(p.route, routes.slug);
      const route = routes.url(p.route, lang);
      const row = (placement: Placement, programme: string | undefined, url: string) =>
        rows.push({ id: placementId({ site, lang, page, placement, memo }) ?? "", page: p.name, route, lang, placement, programme: programmeOf(all, programme).id, url });
      // The header, menu and footer link to the general booking link through the default programme.
      for (const placement of PAGE_PLACEMENTS.chrome) row(placement, undefined, bookingUrl({ link: site.affiliate.link, site, lang, page, placement, memo }));
      for (const placement of p.own) row(placement, p.programme, bookingUrl({ link: p.link, site, lang, page, placement, programme: p.programme, memo }));
      if (p.route.kind !== "hotel") continue;
      const form = availabilityForm({ site: { affiliate: site.affiliate }, link: p.link, name: p.name0 ?? p.name, lang, page, programme: p.programme, memo });
      if (form) row("form", p.programme, `${form.action}?${new URLSearchParams(form.hidden.map((f) => [f.name, f.value]))}`);
    }
  }
  return rows;
}

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The table as CSV (RFC 4180, header first). */
export function placementsCsv(rows: readonly PlacementRow[]): string {
  return [PLACEMENT_COLUMNS.join(","), ...rows.map((r) => PLACEMENT_COLUMNS.map((c) => csvField(r[c])).join(","))].join("\r\n") + "\r\n";
}
