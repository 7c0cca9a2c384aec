// docs/examples/affiliate/: each complete site.yaml, copied over the bundled content's, passes `check --strict` and
// builds, and its links go where its programme says (the browser clicks them in test/browser/programmes.test.ts).
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO, runCli } from "../support/fixture.js";

/** Each example, and the start of its Dubai page's hero link in Chinese. */
const EXAMPLES = {
  "booking-direct.yaml": "https://www.booking.com/searchresults.html?ss=Grand+Hyatt+Dubai&amp;aid=2468013&amp;label=zh_grand_hyatt_dubai_hero&amp;lang=zh-cn",
  "booking-awin.yaml": "https://www.awin1.com/cread.php?awinmid=1234&amp;awinaffid=123456&amp;clickref=zh_grand_hyatt_dubai_hero&amp;ued=https%3A%2F%2Fwww.booking.com%2Fsearchresults.html%3Fss%3DGrand%2BHyatt%2BDubai%26lang%3Dzh-cn",
  "travelpayouts.yaml": "https://tp.media/r?marker=123456&amp;p=1234&amp;sub_id=zh_grand_hyatt_dubai_hero&amp;u=https%3A%2F%2Fwww.booking.com%2Fsearchresults.html%3Fss%3DGrand%2BHyatt%2BDubai%26lang%3Dzh-cn",
  "subid-in-path.yaml": "https://go.partner-network.example/click/pub-0001/zh_grand_hyatt_dubai_hero?to=https%3A%2F%2Fwww.booking.com%2Fsearchresults.html%3Fss%3DGrand%2BHyatt%2BDubai%26lang%3Dzh-cn",
};

describe("the example site.yaml files", () => {
  for (const [file, dubaiHero] of Object.entries(EXAMPLES)) {
    it(`${file} over the bundled content: check --strict passes and the site builds`, { timeout: 180_000 }, async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "hotelsite-example-"));
      try {
        await cp(path.join(REPO, "content"), path.join(dir, "content"), { recursive: true });
        await cp(path.join(REPO, "docs", "examples", "affiliate", file), path.join(dir, "content", "site.yaml"));
        const checked = await runCli(["check", "--strict"], dir);
        expect(checked.err).toBe("");
        expect(checked.code).toBe(0);
        const built = await runCli(["build"], dir);
        expect(built.code).toBe(0);
        expect(await readFile(path.join(dir, "dist", "zh", "grand-hyatt-dubai", "index.html"), "utf8")).toContain(`href="${dubaiHero}"`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  it("subid-in-path.yaml's 32 characters give the longest slugs a short code, and check says so", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "hotelsite-example-"));
    try {
      await cp(path.join(REPO, "content"), path.join(dir, "content"), { recursive: true });
      await cp(path.join(REPO, "docs", "examples", "affiliate", "subid-in-path.yaml"), path.join(dir, "content", "site.yaml"));
      const checked = await runCli(["check", "--json"], dir);
      const short = (JSON.parse(checked.out).warnings as { place: { file: string }; message: string }[]).filter((w) => w.message.includes("short code"));
      expect(short.map((w) => path.basename(w.place.file))).toEqual(["deer-valley.yaml", "kuala-lumpur.yaml", "rio-de-janeiro.yaml", "san-antonio.yaml", "san-francisco.yaml"]);
      expect(short[2].message).toMatch(/^its page's placement ids use a short code \("[a-z]{2,3}_grand_hyatt_rio_[a-z0-9]{4}_[a-z]+"\): the programme pathnet takes at most 32 characters \(site\.yaml:\d+:\d+\)$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
