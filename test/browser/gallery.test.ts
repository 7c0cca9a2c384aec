// A hotel's photo gallery in the browser: no axe violation, a strip that scrolls sideways within the page (never
// widening it), and, with JavaScript off, scrolls from the keyboard once focused and snaps photo by photo.
import { afterAll, describe, expect, it } from "vitest";
import { galleryFixture } from "../support/gallery-fixture.js";
import { axeViolations, DESKTOP, MOBILE, useSite } from "./support.js";

let cleanup: (() => Promise<void>) | undefined;
const site = useSite(async () => {
  const fx = await galleryFixture();
  cleanup = fx.cleanup;
  return fx.content;
});
afterAll(() => cleanup?.());

describe("a hotel's photo gallery", () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    for (const pathname of ["/test-brand-alpha/", "/ja/test-brand-alpha/"]) {
      it(`${pathname} at ${viewport.width} px has no axe violation and does not widen the page`, async () => {
        // axe schedules its work with timers, so this page runs JavaScript (the site's does not touch the gallery).
        const { page } = await site().open(pathname, { viewport });
        await page.locator(".gallery").scrollIntoViewIfNeeded();
        expect(await axeViolations(page)).toEqual([]);
        const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
        expect(widths.doc).toBeLessThanOrEqual(widths.view);
      });
    }
  }

  it("scrolls sideways from the keyboard once focused, snapping to a photo, without JavaScript", async () => {
    const { page } = await site().open("/test-brand-alpha/", { viewport: MOBILE, javaScriptEnabled: false });
    const strip = page.locator(".gallery");
    await strip.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Photo gallery");
    const before = await strip.evaluate((el) => ({ left: el.scrollLeft, overflow: el.scrollWidth > el.clientWidth, snap: getComputedStyle(el).scrollSnapType }));
    expect(before).toEqual({ left: 0, overflow: true, snap: "x mandatory" });
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // Snapped: a photo's start lines up with the strip's scroll padding, or the strip is at its end.
    // Keyboard scrolling is animated: poll until it settles on a snap position.
    const offSnap = () =>
      strip.evaluate((el) => {
        const padding = parseFloat(getComputedStyle(el).scrollPaddingInlineStart) || 0;
        const starts = [...el.querySelectorAll("li")].map((li) => li.getBoundingClientRect().left - el.getBoundingClientRect().left - padding);
        return Math.min(...starts.map(Math.abs), Math.abs(el.scrollLeft + el.clientWidth - el.scrollWidth));
      });
    await expect.poll(offSnap).toBeLessThan(2);
  });
});
