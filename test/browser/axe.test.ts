// axe-core in the browser, WCAG 2.0, 2.1 and 2.2 at levels A and AA: no violation on the home page, one page per
// hotel layout and the 404 page, in English, Chinese and Japanese, at 375 and 1280 px, nor with the menus open.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/fixture.js";
import { DESKTOP, inLanguage, LANGS, MOBILE, PAGES, useSite } from "./support.js";

const site = useSite();
const AXE_SOURCE = await readFile(path.join(REPO, "node_modules", "axe-core", "axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe on the page as it is and returns its violations, one line each (rule, impact, first targets), so a
 * failure says what to fix. axe is evaluated through the DevTools protocol, which the page's CSP does not govern.
 */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) => (window as any).axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }).then((r: any) => r.violations),
    TAGS,
  );
  return violations.map((v: any) => {
    const targets = v.nodes.slice(0, 3).map((n: any) => n.target.join(" "));
    const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : "";
    return `${v.id} [${v.impact}] ${v.help}: ${targets.join(" | ")}${more}`;
  });
}

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
