// The "Check Availability & Book Now" form's data: where it submits and the hidden fields that make it an
// affiliate request (partner id, tracking label of its own placement, partner language, the hotel's search term).
// Names and values come from site.yaml's affiliate settings, so another programme is a change of data.
import type { SiteSettings } from "../types.js";
import { partnerLanguage, trackingValue } from "./affiliate.js";
import type { AvailabilityView } from "./pages.js";

/** What a hotel's form is made from. */
export interface AvailabilityInput {
  affiliate: SiteSettings["affiliate"];
  /** The hotel's affiliateLink: its search term is taken from it when it is a search link. */
  link: string;
  /** The hotel's name in the default language: the search term when the link carries none. */
  name: string;
  lang: string;
  /** The page's key in labels (affiliate.ts pageKey). */
  page: string;
}

/** A hotel's availability form, or undefined when site.yaml describes no partner search. */
export function availabilityForm({ affiliate, link, name, lang, page }: AvailabilityInput): AvailabilityView | undefined {
  const search = affiliate.search;
  if (!search) return undefined;
  const hidden = [{ name: affiliate.partnerParam, value: affiliate.partnerId }];
  if (affiliate.tracking) hidden.push({ name: affiliate.tracking.param, value: trackingValue(affiliate.tracking.template, { lang, page, placement: "form" }) });
  const language = partnerLanguage(affiliate, lang);
  if (language) hidden.push({ name: affiliate.languageParam!, value: language });
  hidden.push({ name: search.term, value: new URL(link).searchParams.get(search.term) || name });
  const names = { checkIn: search.checkIn, checkOut: search.checkOut, adults: search.adults, rooms: search.rooms, children: search.children, childAge: search.childAge };
  return affiliate.noreferrer ? { action: search.action, hidden, names, rel: "noreferrer" } : { action: search.action, hidden, names };
}
