// Measured, not eyeballed: every hero (the home page and each hotel whose layout has one) at 390 and 1440 px in
// every language, with the contrast of each text box (title, kicker, subtitle, buttons, commission note)
// computed against the real pixels behind it. The text is made transparent, the hero screenshotted once, and
// each box's pixels compared with the text's own colour: WCAG 2.2 asks 4.5:1 for normal text, 3:1 for large.
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/fixture.js";
import { contentYaml, LANGS, useSite } from "./support.js";

const site = useSite();

/** The text of a hero that must be legible (the kicker's gold rules are decoration, not text). */
const TEXT = [".hero__kicker", ".hero__title", ".hero__subtitle", ".hero .button", ".hero .book__note"];

/** Pages with a hero, in English: the home page and every showcase or story hotel (articles have none). */
const HEROES = [
  "/",
  ...(
    await Promise.all(
      (await readdir(path.join(REPO, "content", "hotels")))
        .filter((f) => f.endsWith(".yaml"))
        .map(async (f) => (await contentYaml<{ id: string; layout: string }>(`hotels/${f}`)) as { id: string; layout: string }),
    )
  )
    .filter((h) => h.layout !== "article")
    .map((h) => `/grand-hyatt-${h.id}/`),
];

/** WCAG relative luminance of an sRGB colour (0-255 channels). */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two luminances. */
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

interface TextBox {
  selector: string;
  color: number[];
  large: boolean;
  box: { x: number; y: number; width: number; height: number };
}

/** Each visible text element's colour, size class and box (in page pixels, inside the hero). */
function textBoxes(page: Page): Promise<TextBox[]> {
  return page.evaluate((selectors) => {
    const out: TextBox[] = [];
    for (const selector of selectors) {
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        const s = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || s.visibility === "hidden") continue;
        const size = parseFloat(s.fontSize);
        const bold = parseInt(s.fontWeight, 10) >= 700;
        out.push({
          selector,
          color: (s.color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number),
          large: size >= 24 || (bold && size >= 18.66),
          box: { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height },
        });
      }
    }
    return out;
  }, TEXT);
}

/** Hides the text (and only the text) of the hero, so a screenshot shows what is behind it. */
const HIDE = `.hero, .hero * { color: transparent !important; text-shadow: none !important; }
.hero__kicker::before, .hero__kicker::after { visibility: hidden !important; }`;

/** The 5th-percentile contrast of a colour against the pixels of one box of a raw RGB screenshot. */
function contrastIn(raw: { data: Buffer; width: number; height: number; channels: number }, box: TextBox["box"], scale: number, color: number[]): { p5: number; min: number } {
  const text = luminance(color);
  const x0 = Math.max(0, Math.round(box.x * scale)), y0 = Math.max(0, Math.round(box.y * scale));
  const x1 = Math.min(raw.width, Math.round((box.x + box.width) * scale)), y1 = Math.min(raw.height, Math.round((box.y + box.height) * scale));
  const ratios: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * raw.width + x) * raw.channels;
      ratios.push(ratio(text, luminance([raw.data[i], raw.data[i + 1], raw.data[i + 2]])));
    }
  }
  ratios.sort((a, b) => a - b);
  return { p5: ratios[Math.floor(ratios.length * 0.05)] ?? 0, min: ratios[0] ?? 0 };
}

describe("hero text contrast on the real pixels", () => {
  it("the measure itself: white on the site's ink is far above 4.5:1, white on gold-light below it", () => {
    expect(ratio(luminance([255, 255, 255]), luminance([0x11, 0x1b, 0x26]))).toBeGreaterThan(15);
    expect(ratio(luminance([255, 255, 255]), luminance([0xe6, 0xcc, 0x98]))).toBeLessThan(2);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    it(`every hero at ${viewport.width} px in every language: 4.5:1 for text, 3:1 for large text`, { timeout: 600_000 }, async () => {
      const context = await site().context({ viewport, reducedMotion: "reduce", bypassCSP: true });
      // A visitor who chose each page's language: no language suggestion appears under the header mid-measure.
      await context.addInitScript(() => {
        // Not on the blank page a tab starts with, whose storage is closed to scripts.
        if (location.protocol.startsWith("http")) localStorage.setItem("i18nextLng", /^\/(zh|ja)\//.exec(location.pathname)?.[1] ?? "en");
      });
      const page = await context.newPage();
      const failures: string[] = [];
      let measured = 0;
      for (const lang of LANGS) {
        for (const p of HEROES) {
          const url = lang.prefix + p;
          await page.goto(site().url + url, { waitUntil: "load" });
          await page.evaluate(() => document.fonts.ready);
          const boxes = await textBoxes(page);
          expect(boxes.filter((b) => b.selector === ".hero__title"), `${url}: one title`).toHaveLength(1);
          const hero = await page.locator("main .hero").boundingBox();
          // The CSP refuses inline style: this context bypasses it for the measuring style only.
          await page.addStyleTag({ content: HIDE });
          const shot = await page.screenshot({ clip: hero!, animations: "disabled" });
          const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
          const scale = info.width / hero!.width;
          for (const b of boxes) {
            const local = { ...b.box, x: b.box.x - hero!.x, y: b.box.y - hero!.y };
            const { p5, min } = contrastIn({ data, width: info.width, height: info.height, channels: info.channels }, local, scale, b.color);
            const need = b.large ? 3 : 4.5;
            measured++;
            if (p5 < need) failures.push(`${url} ${b.selector}: ${p5.toFixed(2)}:1 (worst pixel ${min.toFixed(2)}:1), needs ${need}:1`);
          }
        }
      }
      expect(failures).toEqual([]);
      // Every hero was measured, each with a title, a kicker or subtitle and a button.
      expect(measured).toBeGreaterThanOrEqual(HEROES.length * LANGS.length * 3);
    });
  }
});
