// The availability form's data: where it submits and the hidden fields that make it an affiliate request (docs/affiliate.md).
import { destinationParams, destinationUrl, fillTemplate } from "../affiliate/links.js";
import { programmeOf, programmesOf } from "../affiliate/programmes.js";
import type { SiteSettings } from "../types.js";
import { Memo } from "../util/memo.js";
import { placementId } from "./affiliate.js";
import type { AvailabilityView } from "./pages.js";
import { goUrl } from "./routes.js";

/** What a hotel's form is made from. */
export interface AvailabilityInput {
  site: Pick<SiteSettings, "affiliate" | "countClicks">;
  /** The hotel's affiliateLink: its search term is taken from it when it is a search link. */
  link: string;
  /** The hotel's name in the default language: the search term when the link carries none. */
  name: string;
  lang: string;
  /** The page's key in placement ids (affiliate.ts pageKey). */
  page: string;
  programme?: string;
  memo?: Memo;
}

/** Stands for the destination while the network's link is parsed: letters only, so encoding leaves it as it is. */
const MARK = "HOTELSITEDESTINATION";

/** A hotel's availability form, or undefined when its programme describes no partner search. */
export function availabilityForm(o: AvailabilityInput): AvailabilityView | undefined {
  const memo = o.memo ?? new Memo();
  const p = programmeOf(programmesOf(o.site.affiliate, memo), o.programme);
  const search = p.search;
  if (!search) return undefined;
  const fill = { lang: o.lang, subId: placementId({ site: o.site, lang: o.lang, page: o.page, placement: "form", memo }) };
  const params = destinationParams(p, fill).map(([name, value]) => ({ name, value }));
  params.push({ name: search.term, value: new URL(o.link).searchParams.get(search.term) || o.name });
  const names = { checkIn: search.checkIn, checkOut: search.checkOut, adults: search.adults, rooms: search.rooms, children: search.children, childAge: search.childAge };
  const rel = o.site.affiliate.noreferrer ? { rel: "noreferrer" } : {};
  // Click counting: the form submits its visible fields to /go/<its id>, whose redirect carries the rest.
  if (o.site.countClicks && fill.subId) return { action: goUrl(fill.subId), hidden: [], names, ...rel };
  if (!p.link) return { action: search.action, hidden: params, names, ...rel };
  const target = new URL(fillTemplate(p.link, p, { ...fill, destination: MARK }, encodeURIComponent)!);
  const query = new URL(search.action);
  for (const { name, value } of params) query.searchParams.append(name, value);
  const plain = destinationUrl(o.link, p, fill, memo);
  const hidden = [...target.searchParams].map(([name, value]) => (value === MARK ? { name, value: plain, destination: true } : { name, value }));
  return { action: target.origin + target.pathname, hidden, names, search: query.href, ...rel };
}
