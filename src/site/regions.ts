// The home page's destinations by region: site.yaml's regions in their order, each region's hotels ordered by
// the page language's own collation of the names it shows (阿布扎比 after 雅典 is pinyin order, not the English id's).
import type { Hotel, SiteSettings } from "../types.js";
import type { HotelCard, RegionGroup } from "./pages.js";

const collators = new Map<string, Intl.Collator>();

/** The collator of a language tag, made once (making one is the slow part). */
export function collatorOf(tag: string): Intl.Collator {
  let c = collators.get(tag);
  if (!c) collators.set(tag, (c = new Intl.Collator(tag)));
  return c;
}

/** The region's name in a language, else in the default language. */
export function regionName(region: NonNullable<SiteSettings["regions"]>[number], lang: string, def: string): string {
  return region.name[lang] ?? region.name[def] ?? region.id;
}

/**
 * Cards grouped by their hotel's region (validation made sure each names a declared one), sorted within a group
 * by `htmlLang`'s collation of the card's name; one unnamed group when the site declares no regions.
 */
export function groupByRegion(o: { hotels: Pick<Hotel, "region">[]; cards: HotelCard[]; regions: SiteSettings["regions"]; lang: string; def: string; htmlLang: string }): RegionGroup[] {
  const collator = collatorOf(o.htmlLang);
  const sorted = (cards: HotelCard[]) => cards.slice().sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  if (!o.regions) return [{ id: "", name: "", cards: sorted(o.cards) }];
  const byRegion = new Map<string, HotelCard[]>(o.regions.map((r) => [r.id, []]));
  o.hotels.forEach((h, i) => byRegion.get(h.region ?? "")?.push(o.cards[i]));
  return o.regions.map((r) => ({ id: r.id, name: regionName(r, o.lang, o.def), cards: sorted(byRegion.get(r.id)!) })).filter((g) => g.cards.length);
}
