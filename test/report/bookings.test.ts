// Programme exports as files: each preset told by its columns, BOM and CRLF, rows that cannot be read skipped
// with their line, a header without the needed columns an error naming the file, and a 2 GB file streamed.
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentErrors } from "../../src/errors.js";
import { readBookings, type Booking } from "../../src/report/bookings.js";
import { customFormats, PRESETS } from "../../src/report/formats.js";

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(path.join(tmpdir(), "hotelsite-bookings-"))));
afterAll(async () => rm(dir, { recursive: true, force: true }));

const formats = Object.values(PRESETS);

/** Writes `text` and reads it: the format's name, the bookings and the skips (line: reason). */
async function read(text: string | Buffer, o: { format?: string; custom?: Parameters<typeof customFormats>[0] } = {}) {
  const file = path.join(dir, `export-${Math.random().toString(36).slice(2)}.csv`);
  await writeFile(file, text);
  const bookings: Booking[] = [];
  const skips: string[] = [];
  const all = [...customFormats(o.custom ?? {}), ...formats];
  const r = await readBookings(file, { shown: "export.csv", formats: all, format: all.find((f) => f.name === o.format), sink: { booking: (b) => bookings.push(b), skip: (l, why) => skips.push(`${l}: ${why}`) } });
  return { format: r.format.name, rows: r.rows, bookings, skips };
}

describe("readBookings", () => {
  it("reads a Booking.com export with a BOM and CRLF, each status in its three words", async () => {
    const text = "\ufeffBook date,Check-in,Check-out,Status,Label,Commission,Currency\r\n" + "02/11/2026,01/12/2026,04/12/2026,OK,en-dubai-hero,\"1,234.50\",EUR\r\n" + "03/11/2026,,,Cancelled,zh-dubai-form,0,eur\r\n" + "04/11/2026,,,Not finalised,ja-home-top,12.00,USD\r\n";
    const r = await read(text);
    expect(r.format).toBe("booking");
    expect(r.skips).toEqual([]);
    expect(r.bookings).toEqual([
      { subId: "en-dubai-hero", status: "confirmed", commission: 1_234_500, currency: "EUR", booked: "2026-11-02", checkIn: "2026-12-01", checkOut: "2026-12-04" },
      { subId: "zh-dubai-form", status: "cancelled", commission: 0, currency: "EUR", booked: "2026-11-03" },
      { subId: "ja-home-top", status: "pending", commission: 12_000, currency: "USD", booked: "2026-11-04" },
    ]);
  });

  it("tells Awin, Travelpayouts and Stay22 exports by their columns", async () => {
    expect((await read("Transaction ID,Transaction Date,Click Ref,Commission Status,Commission Amount,Currency\n1,05/11/2026,en-home-hero,approved,3.10,GBP\n")).bookings).toEqual([
      { subId: "en-home-hero", status: "confirmed", commission: 3_100, currency: "GBP", booked: "2026-11-05" },
    ]);
    const tp = await read("booked_at;sub_id;state;profit;currency\n2026-11-06 12:00:00;zh-home-bar;paid;4,50;RUB\n");
    expect([tp.format, tp.bookings]).toEqual(["travelpayouts", [{ subId: "zh-home-bar", status: "confirmed", commission: 4_500, currency: "RUB", booked: "2026-11-06" }]]);
    const s22 = await read("Campaign\tStatus\tCommission\tCurrency\tCheck-in\nja-dubai-cta\tcanceled\t0\tJPY\t2026-12-24\n");
    expect([s22.format, s22.bookings]).toEqual(["stay22", [{ subId: "ja-dubai-cta", status: "cancelled", commission: 0, currency: "JPY", checkIn: "2026-12-24" }]]);
  });

  it("reads a custom format from site.yaml, with its own status words and a fixed currency", async () => {
    const custom = { exportFormats: { partnerx: { subId: "Tag", status: "State", commission: "Payout", fixedCurrency: "CHF", booked: "When", dateOrder: "mdy" as const, statuses: { confirmed: ["Booked and paid"] } } } };
    const r = await read("When,Tag,State,Payout\n11/07/2026,en-home-cta,Booked and paid,9.99\n", { custom });
    expect([r.format, r.bookings]).toEqual(["partnerx", [{ subId: "en-home-cta", status: "confirmed", commission: 9_990, currency: "CHF", booked: "2026-11-07" }]]);
  });

  it("skips rows it cannot read, each with its line and why, and reads the rest", async () => {
    const text = [
      "Label,Status,Commission,Currency,Book date",
      "en-a,OK,1.00,EUR,2026-11-01",
      "en-b,Maybe,1.00,EUR,2026-11-01",
      "en-c,OK,lots,EUR,2026-11-01",
      "en-d,OK,1.00,Euro,2026-11-01",
      "en-e,OK,1.00,EUR,someday",
      "en-f,OK,1.00",
      "<img src=x onerror=alert(1)>,OK,2.00,EUR,2026-11-02",
      '"en-g,OK,3.00,EUR,2026-11-0',
    ].join("\n");
    const r = await read(text);
    expect(r.bookings.map((b) => b.subId)).toEqual(["en-a", "<img src=x onerror=alert(1)>"]);
    expect(r.skips).toEqual([
      '3: has a status no format knows: "Maybe"',
      '4: has a commission that is not an amount: "lots"',
      '5: has a currency that is not a three-letter code: "Euro"',
      '6: has a booked date that is not a date: "someday"',
      "7: has 3 fields, the header 5 (a partial or broken line?)",
      "9: has a quoted field that is never closed (a partial last line?)",
    ]);
    expect(r.rows).toBe(7);
  });

  it("refuses a header without the columns a format needs, naming the file, the line and what it looked for", async () => {
    const err = await read("Date,Amount\n2026-11-01,3\n").catch((e) => e);
    expect(err).toBeInstanceOf(ContentErrors);
    expect(err.errors.map((e: any) => e.format())).toEqual([
      'export.csv:1:1 has columns no export format knows ("Date", "Amount")\n    hint: name the format with --format (booking, awin, travelpayouts, stay22), or describe its columns under exportFormats in site.yaml',
    ]);
    const named = await read("Label,Status\nx,OK\n", { format: "booking" }).catch((e) => e);
    expect(named.errors[0].message).toBe('is not a Booking.com Partner Centre (individual bookings) export: it has no column for commission ("commission" or "your commission" or "affiliate commission" or "commission amount"), currency ("currency" or "commission currency"); its columns are "Label", "Status"');
  });

  it("refuses an empty file and a folder", async () => {
    expect((await read("").catch((e) => e)).errors[0].format()).toBe("export.csv is empty: it has no header line\n    hint: export the report again, as CSV with its header");
    const err = await readBookings(dir, { shown: "exports/", formats, sink: { booking: () => {}, skip: () => {} } }).catch((e) => e);
    expect(err.errors[0].format()).toBe("exports/ is a folder, not a file\n    hint: give the path of a programme's export");
  });

  it("streams a 2 GB export whose middle is one line without a break: one skip, the rows around it read", async () => {
    const file = path.join(dir, "huge.csv");
    const h = await open(file, "w");
    await h.write("Label,Status,Commission,Currency\nen-first,OK,1,EUR\n", 0);
    await h.write("\nen-last,OK,2,EUR\n", 2 * 1024 ** 3);
    await h.close();
    const seen: string[] = [];
    await readBookings(file, { shown: "huge.csv", formats, sink: { booking: (b) => seen.push(b.subId), skip: (l, why) => seen.push(`${l}: ${why}`) } });
    expect(seen).toEqual(["en-first", "3: is longer than 64 KB (not a line of an export?)", "en-last"]);
  }, 300_000);
});
