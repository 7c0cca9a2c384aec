// The placement record: ids merged in as they are issued, never dropped, an id that comes to mean another page
// kept apart; and `hotelsite links --placements` writing the table beside the site and the record into the
// content folder, so ids issued before a change of template are still traced to their button.
import { access, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { PlacementRow } from "../../src/affiliate/placements.js";
import { mergeRecord } from "../../src/affiliate/record.js";
import { fixtureCopy, runCli } from "../support/fixture.js";

const row = (id: string, page: string, placement: PlacementRow["placement"] = "hero"): PlacementRow => ({ id, page, route: `/${page}/`, lang: "en", placement, programme: "booking", url: `https://book.example.com/${page}?label=${id}` });

describe("mergeRecord", () => {
  it("adds new ids, moves the last day of those seen again, keeps the others, and keeps an id's meanings apart", () => {
    const first = mergeRecord([], [row("en_b_hero", "b"), row("en_a_hero", "a"), row("", "c")], "2026-01-05");
    expect(first.map((r) => `${r.id} ${r.page} ${r.first} ${r.last}`)).toEqual(["en_a_hero a 2026-01-05 2026-01-05", "en_b_hero b 2026-01-05 2026-01-05"]);
    // a's page is gone; its id now names page x (a hotel renamed into a's old slug); b is seen again.
    const second = mergeRecord(first, [row("en_b_hero", "b"), row("en_a_hero", "x")], "2026-03-01");
    expect(second.map((r) => `${r.id} ${r.page} ${r.first} ${r.last}`)).toEqual(["en_a_hero a 2026-01-05 2026-01-05", "en_a_hero x 2026-03-01 2026-03-01", "en_b_hero b 2026-01-05 2026-03-01"]);
    // Both meanings of the id stay, oldest first: a click on either is traced to its page.
    expect(second.filter((r) => r.id === "en_a_hero").map((r) => r.page)).toEqual(["a", "x"]);
    // A day before the last one seen (a run on an old checkout) does not move it back.
    expect(mergeRecord(second, [row("en_b_hero", "b")], "2026-02-01").find((r) => r.id === "en_b_hero")!.last).toBe("2026-03-01");
  });
});

describe("hotelsite links --placements", () => {
  it("writes the table (CSV or JSON) beside the site and keeps every id ever issued in content/placements.json", { timeout: 120_000 }, async () => {
    const fx = await fixtureCopy({ "site.yaml": (s) => s.replace("  allowedHosts: [book.example.com]\n", '  allowedHosts: [book.example.com]\n  tracking: { param: label, template: "{lang}_{page}_{placement}" }\n') });
    try {
      const r = await runCli(["links", "--placements"], fx.dir);
      expect(r).toEqual({ code: 0, out: "Wrote 96 placements (96 ids) to placements.csv.\ncontent/placements.json: 96 new ids, 96 in all; commit it with the content.\n", err: "" });
      const csv = (await readFile(path.join(fx.dir, "placements.csv"), "utf8")).split("\r\n");
      expect(csv[0]).toBe("id,page,route,lang,placement,programme,url");
      expect(csv).toContain("zh_test-brand-beta_hero,beta,/zh/test-brand-beta/,zh,hero,default,https://book.example.com/hotel/beta?aid=42&label=zh_test-brand-beta_hero");
      // The placement ids change; the old ones stay in the record beside the new.
      await writeFile(path.join(fx.content, "site.yaml"), (await readFile(path.join(fx.content, "site.yaml"), "utf8")).replace('template: "{lang}_{page}_{placement}"', 'template: "s_{lang}_{page}_{placement}"'));
      // check notes the ids the record does not hold yet (once the owner keeps one).
      expect((await runCli(["check"], fx.dir)).out).toContain("\nnote: 96 placement ids are not in content/placements.json yet; run hotelsite links --placements and commit it.\n");
      const again = await runCli(["links", "--placements", "table.json"], fx.dir);
      expect((await runCli(["check"], fx.dir)).out).not.toContain("placements.json");
      expect(again.out).toBe("Wrote 96 placements (96 ids) to table.json.\ncontent/placements.json: 96 new ids, 192 in all; commit it with the content.\n");
      const table = JSON.parse(await readFile(path.join(fx.dir, "table.json"), "utf8")) as PlacementRow[];
      expect(table[0]).toEqual({ id: "s_en_home_header", page: "home", route: "/", lang: "en", placement: "header", programme: "default", url: "https://book.example.com/search?aid=42&label=s_en_home_header" });
      const record = JSON.parse(await readFile(path.join(fx.content, "placements.json"), "utf8")).placements as { id: string; page: string; placement: string }[];
      expect(record.filter((x) => x.page === "beta" && x.placement === "hero").map((x) => x.id)).toEqual(["ja_test-brand-beta_hero", "s_en_test-brand-beta_hero", "s_ja_test-brand-beta_hero", "s_zh_test-brand-beta_hero", "en_test-brand-beta_hero", "zh_test-brand-beta_hero"].sort());
      // Nothing goes into the output folder, which is published: the table is the owner's, not the site's.
      await expect(access(path.join(fx.dir, "dist"))).rejects.toThrow();
      expect(await runCli(["links", "--placements", "dist/placements.csv"], fx.dir)).toEqual({ code: 2, out: "", err: "error: --placements dist/placements.csv is inside the output folder dist, which is published: write the table beside it\n" });
    } finally {
      await fx.cleanup();
    }
  });
});
