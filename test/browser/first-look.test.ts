// The first look a traveller gets, measured in a real browser at a phone's and a desktop's first screen: every
// hotel page shows its picture and its own Book button with no layout shift; Chinese and Japanese headings, card
// titles and facts break only between the segmenter's phrases and never inside a name from the content (and an
// article page's picture keeps its place in a first frame painted before the title is parsed); the home
// page's destinations begin within a phone's second screen with location lines that wrap; and a showcase page
// shows each figure once.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { jaModel, Parser, zhHansModel } from "budoux";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/fixture.js";
import { contentYaml, inLanguage, LANGS, layoutShift, PAGES, useSite } from "./support.js";

const site = useSite();

/** The first screens the issue names: a phone and a desktop. */
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

const HOTELS = await Promise.all(
  (await readdir(path.join(REPO, "content", "hotels")))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => contentYaml(`hotels/${f}`)),
);
const pathOf = (h: { id: string }) => `/grand-hyatt-${h.id}/`;

describe("a picture in every first screen", () => {
  for (const viewport of [PHONE, WIDE]) {
    it(`at ${viewport.width}x${viewport.height}: each of the 32 hotel pages shows its image (150 px of it at least) and its own Book button, with no layout shift`, async () => {
      const ctx = await site().context({ viewport });
      const page = await ctx.newPage();
      const seen: Record<string, { image: number; book: boolean; shift: number }> = {};
      for (const h of HOTELS) {
        await page.goto(site().url + pathOf(h), { waitUntil: "load" });
        await page.evaluate(() => Promise.all([...document.images].filter((i) => i.loading !== "lazy").map((i) => i.decode().catch(() => {}))));
        const { image, book } = await page.evaluate(() => {
          const visible = (r: DOMRect) => (r.width > 0 ? Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)) : 0);
          // The hotel's picture is the page's one eager, high-priority image.
          const img = document.querySelector<HTMLImageElement>('main img[fetchpriority="high"]');
          // The hotel's own Book button of the first screen: placement hero, or top where the hero has none.
          const own = [...document.querySelectorAll<HTMLAnchorElement>("main a[href^='https:']")].filter((a) => /_(hero|top)$/.test(new URL(a.href).searchParams.get("label") ?? ""));
          return { image: img ? visible(img.getBoundingClientRect()) : 0, book: own.some((a) => visible(a.getBoundingClientRect()) >= a.getBoundingClientRect().height - 1) };
        });
        seen[h.id] = { image: Math.round(image) >= 150 ? 150 : Math.round(image), book, shift: await layoutShift(page) };
      }
      expect(seen).toEqual(Object.fromEntries(HOTELS.map((h) => [h.id, { image: 150, book: true, shift: 0 }])));
    }, 240_000);
  }

  it("at 1440x900: an article page's picture stands in its column before the title is parsed, so a first frame painted early moves nothing when it arrives", async () => {
    const ctx = await site().context({ viewport: WIDE });
    const page = await ctx.newPage();
    const url = site().url + PAGES.article;
    const html = await (await fetch(url)).text();
    const cut = html.indexOf('<div class="article-header__text">');
    expect(cut).toBeGreaterThan(0);
    await page.goto(url, { waitUntil: "load" });
    const whole = await page.locator(".article-figure").boundingBox();
    // The page as the parser has it when a slow network's first packets are painted: the picture, not yet the title.
    await page.route(url, (r) => r.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html.slice(0, cut) }));
    await page.goto(url, { waitUntil: "load" });
    expect(await page.locator(".article-figure").boundingBox()).toEqual(whole);
  });
});

/** The content's names in a language, as words (split at spaces and the Japanese middle dot), two letters or more. */
function namesIn(lang: string): string[] {
  const words = HOTELS.flatMap((h) => ["name", "locality", "country"].map((k) => h.text[lang]?.[k] as string | undefined)).filter((n): n is string => !!n);
  return [...new Set(words.flatMap((n) => n.split(/[\s・]+/)).filter((w) => w.length >= 2))];
}

/** Each line-broken text of a page: its text and the offsets (in that text) where a new line starts. */
const breaksOn = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null && !el.closest(".visually-hidden"))
      .map((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let text = "";
        const starts: number[] = [];
        let lastTop: number | undefined;
        let lineHeight = 0;
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          for (let i = 0; i < node.data.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            // The word joiners the build puts after a compound's middle dots are not text.
            if (node.data[i] === "\u2060") continue;
            const at = text.length;
            text += node.data[i];
            if (!rect || /\s/.test(node.data[i])) continue;
            lineHeight ||= rect.height;
            if (lastTop !== undefined && rect.top > lastTop + lineHeight / 2) starts.push(at);
            lastTop = rect.top;
          }
        }
        return { text, starts };
      }),
  );

/** The texts the issue names: headings, card titles and names, taglines, tiles and facts. */
const BROKEN = "main :is(h1, h2, h3, h4, .hero__subtitle, .card__title, .tile, .facts__label, .facts__value)";

const SEGMENTERS: Record<string, Parser> = { zh: new Parser(zhHansModel), ja: new Parser(jaModel) };

describe("Chinese and Japanese set as their typesetters would", () => {
  for (const lang of LANGS.filter((l) => l.code in SEGMENTERS)) {
    const parser = SEGMENTERS[lang.code];
    const names = namesIn(lang.code);
    for (const viewport of [PHONE, WIDE]) {
      it(`${lang.code} at ${viewport.width} px: no heading, card title or fact breaks inside a phrase or a name (home and one page per layout)`, async () => {
        const ctx = await site().context({ viewport });
        const page = await ctx.newPage();
        const bad: string[] = [];
        let lines = 0;
        for (const p of [PAGES.home, PAGES.showcase, PAGES.story, PAGES.article, "/grand-hyatt-barcelona/", "/grand-hyatt-deer-valley/"]) {
          await page.goto(site().url + inLanguage(p, lang), { waitUntil: "load" });
          await page.evaluate(() => document.fonts.ready);
          for (const { text, starts } of await breaksOn(page, BROKEN)) {
            lines += starts.length;
            const phrases = new Set(parser.parseBoundaries(text));
            for (const at of starts) {
              // A space is a break of its own; a typesetter may end a line after punctuation (、。：), not after the
              // middle dot inside a compound.
              const beside = /\s/.test(text[at - 1] ?? "") || /\s/.test(text[at] ?? "") || /[^\P{P}・･]/u.test(text[at - 1] ?? "");
              const inName = names.find((n) => {
                for (let i = text.indexOf(n); i >= 0; i = text.indexOf(n, i + 1)) if (at > i && at < i + n.length) return true;
                return false;
              });
              if (inName) bad.push(`${p}: ${text.slice(0, at)}|${text.slice(at)} (inside ${inName})`);
              else if (!beside && !phrases.has(at)) bad.push(`${p}: ${text.slice(0, at)}|${text.slice(at)} (inside a phrase)`);
            }
          }
        }
        expect(bad).toEqual([]);
        // The pages do wrap their headings: the check above looked at real line breaks.
        expect(lines).toBeGreaterThan(5);
      });
    }
  }

  it("a fact's number and unit are never on two lines (the longest value in a narrow column)", async () => {
    const { page } = await site().open("/ja/grand-hyatt-baha-mar/", { viewport: { width: 320, height: 700 } });
    const values = await breaksOn(page, "main .facts__value");
    expect(values.length).toBeGreaterThan(0);
    for (const { text, starts } of values) for (const at of starts) expect(/\d/.test(text[at - 1]) || /\d/.test(text[at]), `${text} at ${at}`).toBe(false);
  });
});

describe("home on a phone", () => {
  for (const lang of LANGS) {
    it(`${lang.code} at 390x844: the destinations by region begin within the second screen, their location lines wrap`, async () => {
      const { page } = await site().open(inLanguage(PAGES.home, lang), { viewport: PHONE });
      const first = await page.locator("#destinations .region .card").first().evaluate((c) => c.getBoundingClientRect().top + scrollY);
      expect(first).toBeLessThan(2 * PHONE.height);
      const locations = await page.locator("#destinations .card__location").evaluateAll((els) =>
        els.map((e) => ({ text: e.textContent, ellipsis: getComputedStyle(e).textOverflow === "ellipsis", cut: e.scrollWidth > e.clientWidth + 1 })),
      );
      expect(locations.length).toBe(32);
      expect(locations.filter((l) => l.ellipsis || l.cut)).toEqual([]);
    });
  }
});

describe("each thing once", () => {
  for (const h of HOTELS.filter((h) => h.layout === "showcase")) {
    it(`${h.id}: the facts panel and the feature tiles never show the same figure`, async () => {
      const { page } = await site().open(pathOf(h), { viewport: WIDE });
      const figures = async (selector: string) => (await page.locator(selector).allTextContents()).flatMap((t) => t.match(/\d[\d,.]*/g) ?? []).map((n) => n.replace(/,/g, ""));
      const facts = await figures("main .facts__value");
      const tiles = await figures("main .tile");
      expect(facts.length).toBe(h.facts.length);
      expect(tiles.filter((n) => facts.includes(n))).toEqual([]);
    });
  }
});
