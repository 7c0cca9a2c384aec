// axe-core in the browser, WCAG 2.0, 2.1 and 2.2 at levels A and AA: no violation on the home page, one page per
// hotel layout and the 404 page, in English, Chinese and Japanese, at 375 and 1280 px, nor with the menus open.
import { describe, expect, it } from "vitest";
import { axeViolations, DESKTOP, inLanguage, LANGS, MOBILE, PAGES, useSite } from "./support.js";

const site = useSite();

describe("axe-core, WCAG 2.x A and AA", () => {
  for (const lang of LANGS) {
    for (const viewport of [MOBILE, DESKTOP]) {
      const pages = [...Object.values(PAGES).map((p) => inLanguage(p, lang)), `${lang.prefix}/no-such-page`];
      it(`${lang.code} at ${viewport.width} px: home, showcase, story, article and 404 have no violations`, async () => {
        const ctx = await site().context({ viewport });
        const page = await ctx.newPage();
        const found: Record<string, string[]> = {};
        for (const pathname of pages) {
          await page.goto(site().url + pathname);
          found[pathname] = await axeViolations(page);
        }
        expect(found).toEqual(Object.fromEntries(pages.map((p) => [p, []])));
      });
    }
  }

  it("with the mobile menu open at 375 px and the language menu open at 1280 px (zh)", async () => {
    const mobile = await site().open("/zh/", { viewport: MOBILE });
    await mobile.page.locator("header [aria-controls='mobile-menu']").click();
    await mobile.page.locator("#mobile-menu").waitFor({ state: "visible" });
    const desktop = await site().open("/zh/grand-hyatt-dubai/", { viewport: DESKTOP });
    await desktop.page.locator("header button[aria-haspopup='menu']").click();
    await desktop.page.locator("header [role='menu']").waitFor({ state: "visible" });
    expect({ mobileMenu: await axeViolations(mobile.page), languageMenu: await axeViolations(desktop.page) }).toEqual({ mobileMenu: [], languageMenu: [] });
  });
});
