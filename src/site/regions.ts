// The home page's destinations by region, each ordered by the page language's collation of the names it shows.
import type { Hotel, SiteSettings } from "../types.js";
import type { HotelCard, RegionGroup } from "./pages.js";

const collators = new Map<string, Intl.Collator>();

/** The collator of a language tag, made once (making one is the slow part). */
export function collatorOf(tag: string): Intl.Collator {
  let c = collators.get(tag);
  if (!c) collators.set(tag, (c = new Intl.Collator(tag)));
  return c;
}

/** Cards grouped by their hotel's region (named in `lang`, else the default's), sorted by `htmlLang`'s collation of their names. */
export function groupByRegion(o: { hotels: Pick<Hotel, "region">[]; cards: HotelCard[]; regions: SiteSettings["regions"]; lang: string; def: string; htmlLang: string }): RegionGroup[] {
  const collator = collatorOf(o.htmlLang);
  const sorted = (cards: HotelCard[]) => cards.slice().sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  if (!o.regions) return [{ id: "", name: "", cards: sorted(o.cards) }];
  const byRegion = new Map<string, HotelCard[]>(o.regions.map((r) => [r.id, []]));
  o.hotels.forEach((h, i) => byRegion.get(h.region ?? "")?.push(o.cards[i]));
  return o.regions.map((r) => ({ id: r.id, name: r.name[o.lang] ?? r.name[o.def] ?? r.id, cards: sorted(byRegion.get(r.id)!) })).filter((g) => g.cards.length);
}
