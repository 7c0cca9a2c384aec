// The bundled hotels' key facts are the specification's figures and nothing else. The figures are listed here
// from the specification's text (section 9, "Marketing figures in the copy"), quoted, not read from the content:
// each listed fact must be found in its quote, and each hotel's facts must be exactly its listed ones.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import type { Hotel, HotelFact } from "../../src/types.js";
import { REPO } from "../support/fixture.js";

/** Section 9 of the specification, the marketing figures, verbatim. */
const SPEC = `
- Baha Mar: 1,800 rooms, 40+ restaurants, 100,000 sq ft casino floor, 30,000 sq ft spa, over 200,000 sq ft event space.
- Dubai: 674 rooms, 13 restaurants and bars, 37 acres, 16 meeting rooms, 3 ballrooms, 3,700 sqm.
- Singapore: 677 rooms, ballroom for 900 (1,200 at receptions), 10,000 sq ft meeting space.
- Kauai: 602 rooms, 50 acres, 45,000 sq ft spa.
- Bali: 636 rooms, 40 acres, 5 pools, 8 restaurants, 2,150 sqm of pools.
- Nashville: 591 rooms, 33,000 sq ft event space, up to 1,000 guests.
- Goa: 314 rooms, 28 acres, 1,000-guest ballroom, kids' camp ages 5-12.
- Athens: 309 rooms, ballroom for 800.
- Seattle: 425 rooms, 24,000 sq ft, 1,200 guests.
- Rooms: Tokyo 387, Manila 461, Kochi 264, Melbourne 550, Kuala Lumpur 412, Mumbai 547.
- Ballrooms: Tokyo 900, Manila 2,000, Kochi 1,000, Melbourne 1,400, Kuala Lumpur 1,600, Mumbai 1,600, Jakarta 2,000.
- Vail: over 5,300 acres of terrain, 35 miles from the airport. Deer Valley: 35 minutes from the airport. Abu Dhabi: 30 minutes. Tampa Bay: 10 minutes from the airport, over 65,000 sq ft event space, 18-hole golf course. San Antonio: about 15 minutes.
- Denver: elevation 5,280 feet, airport about 40 minutes. San Francisco: airport 30 minutes, over 30,000 sq ft meeting space, lounge on the 36th floor. Nusa Dua: airport 20 minutes.
`;

/** A fact and the words of the specification it comes from. */
type Listed = [quote: string, fact: HotelFact];
const f = (kind: HotelFact["kind"], value: number, unit?: HotelFact["unit"], qualifier?: HotelFact["qualifier"]): HotelFact => ({ kind, value, ...(unit && { unit }), ...(qualifier && { qualifier }) });

const EXPECTED: Record<string, Listed[]> = {
  "baha-mar": [["1,800 rooms", f("rooms", 1800)], ["40+ restaurants", f("restaurants", 40, undefined, "plus")], ["100,000 sq ft casino floor", f("casino", 100000, "sqft")], ["30,000 sq ft spa", f("spa", 30000, "sqft")], ["over 200,000 sq ft event space", f("eventSpace", 200000, "sqft", "over")]],
  dubai: [["674 rooms", f("rooms", 674)], ["13 restaurants and bars", f("restaurantsAndBars", 13)], ["37 acres", f("area", 37, "acres")], ["16 meeting rooms", f("meetingRooms", 16)], ["3 ballrooms", f("ballrooms", 3)], ["3,700 sqm", f("eventSpace", 3700, "sqm")]],
  singapore: [["677 rooms", f("rooms", 677)], ["ballroom for 900", f("ballroomCapacity", 900)], ["1,200 at receptions", f("receptionCapacity", 1200)], ["10,000 sq ft meeting space", f("meetingSpace", 10000, "sqft")]],
  kauai: [["602 rooms", f("rooms", 602)], ["50 acres", f("area", 50, "acres")], ["45,000 sq ft spa", f("spa", 45000, "sqft")]],
  bali: [["636 rooms", f("rooms", 636)], ["40 acres", f("area", 40, "acres")], ["5 pools", f("pools", 5)], ["8 restaurants", f("restaurants", 8)], ["2,150 sqm of pools", f("poolArea", 2150, "sqm")]],
  nashville: [["591 rooms", f("rooms", 591)], ["33,000 sq ft event space", f("eventSpace", 33000, "sqft")], ["up to 1,000 guests", f("eventCapacity", 1000, undefined, "upTo")]],
  goa: [["314 rooms", f("rooms", 314)], ["28 acres", f("area", 28, "acres")], ["1,000-guest ballroom", f("ballroomCapacity", 1000)]],
  athens: [["309 rooms", f("rooms", 309)], ["ballroom for 800", f("ballroomCapacity", 800)]],
  seattle: [["425 rooms", f("rooms", 425)], ["24,000 sq ft", f("eventSpace", 24000, "sqft")], ["1,200 guests", f("eventCapacity", 1200)]],
  tokyo: [["Tokyo 387", f("rooms", 387)], ["Tokyo 900", f("ballroomCapacity", 900)]],
  manila: [["Manila 461", f("rooms", 461)], ["Manila 2,000", f("ballroomCapacity", 2000)]],
  kochi: [["Kochi 264", f("rooms", 264)], ["Kochi 1,000", f("ballroomCapacity", 1000)]],
  melbourne: [["Melbourne 550", f("rooms", 550)], ["Melbourne 1,400", f("ballroomCapacity", 1400)]],
  "kuala-lumpur": [["Kuala Lumpur 412", f("rooms", 412)], ["Kuala Lumpur 1,600", f("ballroomCapacity", 1600)]],
  mumbai: [["Mumbai 547", f("rooms", 547)], ["Mumbai 1,600", f("ballroomCapacity", 1600)]],
  jakarta: [["Jakarta 2,000", f("ballroomCapacity", 2000)]],
  vail: [["over 5,300 acres of terrain", f("skiTerrain", 5300, "acres", "over")], ["35 miles from the airport", f("airportDistance", 35, "miles")]],
  "deer-valley": [["Deer Valley: 35 minutes from the airport", f("airportMinutes", 35)]],
  "abu-dhabi": [["Abu Dhabi: 30 minutes", f("airportMinutes", 30)]],
  "tampa-bay": [["10 minutes from the airport", f("airportMinutes", 10)], ["over 65,000 sq ft event space", f("eventSpace", 65000, "sqft", "over")], ["18-hole golf course", f("golfHoles", 18)]],
  "san-antonio": [["San Antonio: about 15 minutes", f("airportMinutes", 15, undefined, "about")]],
  denver: [["elevation 5,280 feet", f("elevation", 5280, "feet")], ["airport about 40 minutes", f("airportMinutes", 40, undefined, "about")]],
  "san-francisco": [["airport 30 minutes", f("airportMinutes", 30)], ["over 30,000 sq ft meeting space", f("meetingSpace", 30000, "sqft", "over")]],
  "nusa-dua": [["Nusa Dua: airport 20 minutes", f("airportMinutes", 20)]],
};

/** Figures of the specification the panel leaves out, and why: they are not quantities a traveler compares. */
const NOT_SHOWN = ["kids' camp ages 5-12", "lounge on the 36th floor"];

/** How the specification writes a unit and a qualifier. */
const UNIT_WORDS: Record<string, string> = { sqft: "sq ft", sqm: "sqm", acres: "acres", miles: "miles", feet: "feet" };
const QUALIFIER_WORDS: Record<string, RegExp> = { over: /\bover\b/, about: /\babout\b/, upTo: /\bup to\b/, plus: /\d\+/ };

const hotelsDir = path.join(REPO, "content/hotels");
const hotels = readdirSync(hotelsDir).map((n) => parse(readFileSync(path.join(hotelsDir, n), "utf8")) as Hotel);
const key = (x: HotelFact) => JSON.stringify([x.kind, x.value, x.unit ?? null, x.qualifier ?? null]);

describe("the bundled hotels' key facts", () => {
  it("list only what the specification says: each listed fact's number, unit and qualifier are in its quote", () => {
    for (const [id, listed] of Object.entries(EXPECTED)) {
      for (const [quote, fact] of listed) {
        expect(SPEC, `${id}: "${quote}"`).toContain(quote);
        expect(quote, id).toContain(fact.value.toLocaleString("en-US"));
        if (fact.unit) expect(quote, id).toContain(UNIT_WORDS[fact.unit]);
        for (const [q, words] of Object.entries(QUALIFIER_WORDS)) expect(words.test(quote), `${id} "${quote}" ${q}`).toBe(fact.qualifier === q);
      }
    }
  });

  it("leave out no figure of the specification but those NOT_SHOWN names", () => {
    const covered = new Array<boolean>(SPEC.length).fill(false);
    const quotes = [...Object.values(EXPECTED).flatMap((listed) => listed.map(([quote]) => quote)), ...NOT_SHOWN];
    for (const quote of quotes) {
      for (let at = SPEC.indexOf(quote); at >= 0; at = SPEC.indexOf(quote, at + 1)) covered.fill(true, at, at + quote.length);
    }
    const uncovered = [...SPEC.matchAll(/\d[\d,]*/g)].filter((m) => !covered[m.index]).map((m) => SPEC.slice(Math.max(0, m.index - 20), m.index + m[0].length + 10));
    expect(uncovered).toEqual([]);
  });

  it("are, for every hotel, exactly the specification's figures: none missing, none invented", () => {
    const withFacts = hotels.filter((h) => h.facts?.length).map((h) => h.id).sort();
    expect(withFacts).toEqual(Object.keys(EXPECTED).sort());
    for (const h of hotels) {
      const want = (EXPECTED[h.id] ?? []).map(([, fact]) => key(fact)).sort();
      expect((h.facts ?? []).map(key).sort(), h.id).toEqual(want);
    }
  });

  it("are figures each hotel's own English copy states", () => {
    for (const h of hotels) {
      const copy = JSON.stringify(h.text.en);
      for (const fact of h.facts ?? []) expect(copy, `${h.id} ${fact.kind}`).toContain(fact.value.toLocaleString("en-US"));
    }
  });
});
