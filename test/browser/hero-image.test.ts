// The hero picture as the browser takes it: on a phone the art-directed crop around the focal point, on a desktop
// the whole image; one hero file fetched per screen (the preload and the <picture> agree), that file is the
// page's largest contentful paint, and object-position follows the focal point.
import { describe, expect, it } from "vitest";
import { PAGES, useSite } from "./support.js";

const site = useSite();

/**
 * The URL of the first image paint Chrome counts as largest. On a loaded machine a heading may be the largest paint
 * until the image is decoded: a text entry (no URL) is passed over, and the image's later entry awaited.
 */
const lcpUrl = () =>
  new Promise<string>((resolve) => {
    new PerformanceObserver((list) => {
      const url = (list.getEntries().at(-1) as PerformanceEntry & { url: string }).url;
      if (url) resolve(url);
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });

describe("hero picture", () => {
  for (const [viewport, crop] of [
    [{ width: 390, height: 844 }, true],
    [{ width: 1440, height: 900 }, false],
  ] as const) {
    it(`at ${viewport.width} px every hero fetches one file, ${crop ? "the phone crop" : "the whole image"}, and paints it as the LCP`, async () => {
      for (const [pathname, name] of [
        [PAGES.home, "home-hero"],
        [PAGES.showcase, "dubai"],
        [PAGES.story, "tokyo"],
        ["/grand-hyatt-baha-mar/", "baha-mar"],
      ] as const) {
        const context = await site().context({ viewport });
        const page = await context.newPage();
        const fetched: string[] = [];
        page.on("request", (r) => {
          if (new URL(r.url()).pathname.startsWith(`/assets/images/`) && r.url().includes(`/${name}.`)) fetched.push(new URL(r.url()).pathname);
        });
        await page.goto(site().url + pathname, { waitUntil: "load" });
        const current = new URL(await page.locator("main .hero__image").evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
        expect(fetched, `${pathname}: hero files fetched`).toEqual([current]);
        expect(current, pathname).toMatch(crop ? /-f\d+x\d+s60-(480|960)\.avif$/ : /-(960|1600)\.avif$/);
        expect(new URL(await page.evaluate(lcpUrl)).pathname, `${pathname}: LCP`).toBe(current);
        await context.close();
      }
    });
  }

  it("places the focal point with object-position (Baha Mar's towers at the left)", async () => {
    const { page } = await site().open("/grand-hyatt-baha-mar/", { viewport: { width: 1440, height: 900 } });
    expect(await page.locator("main .hero__image").evaluate((img) => getComputedStyle(img).objectPosition)).toBe("15% 45%");
    // The panel takes the other side.
    const panel = await page.locator("main .hero__content").boundingBox();
    expect(panel!.x).toBeGreaterThan(720);
  });
});
