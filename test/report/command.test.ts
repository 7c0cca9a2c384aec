// `hotelsite report` over a fixture site with placement ids: a programme export and a click log in, the
// table, CSV, JSON and HTML out; usage mistakes and unreadable files as messages with exit codes.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clicksSiteYaml } from "../support/clicks-fixture.js";
import { fixtureCopy, runCli } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;

beforeAll(async () => {
  // The record keeps the ids of alpha's page before it was renamed, and of a hotel since removed.
  const old = (id: string, page: string) => ({ id, page, lang: "en", placement: "hero", route: `/${id}/`, programme: "default", first: "2026-01-01", last: "2026-06-30" });
  fx = await fixtureCopy({
    "site.yaml": clicksSiteYaml(false),
    "hotels/alpha.yaml": (s) => s.replace("id: alpha\n", "id: alpha\naliases: [old-alpha]\n"),
    "placements.json": JSON.stringify({ placements: [old("en-test-brand-old-alpha-hero", "old-alpha"), old("en-test-brand-zeta-hero", "zeta")] }),
  });
  await writeFile(
    path.join(fx.dir, "bookings.csv"),
    "Book date,Status,Label,Commission,Currency\r\n2026-11-02,OK,en-test-brand-alpha-hero,10.00,EUR\r\n2026-11-03,Cancelled,zh-test-brand-alpha-form,5.00,EUR\r\n2026-11-20,OK,ja-home-cta,3.00,EUR\r\n2026-11-04,OK,nobody-knows,1.00,EUR\r\n2026-11-05,OK,en-test-brand-old-alpha-hero,2.00,EUR\r\n2026-11-06,OK,en-test-brand-zeta-hero,4.00,EUR\r\n",
  );
  await writeFile(
    path.join(fx.dir, "clicks.log"),
    ["en-test-brand-alpha-hero", "en-test-brand-alpha-hero", "zh-test-brand-alpha-form", "ja-home-cta"].map((id) => `2026-11-02T10:00:00+00:00 GET /go/${id} 302 browser`).join("\n") + "\n",
  );
}, 60_000);
afterAll(async () => fx?.cleanup());

describe("hotelsite report", () => {
  it("prints per hotel, language and placement what the export and the log hold, old ids under their hotel now, and the unplaced ids", async () => {
    const r = await runCli(["report", "bookings.csv", "--clicks", "clicks.log"], fx.dir);
    expect([r.code, r.err]).toEqual([0, ""]);
    const rows = r.out.split("\n").map((l) => l.trim().split(/\s{2,}/));
    expect(rows.slice(2, 7)).toEqual([
      ["By hotel (page)", "clicks", "bookings", "cancelled", "conversion", "confirmed commission", "per 100 clicks"],
      ["Test Brand Alpha", "3", "3", "1", "100.0%", "EUR 12.00", "EUR 400.00"],
      ["zeta", "0", "1", "0", "-", "EUR 4.00", "-"],
      ["Home page", "1", "1", "0", "100.0%", "EUR 3.00", "EUR 300.00"],
      ["all", "4", "6", "1", "150.0%", "EUR 20.00", "EUR 500.00"],
    ]);
    expect(rows).toContainEqual(["English (en)", "2", "3", "0", "150.0%", "EUR 16.00", "EUR 800.00"]);
    expect(rows).toContainEqual(["nobody-knows", "0", "1", "0", "-", "EUR 1.00", "-"]);
    expect(r.out).toContain("bookings.csv: 6 rows read as Booking.com Partner Centre (individual bookings)\nclicks.log: 4 lines read as click log");
  });

  it("counts only the date range, and writes CSV, JSON and a self-contained HTML page", async () => {
    const json = await runCli(["report", "bookings.csv", "--clicks", "clicks.log", "--from", "2026-11-10", "--json"], fx.dir);
    expect(JSON.parse(json.out).totals).toEqual({ clicks: 0, bookings: 1, cancelled: 0, pending: 0, commission: { EUR: 3 }, conversionPercent: null });
    const csv = await runCli(["report", "bookings.csv", "--csv", "--html", "report.html"], fx.dir);
    expect(csv.out.split("\r\n")[1]).toBe("hotel,alpha,0,3,1,0,,12.00,");
    const html = await readFile(path.join(fx.dir, "report.html"), "utf8").catch((e) => String(e));
    expect(html).toContain("<title>Test Brand Guide: bookings and clicks</title>");
  });

  it("answers usage mistakes and unreadable files with a message and exit 2 or 1", async () => {
    expect(await runCli(["report"], fx.dir)).toMatchObject({ code: 2, err: "error: give at least one programme export or --clicks log\n" });
    expect(await runCli(["report", "bookings.csv", "--from", "2026-13-01"], fx.dir)).toMatchObject({ code: 2, err: 'error: --from takes a date as YYYY-MM-DD (got "2026-13-01")\n' });
    expect(await runCli(["report", "bookings.csv", "--format", "nope"], fx.dir)).toMatchObject({ code: 2, err: 'error: --format must be one of booking, awin, travelpayouts, stay22 (got "nope")\n' });
    expect(await runCli(["report", "bookings.csv", "--html", "nowhere/r.html"], fx.dir)).toMatchObject({ code: 2, err: "error: nowhere/r.html cannot be written: its folder does not exist\n    hint: check the path\n" });
    const missing = await runCli(["report", "missing.csv"], fx.dir);
    expect([missing.code, missing.err.split("\n")[0]]).toEqual([1, "missing.csv does not exist"]);
  });
});
