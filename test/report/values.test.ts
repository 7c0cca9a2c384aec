// The cells of an export: amounts in either decimal mark, currency codes, dates, weeks.
import { describe, expect, it } from "vitest";
import { parseAmount, parseCurrency, parseDate, weekOf } from "../../src/report/values.js";

describe("values", () => {
  it("reads amounts with either decimal mark and thousands separators, in thousandths", () => {
    const cases: [string, number | undefined][] = [
      ["12.50", 12_500],
      ["1,234.56", 1_234_560],
      ["1.234,56", 1_234_560],
      ["1 234,56", 1_234_560],
      ["12,5", 12_500],
      ["-3.2", -3_200],
      ["0.0015", 2],
      ["1,234", 1_234_000],
      ["12.5 EUR", undefined],
      ["€12", undefined],
      ["1e5", undefined],
      ["", undefined],
      ["<b>1</b>", undefined],
    ];
    for (const [text, want] of cases) expect(parseAmount(text), text).toBe(want);
  });

  it("reads three-letter currency codes only", () => {
    expect(parseCurrency(" eur ")).toBe("EUR");
    expect(parseCurrency("€")).toBeUndefined();
    expect(parseCurrency("EURO")).toBeUndefined();
  });

  it("reads ISO dates (a time after them ignored) and slashed dates in the format's order, real days only", () => {
    expect(parseDate("2026-11-02", "dmy")).toBe("2026-11-02");
    expect(parseDate("2026-11-02T10:11:12+01:00", "dmy")).toBe("2026-11-02");
    expect(parseDate("2026-11-02 10:11:12", "ymd")).toBe("2026-11-02");
    expect(parseDate("02/11/2026", "dmy")).toBe("2026-11-02");
    expect(parseDate("11/02/2026", "mdy")).toBe("2026-11-02");
    expect(parseDate("2026/11/02", "ymd")).toBe("2026-11-02");
    expect(parseDate("31/02/2026", "dmy")).toBeUndefined();
    expect(parseDate("yesterday", "dmy")).toBeUndefined();
  });

  it("gives the Monday of a date's ISO week", () => {
    expect(weekOf("2026-11-26")).toBe("2026-11-23");
    expect(weekOf("2026-11-23")).toBe("2026-11-23");
    expect(weekOf("2026-11-29")).toBe("2026-11-23");
    expect(weekOf("2027-01-01")).toBe("2026-12-28");
  });

});
