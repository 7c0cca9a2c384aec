// A right-to-left page mirrors: the fixture site plus Arabic (dir: rtl, added as data), in Chromium at 1280 px.
// The header's logo starts on the right and the navigation on the left; the English pages stay as they were.
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { startServer, type PreviewServer } from "../../src/watch/server.js";
import { fixtureCopy } from "../support/fixture.js";

const AR = '  - { code: ar, label: Arabic, nativeName: العربية, flag: "🇸🇦", htmlLang: ar, locale: ar_AR, dir: rtl }\n';

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let server: PreviewServer;
let browser: Browser;
beforeAll(async () => {
  fx = await fixtureCopy({
    "site.yaml": (s) => s.replace(/(  - \{ code: ja[^\n]*\n)/, `$1${AR}`),
    "strings.yaml": (s) => `${s.trimEnd()}\nar:\n  home: الرئيسية\n  destinations: الوجهات\n`,
  });
  await build({ contentDir: "content", outDir: "dist", cwd: fx.dir });
  server = await startServer({ root: path.join(fx.dir, "dist"), port: 0 });
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"], headless: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fx?.cleanup();
});

/** Where the header's logo and navigation are, and the document's direction. */
async function layout(pathname: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(server.url + pathname);
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const logo = await box(".site-header .logo");
    const nav = await box(".site-header .site-nav");
    const dir = await page.evaluate(() => getComputedStyle(document.documentElement).direction);
    return { dir, logoCentre: logo.x + logo.width / 2, navCentre: nav.x + nav.width / 2 };
  } finally {
    await page.close();
  }
}

describe("right-to-left pages", () => {
  it("mirror the header: the logo on the right in Arabic, on the left in English", async () => {
    const ar = await layout("/ar/");
    expect(ar.dir).toBe("rtl");
    expect(ar.logoCentre).toBeGreaterThan(640);
    expect(ar.navCentre).toBeLessThan(ar.logoCentre);
    const en = await layout("/");
    expect(en.dir).toBe("ltr");
    expect(en.logoCentre).toBeLessThan(640);
    expect(en.navCentre).toBeGreaterThan(en.logoCentre);
  });
});
