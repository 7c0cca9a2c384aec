// The join: bookings and clicks counted under their hotel, language, placement and week through the placement
// table; ids it does not hold listed; the date range; and the text outputs made from it.
import { describe, expect, it } from "vitest";
import { formatCsv, formatJson, formatTable, type ReportOutput } from "../../src/report/output.js";
import { MAX_UNPLACED, Tallies } from "../../src/report/tally.js";

const placements = [
  { id: "en-dubai-hero", page: "dubai", lang: "en", placement: "hero" },
  { id: "zh-dubai-form", page: "dubai", lang: "zh", placement: "form" },
  { id: "en-home-top", page: "home", lang: "en", placement: "top" },
  // An id issued before the hotel was renamed still belongs to it.
  { id: "en-old-dubai-hero", page: "dubai", lang: "en", placement: "hero" },
];

function sample(range = {}) {
  const t = new Tallies(placements, range);
  const click = (id: string, date = "2026-11-02", weight = 1) => t.click({ id, date, weight });
  for (let i = 0; i < 4; i++) click("en-dubai-hero");
  click("en-old-dubai-hero", "2026-11-09");
  click("zh-dubai-form", "2026-11-09", 5);
  click("en-home-top");
  click("=cmd|' /C calc'!A0");
  const book = (subId: string, status: "confirmed" | "pending" | "cancelled", commission: number, currency = "EUR", booked = "2026-11-03") => t.booking({ subId, status, commission, currency, booked });
  book("en-dubai-hero", "confirmed", 100_000);
  book("en-old-dubai-hero", "confirmed", 20_000, "EUR", "2026-11-10");
  book("zh-dubai-form", "cancelled", 50_000);
  book("zh-dubai-form", "pending", 10_000);
  book("en-home-top", "confirmed", 7_000, "USD");
  book("", "confirmed", 1_000);
  return t;
}

describe("Tallies", () => {
  it("counts clicks, bookings, cancellations and confirmed commission per hotel, language, placement and week", () => {
    const r = sample().report();
    expect(r.totals).toEqual({ clicks: 12, bookings: 6, cancelled: 1, pending: 1, commission: { EUR: 121_000, USD: 7_000 } });
    expect(r.currencies).toEqual(["EUR", "USD"]);
    expect(r.byHotel).toEqual([
      { key: "dubai", clicks: 10, bookings: 4, cancelled: 1, pending: 1, commission: { EUR: 120_000 } },
      { key: "home", clicks: 1, bookings: 1, cancelled: 0, pending: 0, commission: { USD: 7_000 } },
    ]);
    expect(r.byLanguage.map((l) => [l.key, l.clicks, l.bookings])).toEqual([["en", 6, 3], ["zh", 5, 2]]);
    expect(r.byPlacement.map((l) => [l.key, l.clicks, l.commission])).toEqual([["hero", 5, { EUR: 120_000 }], ["form", 5, {}], ["top", 1, { USD: 7_000 }]]);
    expect(r.byWeek.map((l) => [l.key, l.clicks, l.commission])).toEqual([["2026-11-02", 6, { EUR: 101_000, USD: 7_000 }], ["2026-11-09", 6, { EUR: 20_000 }]]);
    expect(r.unplaced.map((l) => [l.key, l.clicks, l.bookings])).toEqual([["(no sub-id)", 0, 1], ["=cmd|' /C calc'!A0", 1, 0]]);
  });

  it("counts only what falls in the date range", () => {
    const t = sample({ from: "2026-11-09", to: "2026-11-15" });
    expect([t.inRange("2026-11-08"), t.inRange("2026-11-09"), t.inRange("2026-11-15"), t.inRange("2026-11-16"), t.inRange(undefined)]).toEqual([false, true, true, false, false]);
    expect(new Tallies([]).inRange(undefined)).toBe(true);
  });

  it("lists at most MAX_UNPLACED ids and counts the rows of the rest", () => {
    const t = new Tallies([]);
    for (let i = 0; i < MAX_UNPLACED + 3; i++) t.click({ id: `made-up-${i}`, date: "2026-11-02", weight: 1 });
    t.click({ id: "made-up-0", date: "2026-11-02", weight: 1 });
    const r = t.report();
    expect([r.unplaced.length, r.unplacedMore, r.unplaced.find((l) => l.key === "made-up-0")?.clicks]).toEqual([MAX_UNPLACED, 3, 2]);
  });
});

describe("text outputs", () => {
  const out = (): ReportOutput => ({ ...sample().report(), files: [{ file: "b\u001b[2J.csv", kind: "export", format: "Booking.com", rows: 6, skipped: 1 }], skips: [{ file: "b\u001b[2J.csv", line: 7, reason: "has 3 fields" }] });

  it("prints tables with conversion and earnings per 100 clicks, and terminal escapes shown, not run", () => {
    const text = formatTable(out());
    expect(text.split("\n").slice(0, 6).map((l) => l.trim().split(/\s{2,}/))).toEqual([
      ["Bookings and clicks"],
      [""],
      ["By hotel (page)", "clicks", "bookings", "cancelled", "conversion", "confirmed commission", "per 100 clicks"],
      ["dubai", "10", "4", "1", "40.0%", "EUR 120.00", "EUR 1,200.00"],
      ["home", "1", "1", "0", "100.0%", "USD 7.00", "USD 700.00"],
      ["all", "12", "6", "1", "50.0%", "EUR 121.00, USD 7.00", "EUR 1,008.33, USD 58.33"],
    ]);
    expect(text).not.toContain("\u001b");
    expect(text).toContain("b\\u001b[2J.csv:7 skipped: has 3 fields");
  });

  it("writes CSV a spreadsheet cannot run: a cell starting with = is text", () => {
    const csv = formatCsv(out()).split("\r\n");
    expect(csv[0]).toBe("group,key,clicks,bookings,cancelled,pending,conversion_percent,commission_EUR,per_100_clicks_EUR,commission_USD,per_100_clicks_USD");
    expect(csv[1]).toBe("hotel,dubai,10,4,1,1,40.00,120.00,1200.00,0.00,0.00");
    expect(csv).toContain("unplaced,'=cmd|' /C calc'!A0,1,0,0,0,0.00,0.00,0.00,0.00,0.00");
    expect(csv.at(-2)).toBe("all,all,12,6,1,1,50.00,121.00,1008.33,7.00,58.33");
  });

  it("writes JSON with amounts in the currency's unit", () => {
    const json = JSON.parse(formatJson(out()));
    expect(json.totals).toEqual({ clicks: 12, bookings: 6, cancelled: 1, pending: 1, commission: { EUR: 121, USD: 7 }, conversionPercent: 50 });
    expect(json.byHotel[0].key).toBe("dubai");
  });
});
