// The header in a real browser: the mobile menu at 375 px (toggle, contents, closing on a choice and on
// Escape); at 1280 px the language dropdown driven by keyboard to the same page in Japanese; and with
// JavaScript off, the language choices as plain visible links and the page complete. The page lists its
// languages once: the phone's menu and the desktop row are one navigation with one language menu.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookingSettings, contentYaml, DESKTOP, follow, MOBILE, PAGES, useSite } from "./support.js";

const site = useSite();

const strings = await contentYaml<Record<string, Record<string, string>>>("strings.yaml");
const affiliate = await bookingSettings();
/** The general affiliate link (Book Now) in the English home page's mobile menu, with the partner id, label and language the build adds (in the order site.yaml lists them). */
const general = (() => {
  const u = new URL(affiliate.link);
  const values: Record<string, string> = {
    [affiliate.partnerParam]: affiliate.partnerId,
    [affiliate.languageParam]: affiliate.languages.en,
    [affiliate.tracking.param]: affiliate.tracking.template.replace("{lang}", "en").replace("{page}", "home").replace("{placement}", "menu"),
  };
  for (const name of affiliate.params) u.searchParams.set(name, values[name]);
  return u.href;
})();
const en = strings.en;
const dubaiContent = await contentYaml("hotels/dubai.yaml");

/** The hreflang of the focused element when it is a menu item, else a description of what has focus. */
const focusedItem = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute("role") === "menuitem" ? el.getAttribute("hreflang") : `not a menu item: <${el?.tagName.toLowerCase()}>`;
  });
/** True when the element matching selector has focus. */
const hasFocus = (page: Page, selector: string) => page.evaluate((s) => document.activeElement === document.querySelector(s), selector);

describe("mobile menu at 375 px", () => {
  it("the toggle opens the menu with Home, Destinations, the language menu of the three languages and Book Now", async () => {
    const { page } = await site().open("/", { viewport: MOBILE });
    const toggle = page.locator("header [aria-controls='mobile-menu']");
    const menu = page.locator("#mobile-menu");
    await expect(toggle.isVisible()).resolves.toBe(true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await expect(menu.isVisible()).resolves.toBe(false);

    await toggle.click();
    await menu.waitFor({ state: "visible" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const expected: [string, string][] = [
      [en.home, "/"],
      [en.destinations, "/#destinations"],
      [`${en.bookNow} (${en.opensInNewTab})`, general],
    ];
    for (const [name, href] of expected) {
      const link = menu.getByRole("link", { name, exact: true });
      expect(await link.count(), `links named "${name}"`).toBe(1);
      await expect(link.isVisible(), `"${name}" is visible`).resolves.toBe(true);
      expect(await link.getAttribute("href"), `href of "${name}"`).toBe(href);
    }
    expect(await menu.getByRole("link").count()).toBe(expected.length);
    // The languages: the menu button opens its list inside the menu.
    const button = menu.getByRole("button", { name: `${en.language}: English`, exact: true });
    await button.click();
    const items = menu.getByRole("menuitem");
    await items.first().waitFor({ state: "visible" });
    expect(await items.evaluateAll((as) => as.map((a) => [a.textContent!.trim(), a.getAttribute("href")]))).toEqual([
      ["English", "/"],
      ["中文", "/zh/"],
      ["日本語", "/ja/"],
    ]);
    // Each language is listed once in the page.
    expect(await page.locator("a[hreflang]").count()).toBe(3);
  });

  it("choosing a link closes it (Destinations in place, Book Now into a new tab, a language on the next page)", async () => {
    const { page, context, response } = await site().open("/", { viewport: MOBILE });
    expect(response?.status()).toBe(200);
    const toggle = page.locator("header [aria-controls='mobile-menu']");
    const menu = page.locator("#mobile-menu");

    await toggle.click();
    await menu.getByRole("link", { name: en.destinations, exact: true }).click();
    await menu.waitFor({ state: "hidden" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(page.url()).toBe(`${site().url}/#destinations`);

    await toggle.click();
    const [popup] = await Promise.all([context.waitForEvent("page"), menu.getByRole("link", { name: `${en.bookNow} (${en.opensInNewTab})`, exact: true }).click()]);
    await popup.waitForLoadState("domcontentloaded");
    expect(popup.url()).toBe(general);
    await menu.waitFor({ state: "hidden" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    await toggle.click();
    await menu.locator("[data-lang-button]").click();
    await Promise.all([page.waitForURL(`${site().url}/zh/`), menu.getByRole("menuitem", { name: "中文", exact: true }).click()]);
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-Hans");
    await expect(page.locator("#mobile-menu").isVisible()).resolves.toBe(false);
    expect(await page.locator("header [aria-controls='mobile-menu']").getAttribute("aria-expanded")).toBe("false");
  });

  it("the toggle and Escape close it, and Escape returns focus to the toggle", async () => {
    const { page } = await site().open("/grand-hyatt-tokyo/", { viewport: MOBILE });
    const toggle = page.locator("header [aria-controls='mobile-menu']");
    const menu = page.locator("#mobile-menu");
    await toggle.click();
    await menu.waitFor({ state: "visible" });
    await toggle.click();
    await menu.waitFor({ state: "hidden" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    await toggle.click();
    await menu.waitFor({ state: "visible" });
    // Focus inside the menu, as a keyboard user would have it, then Escape.
    await menu.getByRole("link", { name: en.home, exact: true }).focus();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await hasFocus(page, "header [aria-controls='mobile-menu']")).toBe(true);
  });

  it("at 1280 px the toggle is hidden and the same navigation is the header's row", async () => {
    const { page } = await site().open("/", { viewport: DESKTOP });
    await expect(page.locator("header [aria-controls='mobile-menu']").isVisible()).resolves.toBe(false);
    const nav = page.locator("header nav").first();
    await expect(nav.isVisible()).resolves.toBe(true);
    expect(await nav.evaluate((n) => n.getBoundingClientRect().height)).toBeLessThan(80);
    // One Book Now: the menu's own (its tracking label says "menu") is for phones.
    expect(await nav.getByRole("link", { name: `${en.bookNow} (${en.opensInNewTab})`, exact: true }).count()).toBe(1);
    for (const name of [en.home, en.destinations, `${en.bookNow} (${en.opensInNewTab})`]) {
      await expect(nav.getByRole("link", { name, exact: true }).isVisible(), `"${name}" in the header`).resolves.toBe(true);
    }
    await expect(nav.getByRole("button", { name: `${en.language}: English`, exact: true }).isVisible()).resolves.toBe(true);
  });
});

describe("language dropdown by keyboard at 1280 px", () => {
  const dubai = PAGES.showcase;

  it("opens on Enter with the first item focused; arrows, Home and End move; Escape closes and returns focus", async () => {
    const { page } = await site().open(dubai, { viewport: DESKTOP });
    const button = page.locator("header button[aria-haspopup='menu']");
    const list = page.locator("header [role='menu']");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await expect(list.isVisible()).resolves.toBe(false);
    // Each item is a real link to this page in its language.
    expect(await list.locator("[role=menuitem]").evaluateAll((as) => as.map((a) => [a.getAttribute("hreflang"), a.getAttribute("href")]))).toEqual([
      ["en", dubai],
      ["zh-Hans", `/zh${dubai}`],
      ["ja", `/ja${dubai}`],
    ]);

    await button.focus();
    await page.keyboard.press("Enter");
    await list.waitFor({ state: "visible" });
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await focusedItem(page)).toBe("en");
    const steps: [string, string][] = [
      ["ArrowDown", "zh-Hans"],
      ["ArrowDown", "ja"],
      ["ArrowDown", "en"],
      ["ArrowUp", "ja"],
      ["ArrowUp", "zh-Hans"],
      ["Home", "en"],
      ["End", "ja"],
    ];
    for (const [key, lang] of steps) {
      await page.keyboard.press(key);
      expect(await focusedItem(page), `focus after ${key}`).toBe(lang);
    }
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await hasFocus(page, "header button[aria-haspopup='menu']")).toBe(true);

    // ArrowDown on the button opens on the first item, ArrowUp on the last.
    await page.keyboard.press("ArrowDown");
    await list.waitFor({ state: "visible" });
    expect(await focusedItem(page)).toBe("en");
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowUp");
    await list.waitFor({ state: "visible" });
    expect(await focusedItem(page)).toBe("ja");
    // Tab leaves the menu and closes it.
    await page.keyboard.press("Tab");
    await list.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
  });

  it("type-ahead focuses the item whose name starts with the typed letters", async () => {
    const { page } = await site().open(dubai, { viewport: DESKTOP });
    await page.locator("header button[aria-haspopup='menu']").focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("End");
    expect(await focusedItem(page)).toBe("ja");
    await page.keyboard.press("e");
    expect(await focusedItem(page)).toBe("en");
    await page.keyboard.press("ArrowDown");
    expect(await focusedItem(page)).toBe("zh-Hans");
    await page.keyboard.type("En");
    expect(await focusedItem(page)).toBe("en");
    // A letter no item starts with leaves focus where it was.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("q");
    expect(await focusedItem(page)).toBe("zh-Hans");
  });

  it("activating 日本語 on the Dubai page reaches /ja/grand-hyatt-dubai/ and stores i18nextLng=ja", async () => {
    const { page } = await site().open(dubai, { viewport: DESKTOP });
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe(null);
    await page.locator("header button[aria-haspopup='menu']").focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("End");
    expect(await focusedItem(page)).toBe("ja");
    const target = `${site().url}/ja${dubai}`;
    expect(await follow(page, target, () => page.keyboard.press("Enter"))).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("ja");
    // The button now names the page's language.
    expect(await page.locator("header button[aria-haspopup='menu']").getAttribute("aria-expanded")).toBe("false");
    await expect(page.getByRole("button", { name: `${strings.ja.language}: 日本語`, exact: true }).isVisible()).resolves.toBe(true);
  });
});

/** The same page in each language. */
const ALTERNATES = [
  ["en", PAGES.showcase],
  ["zh-Hans", `/zh${PAGES.showcase}`],
  ["ja", `/ja${PAGES.showcase}`],
];

describe("with JavaScript off", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px the Dubai page renders, and its header links to the page in each language`, async () => {
      const { page, response } = await site().open(PAGES.showcase, { viewport, javaScriptEnabled: false });
      expect(response?.status()).toBe(200);
      // The script did not run (the dropdown's list keeps the hidden attribute it is served with).
      expect(await page.locator("[data-lang-list]").evaluate((e) => (e as HTMLElement).hidden)).toBe(true);

      // The page itself is all there.
      await expect(page.locator("main h1").isVisible()).resolves.toBe(true);
      // A headline keeps its last two words together with a no-break space.
      expect((await page.locator("main h1").textContent())!.trim().replace(/\u00a0/g, " ")).toBe(dubaiContent.text.en.name);
      await expect(page.locator("main a[data-book]").first().isVisible()).resolves.toBe(true);
      expect(await page.locator("main .hero").evaluate((e) => e.getBoundingClientRect().height)).toBe(viewport === MOBILE ? 500 : 600);

      // The page's one language list: every language once, visible and reachable with Tab, and nothing else.
      const shown = await page.locator("a[hreflang]").evaluateAll((as) =>
        as
          .filter((a) => a.getClientRects().length > 0 && getComputedStyle(a).visibility === "visible")
          .map((a) => ({ link: `${a.getAttribute("hreflang")} ${a.getAttribute("href")}`, inHeader: !!a.closest("header"), tabIndex: (a as HTMLElement).tabIndex })),
      );
      expect(shown.map((s) => s.link).sort(), "visible language links").toEqual(ALTERNATES.map((s) => s.join(" ")).sort());
      expect(shown.filter((s) => !s.inHeader || s.tabIndex < 0).map((s) => s.link), "language links outside the header, or that Tab skips").toEqual([]);
      // Buttons that only work with the script are not shown.
      await expect(page.locator("header button[aria-haspopup='menu']").isVisible()).resolves.toBe(false);
      await expect(page.locator("header [aria-controls='mobile-menu']").isVisible()).resolves.toBe(false);

      // A language link is ordinary navigation.
      const target = `${site().url}/ja${PAGES.showcase}`;
      expect(await follow(page, target, () => page.locator("header a[hreflang='ja']").click())).toBe(200);
      expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    });
  }
});
