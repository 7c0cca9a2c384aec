// The owner's kit in docs/examples/report/ (made by test/browser/clicks.test.ts's real clicks): `hotelsite report`
// over it, from the repository's root as docs/report.md says, counts what its log and export hold, read here
// with plain string work, and writes the HTML page the docs show.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPO, runCli } from "../support/fixture.js";

const KIT = "docs/examples/report";

describe("the report kit", () => {
  it("has click counting on in its site.yaml", async () => {
    expect(parse(await readFile(path.join(REPO, KIT, "site.yaml"), "utf8")).countClicks).toBe(true);
  });

  it("reports per hotel and placement the browser clicks of its log and the bookings of its export", async () => {
    const r = await runCli(["report", `${KIT}/bookings.csv`, "--clicks", `${KIT}/clicks.log`, "--json"], REPO);
    expect([r.code, r.err]).toEqual([0, ""]);
    const report = JSON.parse(r.out);
    const log = (await readFile(path.join(REPO, KIT, "clicks.log"), "utf8")).trim().split("\n");
    // An id is language, page and placement joined by "_" or "-"; a hotel's page is its slug (grand-hyatt-<id>).
    const clicks = log.filter((l) => l.endsWith(" 302 browser")).map((l) => / \/go\/[a-z]+[_-](home|grand[_-]hyatt[_-][a-z_-]+)[_-]([a-z]+) /.exec(l)!);
    const tally = (key: (m: RegExpExecArray) => string) => {
      const out: Record<string, number> = {};
      for (const m of clicks) out[key(m)] = (out[key(m)] ?? 0) + 1;
      return out;
    };
    const fromReport = (lines: { key: string; clicks: number }[]) => Object.fromEntries(lines.filter((l) => l.clicks).map((l) => [l.key, l.clicks]));
    expect(fromReport(report.byHotel)).toEqual(tally((m) => m[1].replace(/^grand[_-]hyatt[_-]/, "").replaceAll("_", "-")));
    expect(fromReport(report.byPlacement)).toEqual(tally((m) => m[2]));
    const rows = (await readFile(path.join(REPO, KIT, "bookings.csv"), "utf8")).trim().split(/\r?\n/).slice(1);
    expect([report.totals.clicks, report.totals.bookings, report.ignored]).toEqual([clicks.length, rows.length, { bot: log.length - clicks.length }]);
  });

  it("writes the HTML report", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "hotelsite-kit-"));
    try {
      const r = await runCli(["report", `${KIT}/bookings.csv`, "--clicks", `${KIT}/clicks.log`, "--html", path.join(dir, "report.html")], REPO);
      expect(r.code).toBe(0);
      const html = await readFile(path.join(dir, "report.html"), "utf8");
      expect(html.match(/<svg /g)?.length).toBe(4);
      expect(html).toContain("<th scope=\"row\">Grand Hyatt Dubai</th>");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
