// The language banner: offered to a visitor whose language differs from the page's, in the page's flow after
// the footer (never over content), a region landmark named by its sentence, and dismissed for good: the
// dismissal is kept in localStorage per suggested language, so another language is still offered.
import { describe, expect, it } from "vitest";
import { contentYaml, DESKTOP, MOBILE, PAGES, useSite } from "./support.js";

const site = useSite();
const strings = await contentYaml<Record<string, Record<string, string>>>("strings.yaml");
const languages = (await contentYaml<{ languages: { code: string; nativeName: string }[] }>("site.yaml")).languages;
/** The banner's sentence offering `code`, in that language. */
const sentence = (code: string) => strings[code].languageSuggestion.replace("{language}", languages.find((l) => l.code === code)!.nativeName);

describe("language banner", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: a named region in the flow after the footer, covering nothing`, async () => {
      const { page } = await site().open(PAGES.article, { viewport, locale: "ja-JP" });
      const banner = page.getByRole("region", { name: sentence("ja") });
      await banner.waitFor({ state: "visible" });
      const place = await banner.evaluate((b) => {
        const footer = document.querySelector("footer")!;
        return { position: getComputedStyle(b).position, top: b.getBoundingClientRect().top + scrollY, footerBottom: footer.getBoundingClientRect().bottom + scrollY };
      });
      expect(place.position).toBe("static");
      expect(place.top).toBeGreaterThanOrEqual(Math.floor(place.footerBottom));
      // At the top of the page it is nowhere on screen.
      expect(await banner.evaluate((b) => b.getBoundingClientRect().top >= innerHeight)).toBe(true);
    });
  }

  it("remembers a dismissal in localStorage for that language, across pages and visits, and still offers another", async () => {
    const { page, context } = await site().open(PAGES.home, { viewport: DESKTOP, locale: "ja-JP" });
    const ja = page.getByRole("region", { name: sentence("ja") });
    await ja.waitFor({ state: "visible" });
    await ja.getByRole("button", { name: strings.ja.dismiss }).click();
    await ja.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => localStorage.getItem("langBannerDismissed.ja"))).toBe("1");
    // Another page, in a new tab of the same browser: not offered again.
    const other = await context.newPage();
    await other.goto(site().url + PAGES.story);
    await other.locator("footer").waitFor();
    await other.waitForFunction(() => document.readyState === "complete");
    expect(await other.locator("[data-lang-banner]:not([hidden])").count()).toBe(0);
    // A visitor who chose Chinese meanwhile is offered Chinese.
    await other.evaluate(() => localStorage.setItem("i18nextLng", "zh"));
    await other.reload();
    await other.getByRole("region", { name: sentence("zh") }).waitFor({ state: "visible" });
  });
});
