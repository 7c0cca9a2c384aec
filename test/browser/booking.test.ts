// A page that books, on every hotel page in every language: the hotel's own Book link inside the first screen at
// 390x844 and 1440x900; on phones the booking bar shows once the visitor scrolled, and never over the closing
// button or the footer's links; every page's availability form carries its own hidden fields, and submitted with
// JavaScript turned off (one hotel per layout, each language) it reaches a stand-in partner server (a node http
// server on 127.0.0.1 the partner's host is mapped to) with every parameter.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../support/fixture.js";
import { BOOKING_HOST, bookingSettings, contentYaml, LANGS, useSite } from "./support.js";

const site = useSite();

const affiliate = await bookingSettings();
const strings = await contentYaml<Record<string, Record<string, string>>>("strings.yaml");

/** Every hotel: its page path, link and English name. */
const HOTELS = await Promise.all(
  (await readdir(path.join(REPO, "content", "hotels")))
    .filter((f) => f.endsWith(".yaml"))
    .map(async (f) => {
      const h = await contentYaml(`hotels/${f}`);
      return { id: h.id as string, path: `/grand-hyatt-${h.id}/`, link: h.affiliateLink as string, name: h.text.en.name as string };
    }),
);

/** The hotel's own link as a page in `lang` must carry it: partner id and language added, any label aside. */
function ownLink(link: string, lang: string): string {
  const u = new URL(link);
  u.searchParams.set(affiliate.partnerParam, affiliate.partnerId);
  u.searchParams.set(affiliate.languageParam, affiliate.languages[lang]);
  u.searchParams.sort();
  return u.href;
}
const unlabelled = (href: string) => {
  const u = new URL(href);
  u.searchParams.delete(affiliate.tracking.param);
  u.searchParams.sort();
  return u.href;
};

/** What the availability form of a hotel's page in a language sends besides what the visitor fills in. */
function formParams(h: (typeof HOTELS)[number], lang: string): Record<string, string> {
  return {
    [affiliate.partnerParam]: affiliate.partnerId,
    [affiliate.tracking.param]: `${lang}_grand_hyatt_${h.id.replace(/-/g, "_")}_form`,
    [affiliate.languageParam]: affiliate.languages[lang],
    [affiliate.search.term]: new URL(h.link).searchParams.get(affiliate.search.term) ?? h.name,
  };
}

/** The form's action and hidden fields as served. */
const servedForm = (page: Page) =>
  page.locator("form[data-availability]").evaluate((f: HTMLFormElement) => ({
    action: f.getAttribute("action"),
    method: f.method,
    hidden: Object.fromEntries([...f.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((i) => [i.name, i.value])),
  }));

/** Pages without their pictures: every <img> has its width and height, so the layout is the same, and faster. */
async function textOnly(ctx: import("playwright-core").BrowserContext): Promise<void> {
  await ctx.route(/\.(avif|webp|jpe?g|png|svg)$/, (route) => (route.request().resourceType() === "image" ? route.abort("blockedbyclient") : route.fallback()));
}

/** One hotel of each layout: Dubai (showcase), Tokyo (story), Seoul (article). */
const ONE_PER_LAYOUT = ["dubai", "tokyo", "seoul"].map((id) => HOTELS.find((h) => h.id === id)!);

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

/** The hotel's own Book links on the page that are inside the first screen and not covered by anything. */
async function ownLinksInFirstScreen(page: Page): Promise<{ href: string; label: string }[]> {
  return page.locator("main a[data-book]").evaluateAll((as) =>
    as
      .filter((a) => {
        const r = a.getBoundingClientRect();
        if (!r.width || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && a.contains(hit);
      })
      .map((a) => ({ href: a.getAttribute("href")!, label: new URL(a.getAttribute("href")!).searchParams.get("label")! })),
  );
}

/**
 * The booking bar's place at four scroll positions, measured in the page in one go: at the top, half way down,
 * with the closing Book button at the screen's bottom edge and in its middle, and at the page's end; with what
 * it covers of the closing button and the footer's links at each.
 */
function barPlaces(): { at: string; top: number; stuck: boolean; covers: string[] }[] {
  const bar = document.querySelector("[data-booking-bar]")!;
  const own = [...document.querySelectorAll("main a[data-book]")].filter((a) => !bar.contains(a));
  const closing = own[own.length - 1];
  const guarded = [closing, ...document.querySelectorAll("footer a")];
  const places: [string, () => void][] = [
    ["top", () => scrollTo({ top: 0, behavior: "instant" })],
    ["middle", () => scrollTo({ top: document.documentElement.scrollHeight / 2 - innerHeight / 2, behavior: "instant" })],
    ["closing at the bottom edge", () => closing.scrollIntoView({ block: "end", behavior: "instant" })],
    ["closing in the middle", () => closing.scrollIntoView({ block: "center", behavior: "instant" })],
    ["end", () => scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" })],
  ];
  return places.map(([at, go]) => {
    go();
    const b = bar.getBoundingClientRect();
    const covers = guarded
      .filter((g) => {
        const r = g.getBoundingClientRect();
        return r.width > 0 && b.top < r.bottom && r.top < b.bottom && b.left < r.right && r.left < b.right;
      })
      .map((g) => g.textContent!.trim());
    return { at, top: Math.round(b.top), stuck: Math.abs(b.bottom - innerHeight) < 1, covers };
  });
}

/** What is wrong with the booking bar of a hotel's page (opened at the phone's size, scrolled to the top). */
async function barProblems(page: Page, h: (typeof HOTELS)[number], lang: string): Promise<string[]> {
  const where = page.url();
  const problems: string[] = [];
  // Its Book link is the hotel's own, with its own placement.
  const href = (await page.locator("[data-booking-bar] a[data-book]").getAttribute("href"))!;
  if (unlabelled(href) !== ownLink(h.link, lang) || new URL(href).searchParams.get(affiliate.tracking.param) !== `${lang}_grand_hyatt_${h.id.replace(/-/g, "_")}_bar`) problems.push(`${where}: bar link ${href}`);
  const [top, middle, ...rest] = await page.evaluate(barPlaces);
  if (top.top < PHONE.height) problems.push(`${where}: the bar is in the first screen (top ${top.top})`);
  if (!middle.stuck) problems.push(`${where}: not stuck to the bottom half way down (top ${middle.top})`);
  for (const p of [top, middle, ...rest]) if (p.covers.length) problems.push(`${where}: at ${p.at} the bar covers ${p.covers.join(", ")}`);
  return problems;
}

describe("every hotel page in every language", () => {
  for (const viewport of [PHONE, WIDE]) {
    const also = viewport === PHONE ? "; the booking bar off screen at first, stuck to the bottom once scrolled, never over the closing button or the footer's links" : "";
    it(`at ${viewport.width}x${viewport.height}: the hotel's own Book link in the first screen; the form's own hidden fields${also}`, { timeout: 600_000 }, async () => {
      const ctx = await site().context({ viewport });
      await textOnly(ctx);
      const page = await ctx.newPage();
      const missing: string[] = [];
      for (const lang of LANGS) {
        for (const h of HOTELS) {
          await page.goto(site().url + lang.prefix + h.path);
          const seen = await ownLinksInFirstScreen(page);
          if (!seen.some((s) => unlabelled(s.href) === ownLink(h.link, lang.code))) missing.push(`${lang.prefix}${h.path}: ${JSON.stringify(seen)}`);
          // Every page's form is served with its own hidden fields (the submission itself is tested below).
          const form = await servedForm(page);
          if (JSON.stringify(form) !== JSON.stringify({ action: affiliate.search.action, method: "get", hidden: formParams(h, lang.code) })) missing.push(`${lang.prefix}${h.path}: form ${JSON.stringify(form)}`);
          if (viewport === PHONE) missing.push(...(await barProblems(page, h, lang.code)));
        }
      }
      expect(missing).toEqual([]);
    });
  }
});

describe("the booking bar", () => {
  it("is not shown at 1440 px, where the first screen's button and the header are in reach", async () => {
    const { page } = await site().open(HOTELS[0].path, { viewport: WIDE });
    expect(await page.locator("[data-booking-bar]").isVisible()).toBe(false);
  });
});

describe("the availability form", () => {
  /** The stand-in partner: records the URL of every request it gets. */
  let partner: Server;
  let partnerUrl = "";
  const received: URL[] = [];
  let waiting: (() => void) | undefined;
  /** Resolves when the stand-in has answered its next request. */
  const answered = () => new Promise<void>((resolve) => (waiting = resolve));
  beforeAll(async () => {
    partner = createServer((req, res) => {
      received.push(new URL(req.url!, "https://" + BOOKING_HOST));
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end("<!doctype html><title>partner</title><p>stand-in");
      waiting?.();
    });
    partner.listen(0, "127.0.0.1");
    await once(partner, "listening");
    partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => partner.close(() => done())));

  it("submitted without JavaScript (one hotel per layout, each language), reaches the partner with dates, guests, children and their ages, partner id, label, language and search term", { timeout: 600_000 }, async () => {
    const ctx = await site().context({ viewport: PHONE, javaScriptEnabled: false });
    // The partner's host goes to the stand-in (the last route registered is asked first).
    await ctx.route(`https://${BOOKING_HOST}/**`, async (route) => {
      const u = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: partnerUrl + u.pathname + u.search }) });
    });
    await textOnly(ctx);
    const page = await ctx.newPage();
    const wrong: string[] = [];
    for (const lang of LANGS) {
      for (const h of ONE_PER_LAYOUT) {
        const where = lang.prefix + h.path;
        await page.goto(site().url + where);
        const form = page.locator("form[data-availability]");
        await form.locator(`input[name="${affiliate.search.checkIn}"]`).fill("2031-03-10");
        await form.locator(`input[name="${affiliate.search.checkOut}"]`).fill("2031-03-14");
        await form.locator(`input[name="${affiliate.search.adults}"]`).fill("3");
        await form.locator(`input[name="${affiliate.search.rooms}"]`).fill("2");
        // Two children on the first page of each language (the stylesheet shows an age field for each), none on
        // the others: the partner gets the count and one age parameter per child, never an age left unchosen.
        const kids = h === ONE_PER_LAYOUT[0] ? ["5", "11"] : [];
        await form.locator(`select[name="${affiliate.search.children}"]`).selectOption(String(kids.length));
        for (const [i, age] of kids.entries()) await form.getByLabel(strings[lang.code].childAge.replace("{n}", String(i + 1))).selectOption(age);
        const before = received.length;
        // The form opens the partner in a new tab (as every Book link does); the first page of each language is
        // submitted so, the others in this tab (a new tab costs a second), the form otherwise as served.
        if (h === ONE_PER_LAYOUT[0]) {
          const [popup] = await Promise.all([page.waitForEvent("popup"), answered(), form.locator("button[type=submit]").click()]);
          await popup.close();
        } else {
          await form.evaluate((f) => f.removeAttribute("target"));
          await Promise.all([answered(), page.waitForURL(`https://${BOOKING_HOST}/**`), form.locator("button[type=submit]").click()]);
        }
        const got = received.slice(before);
        const expected = {
          [affiliate.search.checkIn]: "2031-03-10",
          [affiliate.search.checkOut]: "2031-03-14",
          [affiliate.search.adults]: "3",
          [affiliate.search.rooms]: "2",
          [affiliate.search.children]: String(kids.length),
          ...(kids.length ? { [affiliate.search.childAge]: kids.at(-1)! } : {}),
          ...formParams(h, lang.code),
        };
        const query = got.length === 1 ? Object.fromEntries(got[0].searchParams) : {};
        if (got.length === 1 && JSON.stringify(got[0].searchParams.getAll(affiliate.search.childAge)) !== JSON.stringify(kids)) wrong.push(`${where}: ages ${got[0].search}`);
        if (got.length !== 1 || got[0].pathname !== new URL(affiliate.search.action).pathname || JSON.stringify(query) !== JSON.stringify({ ...query, ...expected }) || Object.keys(query).length !== Object.keys(expected).length) {
          wrong.push(`${where}: ${got.map((u) => u.href).join(", ") || "nothing reached the partner"}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("with JavaScript, keeps check-out at least a day after check-in", async () => {
    const { page } = await site().open(HOTELS[0].path, { viewport: PHONE });
    const checkIn = page.locator("[data-check-in]");
    const checkOut = page.locator("[data-check-out]");
    await checkOut.fill("2031-03-05");
    await checkIn.fill("2031-03-10");
    await checkIn.dispatchEvent("change");
    expect(await checkOut.inputValue()).toBe("2031-03-11");
    expect(await checkOut.getAttribute("min")).toBe("2031-03-11");
    // A later check-out is kept.
    await checkOut.fill("2031-03-20");
    await checkIn.fill("2031-03-12");
    await checkIn.dispatchEvent("change");
    expect(await checkOut.inputValue()).toBe("2031-03-20");
  });
});
