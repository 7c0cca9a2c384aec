// The home page's destinations by region, on the bundled content: site.yaml's regions in their order, every
// hotel in its own region once, each region ordered by the page language's collation of the names it shows, and
// region names in the page's language; and the grouping itself on small inputs.
import { beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import type { HomePage, HotelCard } from "../../src/site/pages.js";
import { groupByRegion } from "../../src/site/regions.js";
import { resolveSite } from "../../src/site/resolve.js";
import type { Content, Hotel } from "../../src/types.js";
import { REPO } from "../support/fixture.js";

let content: Content;
let homes: HomePage[];
beforeAll(async () => {
  content = validateContent(await loadContent({ contentDir: `${REPO}/content` })).content;
  homes = resolveSite(content, { now: new Date("2031-01-01T00:00:00Z") }).pages.filter((p): p is HomePage => p.kind === "home");
});

describe("the bundled home pages' regions", () => {
  it("has one home page per language", () => {
    expect(homes.map((h) => h.lang.code)).toEqual(["en", "zh", "ja"]);
  });

  for (const code of ["en", "zh", "ja"]) {
    it(`${code}: regions in site.yaml's order, named in ${code}, each hotel once under its own region, ordered by Intl.Collator`, () => {
      const home = homes.find((h) => h.lang.code === code)!;
      const regions = content.site.regions!;
      expect(home.home.groups.map((g) => [g.id, g.name])).toEqual(regions.map((r) => [r.id, r.name[code]]));
      const regionOf = new Map(content.hotels.map((h) => [h.id, h.region]));
      for (const g of home.home.groups) for (const c of g.cards) expect(regionOf.get(c.id), c.id).toBe(g.id);
      expect(home.home.groups.flatMap((g) => g.cards.map((c) => c.id)).sort()).toEqual(content.hotels.map((h) => h.id).sort());
      const collator = new Intl.Collator(home.lang.htmlLang);
      for (const g of home.home.groups) {
        const names = g.cards.map((c) => c.name);
        expect(names, g.id).toEqual([...names].sort(collator.compare));
      }
    });
  }

  it("orders Chinese names by their pinyin collation, not by the English id", () => {
    const zh = homes.find((h) => h.lang.code === "zh")!.home.groups.find((g) => g.id === "middle-east-africa")!;
    const en = homes.find((h) => h.lang.code === "en")!.home.groups.find((g) => g.id === "middle-east-africa")!;
    expect(en.cards.map((c) => c.id)).toEqual(["abu-dhabi", "dubai"]);
    // 阿布扎比 (ā) comes before 迪拜 (dí) in pinyin as well; Europe is reordered: 雅典 (yǎ) after 柏林 (bó).
    expect(zh.cards.map((c) => c.name)).toEqual([...zh.cards.map((c) => c.name)].sort(new Intl.Collator("zh-Hans").compare));
    const europe = homes.find((h) => h.lang.code === "zh")!.home.groups.find((g) => g.id === "europe")!.cards.map((c) => c.id);
    const europeEn = homes.find((h) => h.lang.code === "en")!.home.groups.find((g) => g.id === "europe")!.cards.map((c) => c.id);
    expect(europe).not.toEqual(europeEn);
  });
});

describe("groupByRegion", () => {
  const card = (id: string, name: string) => ({ id, name }) as HotelCard;
  const hotel = (id: string, region?: string) => ({ id, region }) as Hotel;

  it("gives one unnamed group, sorted, when the site declares no regions", () => {
    expect(groupByRegion({ hotels: [hotel("b"), hotel("a")], cards: [card("b", "Beta"), card("a", "Alpha")], regions: undefined, lang: "en", def: "en", htmlLang: "en" })).toEqual([
      { id: "", name: "", cards: [card("a", "Alpha"), card("b", "Beta")] },
    ]);
  });

  it("keeps the regions' order, drops an empty one, and falls back to the default language's region name", () => {
    const regions: NonNullable<Content["site"]["regions"]> = [
      { id: "north", name: { en: "North" } },
      { id: "empty", name: { en: "Empty" } },
      { id: "south", name: { en: "South", ja: "南" } },
    ];
    const groups = groupByRegion({ hotels: [hotel("s", "south"), hotel("n", "north")], cards: [card("s", "S"), card("n", "N")], regions, lang: "ja", def: "en", htmlLang: "ja" });
    expect(groups.map((g) => [g.id, g.name])).toEqual([
      ["north", "North"],
      ["south", "南"],
    ]);
  });

  it("sorts by the language's collation: Swedish puts Ö after Z, German beside O", () => {
    const cards = [card("z", "Zeta"), card("o", "Östersund"), card("p", "Paris")];
    const hotels = cards.map((c) => hotel(c.id, "r"));
    const order = (htmlLang: string) => groupByRegion({ hotels, cards, regions: [{ id: "r", name: { en: "R" } }], lang: "en", def: "en", htmlLang })[0].cards.map((c) => c.id);
    expect(order("sv")).toEqual(["p", "z", "o"]);
    expect(order("de")).toEqual(["o", "p", "z"]);
  });
});
