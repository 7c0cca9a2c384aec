// The bundled site built with each example programme of docs/examples/affiliate/ as its site.yaml (Booking.com
// direct, Booking.com through Awin, a Travelpayouts-style network, a network taking the sub-id in its path), and
// clicked in a real browser: the home page's hero button, a destination card and the hotel's hero button, the
// availability form with JavaScript and without. Every request to a partner is intercepted: it must carry the
// partner ids, the exact placement id of what was clicked and the visitor's dates, and lead to the right hotel
// in the page's language. The CSP of the generated hosting rules must allow exactly the programme's hosts (the
// browser enforces it on every form submission here: a violation fails the test).
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { REPO } from "../support/fixture.js";
import { DESKTOP, useSite } from "./support.js";

/** What a request of each example must hold, written out here from the example files and the hotels' links. */
interface Example {
  file: string;
  /** The hosts the CSP's form-action must allow, in order. */
  hosts: string[];
  /** The host a click goes to first. */
  host: string;
  /** The partner's ids as the request's query holds them (or, for the path network, in its path). */
  ids: Record<string, string>;
  /** Where the placement id is: a query parameter, or "path" (the last path segment). */
  subId: string;
  /** The query parameter holding the destination; none: the request is the destination itself. */
  destination?: string;
  /** The path before the placement id, for the path network. */
  pathPrefix?: string;
}

const EXAMPLES: Example[] = [
  { file: "booking-direct.yaml", hosts: ["www.booking.com"], host: "www.booking.com", ids: { aid: "2468013" }, subId: "label" },
  { file: "booking-awin.yaml", hosts: ["www.awin1.com", "www.booking.com"], host: "www.awin1.com", ids: { awinmid: "1234", awinaffid: "123456" }, subId: "clickref", destination: "ued" },
  { file: "travelpayouts.yaml", hosts: ["tp.media", "www.booking.com"], host: "tp.media", ids: { marker: "123456", p: "1234" }, subId: "sub_id", destination: "u" },
  { file: "subid-in-path.yaml", hosts: ["go.partner-network.example", "www.booking.com"], host: "go.partner-network.example", ids: {}, subId: "path", destination: "to", pathPrefix: "/click/pub-0001/" },
];

/** The partner's search page: the general link (ss=Grand Hyatt), Dubai's own link (ss=Grand Hyatt Dubai) and the form's target. */
const SEARCH = "https://www.booking.com/searchresults.html";

/** A request to a partner, read as the example says: its placement id and its destination (the URL it leads to). */
function read(ex: Example, href: string): { subId: string | null; destination: URL; ids: Record<string, string | null> } {
  const url = new URL(href);
  expect(url.host, href).toBe(ex.host);
  const subId = ex.subId === "path" ? url.pathname.slice(ex.pathPrefix!.length) : url.searchParams.get(ex.subId);
  if (ex.pathPrefix) expect(url.pathname.startsWith(ex.pathPrefix), href).toBe(true);
  const ids = Object.fromEntries(Object.keys(ex.ids).map((k) => [k, url.searchParams.get(k)]));
  return { subId, destination: new URL(ex.destination ? url.searchParams.get(ex.destination)! : href), ids };
}

/** The destination's query without the direct programme's own parameters (partner id and label). */
const query = (u: URL) => {
  const q = new URLSearchParams(u.search);
  q.delete("aid");
  q.delete("label");
  return Object.fromEntries(q);
};

/** Opens a page in a context whose partner hosts answer with a stub page, recording each request made to them. */
async function partnerContext(site: () => import("./support.js").Site, ex: Example, javaScriptEnabled: boolean): Promise<{ ctx: BrowserContext; page: Page; seen: string[] }> {
  const ctx = await site().context({ viewport: DESKTOP, javaScriptEnabled });
  const seen: string[] = [];
  for (const host of ex.hosts) {
    await ctx.route(`https://${host}/**`, (route) => {
      seen.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: "<!doctype html><title>partner</title><p>stub" });
    });
  }
  return { ctx, page: await ctx.newPage(), seen };
}

/** Clicks and returns the one partner request the click made (in the new tab it opens). */
async function requestOf(page: Page, seen: string[], click: () => Promise<void>): Promise<string> {
  const before = seen.length;
  const [popup] = await Promise.all([page.waitForEvent("popup"), click()]);
  await popup.waitForLoadState("domcontentloaded");
  await popup.close();
  expect(seen.slice(before)).toHaveLength(1);
  return seen[before];
}

/** Fills the availability form: 10 to 14 March 2031, 3 adults, 2 rooms. */
async function fillForm(page: Page): Promise<void> {
  const form = page.locator("form[data-availability]");
  await form.locator("[data-check-in]").fill("2031-03-10");
  await form.locator("[data-check-out]").fill("2031-03-14");
  await form.locator("input[type=number]").nth(0).fill("3");
  await form.locator("input[type=number]").nth(1).fill("2");
  // One child of seven: its age field shows once a child is chosen (by the stylesheet, with or without a script).
  await form.locator("[data-children]").selectOption("1");
  await form.locator('[data-child="1"] select').selectOption("7");
}

for (const ex of EXAMPLES) {
  describe(`the bundled site with ${ex.file}`, () => {
    let dir: string;
    const site = useSite(async () => {
      dir = await mkdtemp(path.join(tmpdir(), "hotelsite-programme-"));
      await cp(path.join(REPO, "content"), path.join(dir, "content"), { recursive: true });
      await cp(path.join(REPO, "docs", "examples", "affiliate", ex.file), path.join(dir, "content", "site.yaml"));
      return path.join(dir, "content");
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    /** Fills and submits the Japanese Dubai page's form; the request must carry the ids and the form's placement id. */
    async function submitForm(javaScriptEnabled: boolean) {
      const { page, seen } = await partnerContext(site, ex, javaScriptEnabled);
      await page.goto(site().url + "/ja/grand-hyatt-dubai/");
      await fillForm(page);
      const sent = read(ex, await requestOf(page, seen, () => page.locator("form[data-availability] button[type=submit]").click()));
      expect(sent.ids).toEqual(ex.ids);
      expect(sent.subId).toBe("ja_grand_hyatt_dubai_form");
      return { page, seen, sent };
    }

    it("its hosting rules' form-action allows exactly the programme's hosts", async () => {
      const headers = await readFile(path.join(site().dir, "_headers"), "utf8");
      const nginx = await readFile(path.join(site().dir, "_nginx.conf"), "utf8");
      const formActions = [...`${headers}\n${nginx}`.matchAll(/form-action ([^;"]+)/g)].map((m) => m[1].trim());
      expect(formActions).toEqual(Array(3).fill(ex.hosts.map((h) => `https://${h}`).join(" ")));
    });

    it("the home page's hero button, a card and the hotel's hero button reach the partner with the placement's id, hotel and language", { timeout: 120_000 }, async () => {
      const { page, seen } = await partnerContext(site, ex, true);
      await page.goto(site().url + "/");
      const hero = read(ex, await requestOf(page, seen, () => page.locator("main a[data-book]").first().click()));
      expect(hero.ids).toEqual(ex.ids);
      expect(hero.subId).toBe("en_home_hero");
      expect(hero.destination.origin + hero.destination.pathname).toBe(SEARCH);
      expect(query(hero.destination)).toEqual({ ss: "Grand Hyatt", lang: "en-us" });

      // A card on the Chinese home page leads to the hotel's page; its hero button to its own booking page in Chinese.
      await page.goto(site().url + "/zh/");
      await Promise.all([page.waitForURL(`${site().url}/zh/grand-hyatt-dubai/`), page.locator('a.card__link[href="/zh/grand-hyatt-dubai/"]').click()]);
      const own = read(ex, await requestOf(page, seen, () => page.locator("main a[data-book]").first().click()));
      expect(own.ids).toEqual(ex.ids);
      expect(own.subId).toBe("zh_grand_hyatt_dubai_hero");
      expect(own.destination.origin + own.destination.pathname).toBe(SEARCH);
      expect(query(own.destination)).toEqual({ ss: "Grand Hyatt Dubai", lang: "zh-cn" });
    });

    it("the availability form with JavaScript reaches the partner with the form's id and the visitor's dates, adults, rooms and children", { timeout: 120_000 }, async () => {
      const { page, seen, sent } = await submitForm(true);
      expect(sent.destination.origin + sent.destination.pathname).toBe(SEARCH);
      expect(query(sent.destination)).toEqual({ lang: "ja", ss: "Grand Hyatt Dubai", checkin: "2031-03-10", checkout: "2031-03-14", group_adults: "3", no_rooms: "2", group_children: "1", age: "7" });
      // A second search from the same page carries only its own dates.
      await page.locator("[data-check-out]").fill("2031-03-16");
      const again = read(ex, await requestOf(page, seen, () => page.locator("form[data-availability] button[type=submit]").click()));
      expect(again.destination.searchParams.getAll("checkout")).toEqual(["2031-03-16"]);
    });

    it("the availability form without JavaScript still reaches the partner with the form's id: with the dates, or through a network at the hotel's own page", { timeout: 120_000 }, async () => {
      const { seen, sent } = await submitForm(false);
      if (ex.destination) {
        // A network needs the destination encoded in its link, which no form can do: the hotel's own page, in Japanese.
        expect(sent.destination.origin + sent.destination.pathname).toBe(SEARCH);
        expect(query(sent.destination)).toEqual({ ss: "Grand Hyatt Dubai", lang: "ja" });
        expect([...new URL(seen.at(-1)!).searchParams.keys()].sort()).toEqual([...Object.keys(ex.ids), ...(ex.subId === "path" ? [] : [ex.subId]), ex.destination].sort());
      } else {
        expect(query(sent.destination)).toEqual({ lang: "ja", ss: "Grand Hyatt Dubai", checkin: "2031-03-10", checkout: "2031-03-14", group_adults: "3", no_rooms: "2", group_children: "1", age: "7" });
      }
    });
  });
}
