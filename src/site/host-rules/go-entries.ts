// Every /go/ target of a site, from the placement table: each placement id's URL, and the form fields a host passes on.
import { placementRows } from "../../affiliate/placements.js";
import { programmeOf, programmesOf } from "../../affiliate/programmes.js";
import type { Content } from "../../types.js";
import { REPEATED, type GoEntry } from "./go.js";

/** The /go/ entries of a site (rows without a placement id have nothing to count by and are left out). */
export function goEntries(content: Pick<Content, "site" | "hotels">): GoEntry[] {
  const programmes = programmesOf(content.site.affiliate);
  const programmeOfPage = new Map(content.hotels.map((h) => [h.id, programmeOf(programmes, h.programme)]));
  return placementRows(content).flatMap((row): GoEntry[] => {
    if (!row.id) return [];
    const p = row.placement === "form" ? programmeOfPage.get(row.page) : undefined;
    const s = p && !p.link ? p.search : undefined;
    // A child's age comes once per child: marked REPEATED, each value is passed on.
    const children = s?.children && s.childAge ? [s.children, `${s.childAge}${REPEATED}`] : [];
    return [s ? { id: row.id, url: row.url, fields: [s.checkIn, s.checkOut, s.adults, s.rooms, ...children] } : { id: row.id, url: row.url }];
  });
}
