// The availability form's data: the partner's search page and the hidden fields (partner id, the partner's
// language, the form's own label, the hotel's search term: the order of the links' parameters), all named by
// site.yaml's settings.
import { describe, expect, it } from "vitest";
import { availabilityForm } from "../../src/site/availability.js";
import type { SiteSettings } from "../../src/types.js";

const search = { action: "https://book.example.com/search", term: "q", checkIn: "in", checkOut: "out", adults: "guests", rooms: "units" };
const affiliate: SiteSettings["affiliate"] = {
  link: "https://book.example.com/search",
  partnerParam: "aid",
  partnerId: "42",
  allowedHosts: ["book.example.com"],
  tracking: { param: "label", template: "{lang}-{page}-{placement}" },
  languageParam: "hl",
  languages: { en: "en-gb", zh: "zh-cn" },
  search,
};

describe("availabilityForm", () => {
  it("sends the partner id, the form's label, the partner's language and the link's own search term, under the settings' names", () => {
    expect(availabilityForm({ site: { affiliate }, link: "https://book.example.com/search?q=Alpha+Bay", name: "Alpha", lang: "zh", page: "test-brand-alpha" })).toEqual({
      action: search.action,
      hidden: [
        { name: "aid", value: "42" },
        { name: "hl", value: "zh-cn" },
        { name: "label", value: "zh-test-brand-alpha-form" },
        { name: "q", value: "Alpha Bay" },
      ],
      names: { checkIn: "in", checkOut: "out", adults: "guests", rooms: "units" },
    });
  });

  it("searches for the hotel's name when its link is a property page, and leaves out what the settings do not have", () => {
    const bare = { ...affiliate, tracking: undefined, languageParam: undefined, languages: undefined };
    expect(availabilityForm({ site: { affiliate: bare }, link: "https://book.example.com/hotel/alpha.html", name: "Test Brand Alpha", lang: "en", page: "x" })?.hidden).toEqual([
      { name: "aid", value: "42" },
      { name: "q", value: "Test Brand Alpha" },
    ]);
  });

  it("hides the referring page from the partner when the site says so, as its Book links do", () => {
    expect(availabilityForm({ site: { affiliate: { ...affiliate, noreferrer: true } }, link: "https://book.example.com/h", name: "A", lang: "en", page: "x" })?.rel).toBe("noreferrer");
  });

  it("is absent when the settings describe no partner search", () => {
    expect(availabilityForm({ site: { affiliate: { ...affiliate, search: undefined } }, link: "https://book.example.com/h", name: "A", lang: "en", page: "x" })).toBeUndefined();
  });
});
