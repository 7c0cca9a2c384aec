// The language banner: offered to a visitor whose language differs from the page's, once, in the page's flow right
// under the header (never over content), a region landmark named by its sentence, and dismissed for good: the
// dismissal is kept in localStorage per suggested language, so another language is still offered. Its words
// come from one small file per language, fetched only when a language is offered.
import type { BrowserContextOptions } from "playwright-core";
import { describe, expect, it } from "vitest";
import { contentYaml, DESKTOP, layoutShift, MOBILE, PAGES, useSite } from "./support.js";

const site = useSite();
const strings = await contentYaml<Record<string, Record<string, string>>>("strings.yaml");
const languages = (await contentYaml<{ languages: { code: string; nativeName: string }[] }>("site.yaml")).languages;
/** The banner's sentence offering `code`, in that language. */
const sentence = (code: string) => strings[code].languageSuggestion.replace("{language}", languages.find((l) => l.code === code)!.nativeName);

/** Opens a page, recording every request for a banner copy file from before the navigation on. */
async function openWatching(pathname: string, opts: BrowserContextOptions) {
  const context = await site().context(opts);
  const fetched: string[] = [];
  context.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/languages/")) fetched.push(new URL(r.url()).pathname);
  });
  const page = await context.newPage();
  await page.goto(site().url + pathname, { waitUntil: "load" });
  return { page, context, fetched };
}

describe("language banner", () => {
  it("is one empty, hidden banner in the markup, whatever the number of languages", async () => {
    const html = await (await fetch(site().url + PAGES.article)).text();
    expect(html.match(/<section [^>]*data-lang-banner/gi)).toHaveLength(1);
    for (const code of ["en", "zh", "ja"]) expect(html, code).not.toContain(sentence(code));
  });

  it("fetches the visitor's language's copy only, fills it in that language and links to this page in it", async () => {
    const { page, fetched } = await openWatching(PAGES.showcase, { viewport: DESKTOP, locale: "ja-JP" });
    const banner = page.getByRole("region", { name: sentence("ja") });
    await banner.waitFor({ state: "visible" });
    expect(fetched).toEqual(["/languages/ja.json"]);
    expect(await banner.evaluate((b) => [b.getAttribute("lang"), b.getAttribute("dir")])).toEqual(["ja", "ltr"]);
    const link = banner.getByRole("link", { name: strings.ja.languageSuggestionLink.replace("{language}", "日本語") });
    expect(await link.evaluate((a) => (a as HTMLAnchorElement).href)).toBe(`${site().url}/ja${PAGES.showcase}`);
    expect((await link.getAttribute("hreflang"))?.toLowerCase()).toBe("ja");
    await expect(banner.getByRole("button", { name: strings.ja.dismiss }).isVisible()).resolves.toBe(true);
    // Following it stores the choice, as the language menu does.
    await Promise.all([page.waitForURL(`${site().url}/ja${PAGES.showcase}`), link.click()]);
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("ja");
    expect(site().takeProblems()).toEqual({ csp: [], scriptErrors: [], brokenResources: [], externalRequests: [] });
  });

  it("fetches nothing for a visitor whose language is the page's, or is not offered", async () => {
    for (const [path, locale] of [[PAGES.home, "en-US"], [`/ja${PAGES.home}`, "ja-JP"], [PAGES.home, "de-DE"]]) {
      const { page, fetched } = await openWatching(path, { viewport: DESKTOP, locale });
      // The script has run (the language menu is wired) by the load event, and any request it made was made then.
      expect(await page.locator("[data-lang-list] a").first().getAttribute("tabindex"), `${path} ${locale}`).toBe("-1");
      expect(fetched, `${path} ${locale}`).toEqual([]);
      expect(await page.locator("[data-lang-banner]").evaluate((b) => (b as HTMLElement).hidden)).toBe(true);
    }
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`at ${viewport.width} px: a named region in the flow right under the header, in the first screen, covering nothing`, async () => {
      const { page } = await site().open(PAGES.article, { viewport, locale: "ja-JP" });
      const banner = page.getByRole("region", { name: sentence("ja") });
      await banner.waitFor({ state: "visible" });
      const place = await banner.evaluate((b) => {
        const header = document.querySelector(".site-header")!.getBoundingClientRect();
        const main = document.querySelector("main")!.getBoundingClientRect();
        const box = b.getBoundingClientRect();
        return { position: getComputedStyle(b).position, top: box.top, bottom: box.bottom, headerBottom: header.bottom, mainTop: main.top, count: document.querySelectorAll("[data-lang-banner]").length };
      });
      expect(place.position).toBe("static");
      expect(place.count).toBe(1);
      expect(place.top).toBe(place.headerBottom);
      expect(place.mainTop).toBe(place.bottom);
      expect(place.bottom).toBeLessThan(viewport.height);
    });
  }

  it("moves nothing for a visitor it offers nothing: the page's layout shift is 0 and the banner has no box", async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page } = await site().open(PAGES.article, { viewport, locale: "en-US" });
      await page.waitForFunction(() => document.readyState === "complete");
      const shift = await layoutShift(page);
      expect(shift, `at ${viewport.width} px`).toBe(0);
      expect(await page.locator("[data-lang-banner]").evaluate((b) => b.getBoundingClientRect().height)).toBe(0);
    }
  });

  it("remembers a dismissal in localStorage for that language, across pages and visits, and still offers another", async () => {
    const { page, context } = await site().open(PAGES.home, { viewport: DESKTOP, locale: "ja-JP" });
    const ja = page.getByRole("region", { name: sentence("ja") });
    await ja.waitFor({ state: "visible" });
    await ja.getByRole("button", { name: strings.ja.dismiss }).click();
    await ja.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => localStorage.getItem("langBannerDismissed.ja"))).toBe("1");
    // Another page, in a new tab of the same browser: not offered again.
    const other = await context.newPage();
    const requested: string[] = [];
    other.on("request", (r) => requested.push(r.url()));
    await other.goto(site().url + PAGES.story);
    await other.locator("footer").waitFor();
    await other.waitForFunction(() => document.readyState === "complete");
    expect(await other.locator("[data-lang-banner]:not([hidden])").count()).toBe(0);
    // Dismissed: its copy is not even fetched.
    expect(requested.filter((u) => u.includes("/languages/"))).toEqual([]);
    // A visitor who chose Chinese meanwhile is offered Chinese.
    await other.evaluate(() => localStorage.setItem("i18nextLng", "zh"));
    await other.reload();
    await other.getByRole("region", { name: sentence("zh") }).waitFor({ state: "visible" });
  });
});
