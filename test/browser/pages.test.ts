// The pages' measured layout and the not-found page: the home page's destinations by region (compact cards in
// one column on phones, full rows and no lone card at the widths above, each leading to its hotel, descriptions
// clamped to two lines, a jump list of plain links), the hero height of the home page and
// of each hotel layout, and the 404 page of each language as the host serves it.
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/fixture.js";
import { contentYaml, DESKTOP, follow, inLanguage, LANGS, MOBILE, PAGES, TABLET, useSite } from "./support.js";

const site = useSite();
const strings = await contentYaml<Record<string, Record<string, string>>>("strings.yaml");

/** Every hotel of the bundled content: its page path and English name. */
const HOTELS = await Promise.all(
  (await readdir(path.join(REPO, "content", "hotels")))
    .filter((f) => f.endsWith(".yaml"))
    .map(async (f) => {
      const h = await contentYaml(`hotels/${f}`);
      return { path: `/grand-hyatt-${h.id}/`, name: h.text.en.name as string };
    }),
);

/** The destination cards in #destinations. */
const cards = (page: Page) => page.locator("#destinations li.card");

/** Each description's clamp and size (a description is the card text the design clamps to two lines). */
const descriptions = (page: Page) =>
  page.locator("#destinations .card__description").evaluateAll((els) =>
    els.map((d) => {
      const s = getComputedStyle(d);
      return { text: d.textContent, clamp: s.webkitLineClamp, overflow: s.overflow, height: d.clientHeight, lineHeight: parseFloat(s.lineHeight), scroll: d.scrollHeight };
    }),
  );

describe("destinations grid", () => {
  it("the bundled content has the specification's 32 hotels", () => {
    expect(HOTELS.length).toBe(32);
  });

  /** Each region's cards: x, y and bottom of every card, and its description's clamp, by region. */
  const regionBoxes = (page: Page) =>
    page.locator("#destinations .region").evaluateAll((regions) =>
      regions.map((r) => ({
        id: r.id,
        cards: [...r.querySelectorAll(".card")].map((c) => {
          const b = c.getBoundingClientRect();
          return { x: Math.round(b.x), y: Math.round(b.y), right: b.right, height: b.height };
        }),
      })),
    );

  for (const lang of LANGS) {
    it(`${lang.code} at 390x844: compact cards in one column, the page at most half its former 20,600 px`, async () => {
      const viewport = { width: 390, height: 844 };
      const { page } = await site().open(inLanguage(PAGES.home, lang), { viewport });
      expect(await cards(page).count()).toBe(32);
      const regions = await regionBoxes(page);
      const all = regions.flatMap((r) => r.cards);
      expect(new Set(all.map((c) => c.x)).size).toBe(1);
      // Location lines wrap (two lines at most), so a card may be a line taller than its thumbnail.
      for (const c of all) expect(c.height).toBeLessThanOrEqual(140);
      expect(await page.locator("#destinations .card__description").first().isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(10_300);
    });
  }

  for (const viewport of [TABLET, DESKTOP, { width: 1440, height: 900 }]) {
    it(`at ${viewport.width} px: every region's rows are full but the last, which is never a lone card; descriptions clamped to 2 lines`, async () => {
      const { page } = await site().open(PAGES.home, { viewport });
      const regions = await regionBoxes(page);
      expect(regions.map((r) => r.cards.length).reduce((a, b) => a + b)).toBe(32);
      for (const r of regions) {
        const rows = [...new Set(r.cards.map((c) => c.y))].map((y) => r.cards.filter((c) => c.y === y).length);
        const columns = new Set(r.cards.map((c) => c.x)).size;
        expect(viewport.width < 1024 ? [2] : [1, 2, 3, 4], r.id).toContain(Math.min(columns, 4));
        for (const n of rows.slice(0, -1)) expect(n, `${r.id}: ${rows.join(", ")}`).toBe(columns);
        if (r.cards.length > 1 && viewport.width >= 1024) expect(rows.at(-1), `${r.id}: ${rows.join(", ")}`).toBeGreaterThan(1);
        for (const c of r.cards) expect(c.right).toBeLessThanOrEqual(viewport.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);

      const texts = await descriptions(page);
      expect(texts.length).toBe(32);
      for (const t of texts) {
        expect(t.clamp, t.text!).toBe("2");
        expect(t.overflow, t.text!).toBe("hidden");
        expect(t.height, t.text!).toBeLessThanOrEqual(Math.ceil(2 * t.lineHeight));
      }
      // The clamp is doing something: some descriptions are longer than two lines.
      expect(texts.some((t) => t.scroll > t.height + 1)).toBe(true);
    });
  }

  it("the jump list's plain links lead to each region's heading, without JavaScript", async () => {
    const { page } = await site().open(PAGES.home, { viewport: MOBILE, javaScriptEnabled: false });
    const links = page.locator("#destinations nav a");
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["#region-asia-pacific", "#region-americas", "#region-europe", "#region-middle-east-africa"]);
    await links.nth(2).click();
    await page.waitForURL(/#region-europe$/);
    // The scroll may be smooth: its end is where the heading sits in the top half of the screen.
    const top = () => page.locator("#region-europe h3").evaluate((h) => h.getBoundingClientRect().top);
    await expect.poll(top, { timeout: 10_000 }).toBeLessThan(MOBILE.height / 2);
    expect(await top()).toBeGreaterThanOrEqual(0);
  });

  it("each card links to its own hotel's page, named as in the content", async () => {
    const { page } = await site().open(PAGES.home, { viewport: DESKTOP });
    const shown = await cards(page).evaluateAll((els) =>
      els.map((li) => {
        const links = li.querySelectorAll("a");
        // Read as shown: the name's last two words are joined by a no-break space.
        return { links: links.length, href: links[0]?.getAttribute("href"), name: li.querySelector(".card__name")?.textContent?.trim().replace(/\u00a0/g, " ") };
      }),
    );
    expect(shown.every((c) => c.links === 1)).toBe(true);
    const byPath = new Map(HOTELS.map((h) => [h.path, h.name]));
    expect(shown.map((c) => [c.href, c.name])).toEqual(shown.map((c) => [c.href, byPath.get(c.href!)]));
    expect(new Set(shown.map((c) => c.href))).toEqual(new Set(byPath.keys()));
    // And the link really reaches that page.
    const target = site().url + shown[0].href;
    expect(await follow(page, target, () => cards(page).first().locator("a").click())).toBe(200);
  });
});

describe("hero heights", () => {
  /** The height of each page's hero (null when it has none), visited in one tab at one viewport. */
  async function heroHeights(paths: string[], viewport: { width: number; height: number }): Promise<Record<string, number | null>> {
    const ctx = await site().context({ viewport });
    const page = await ctx.newPage();
    const heights: Record<string, number | null> = {};
    for (const p of paths) {
      await page.goto(site().url + p);
      const heroes = await page.locator("main .hero").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      expect(heroes.length, `heroes on ${p}`).toBeLessThanOrEqual(1);
      heights[p] = heroes[0] ?? null;
    }
    return heights;
  }
  const BAHA_MAR = "/grand-hyatt-baha-mar/";
  const ALL = [PAGES.home, PAGES.showcase, BAHA_MAR, PAGES.story, PAGES.article];

  it("at 375 px: home 600, showcase 500 (baha-mar 600), story 500 (60vh is under 500), article none", async () => {
    expect(await heroHeights(ALL, MOBILE)).toEqual({ [PAGES.home]: 600, [PAGES.showcase]: 500, [BAHA_MAR]: 600, [PAGES.story]: 500, [PAGES.article]: null });
  });

  it("at 1280x800: home 700, showcase 600 (baha-mar 700), story 500 (60vh is 480), article none", async () => {
    expect(await heroHeights(ALL, DESKTOP)).toEqual({ [PAGES.home]: 700, [PAGES.showcase]: 600, [BAHA_MAR]: 700, [PAGES.story]: 500, [PAGES.article]: null });
  });

  it("at 1280x1000 the story hero is 60% of the viewport: 600", async () => {
    expect(await heroHeights([PAGES.story], { width: 1280, height: 1000 })).toEqual({ [PAGES.story]: 600 });
  });

  it("the article page opens with its title, in the first half of the screen", async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page } = await site().open(PAGES.article, { viewport });
      const top = await page.locator("main h1").evaluate((h) => h.getBoundingClientRect().top);
      expect(top, `at ${viewport.width} px`).toBeLessThan(viewport.height / 2);
    }
  });
});

describe("not-found page", () => {
  for (const lang of LANGS) {
    const attempted = `${lang.prefix}/no-such-page`;
    const t = strings[lang.code];

    it(`${attempted}: status 404, the ${lang.code} page, "${t.returnHome}" to ${lang.prefix}/, the path logged`, async () => {
      const { page, response, console: messages } = await site().open(attempted, { viewport: DESKTOP });
      expect(response?.status()).toBe(404);
      expect(page.url()).toBe(site().url + attempted);
      expect(await page.locator("html").getAttribute("lang")).toBe(lang.htmlLang);

      const h1 = page.locator("main h1");
      expect(await h1.count()).toBe(1);
      // The heading is the translated "Oops" line (a screen-reader-only "404:" may precede it).
      expect((await h1.textContent())!.trim().replace(/^404:\s*/, "").replace(/\u00a0/g, " ")).toBe(t.notFoundTitle);
      await expect(page.locator("main").getByText("404", { exact: true }).isVisible()).resolves.toBe(true);

      // The script logs the attempted path as an error, once.
      const logged = messages.filter((m) => m.type() === "error" && m.text().split(/\s+/).includes(attempted));
      expect(logged.length, messages.map((m) => `${m.type()}: ${m.text()}`).join("\n")).toBe(1);

      const home = page.locator("main").getByRole("link", { name: t.returnHome, exact: true });
      expect(await home.getAttribute("href")).toBe(`${lang.prefix}/`);
      const target = `${site().url}${lang.prefix}/`;
      expect(await follow(page, target, () => home.click())).toBe(200);
      expect(await page.locator("html").getAttribute("lang")).toBe(lang.htmlLang);
    });
  }

  it("a deeper unknown path under a language, at 375 px, gets that language's 404 too", async () => {
    const { page, response } = await site().open("/ja/grand-hyatt-nowhere/rooms/", { viewport: MOBILE });
    expect(response?.status()).toBe(404);
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    expect((await page.locator("main h1").textContent())!.trim().replace(/^404:\s*/, "").replace(/\u00a0/g, " ")).toBe(strings.ja.notFoundTitle);
    await expect(page.locator("main").getByRole("link", { name: strings.ja.returnHome, exact: true }).isVisible()).resolves.toBe(true);
  });
});

describe("copyright year", () => {
  it("is the build's year in the HTML and the visitor's current year once the script ran", async () => {
    const built = new Date().getFullYear();
    const noScript = await site().open(PAGES.home, { viewport: DESKTOP, javaScriptEnabled: false });
    expect(await noScript.page.locator("footer [data-year]").textContent()).toBe(String(built));
    // A visitor whose clock is years ahead of the build sees their own year.
    const ctx = await site().context({ viewport: DESKTOP });
    await ctx.clock.install({ time: new Date("2040-06-01T12:00:00Z") });
    const page = await ctx.newPage();
    await page.goto(site().url + PAGES.article);
    await expect.poll(() => page.locator("footer [data-year]").textContent()).toBe("2040");
    // The line keeps its language's punctuation around it.
    const zh = await site().open(`/zh${PAGES.article}`, { viewport: DESKTOP, javaScriptEnabled: false });
    expect((await zh.page.locator("footer [data-year]").locator("..").textContent())!.trim()).toBe(`© ${built} ${strings.zh.siteName}。版权所有。`);
  });
});
