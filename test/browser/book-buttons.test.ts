// Every Book button on the home page and on one hotel page per layout: an https link to the booking partner
// carrying the partner id, in a new tab with rel "sponsored nofollow noopener"; a hotel's own buttons go to
// that hotel's link. Clicking each visible one opens exactly that URL in a new page (answered by a local stub).
import { describe, expect, it } from "vitest";
import { BOOKING_HOST, bookingSettings, contentYaml, DESKTOP, MOBILE, PAGES, useSite } from "./support.js";

const site = useSite();

const affiliate = await bookingSettings();

/** A content link with the partner id added, as the specification asks, and the partner's English. */
function withPartnerId(link: string): string {
  const u = new URL(link);
  u.searchParams.set(affiliate.partnerParam, affiliate.partnerId);
  u.searchParams.set(affiliate.languageParam, affiliate.languages.en);
  return u.href;
}
const general = withPartnerId(affiliate.link);
/** A Book link without its tracking label (which differs per placement). */
function unlabelled(href: string): string {
  const u = new URL(href);
  u.searchParams.delete(affiliate.tracking.param);
  return u.href;
}

/**
 * Each page, the link its own (in <main>) Book buttons must use, how many it has there, and how many of those
 * the phone's booking bar holds (shown below the medium breakpoint only).
 */
const CASES = [
  { name: "home", path: PAGES.home, own: general, inMain: 2, bar: 0 },
  { name: "showcase (dubai)", path: PAGES.showcase, own: withPartnerId((await contentYaml("hotels/dubai.yaml")).affiliateLink), inMain: 3, bar: 1 },
  { name: "story (tokyo)", path: PAGES.story, own: withPartnerId((await contentYaml("hotels/tokyo.yaml")).affiliateLink), inMain: 3, bar: 1 },
  { name: "article (seoul)", path: PAGES.article, own: withPartnerId((await contentYaml("hotels/seoul.yaml")).affiliateLink), inMain: 3, bar: 1 },
];

describe("Book buttons", () => {
  it("the allowed host is the booking partner's and the hotel links are distinct", () => {
    expect(affiliate.allowedHosts).toEqual([BOOKING_HOST]);
    expect(new Set(CASES.map((c) => c.own)).size).toBe(CASES.length);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    for (const c of CASES) {
      it(`${c.name} at ${viewport.width} px: every Book button has the right link and rel, and opens in a new page`, async () => {
        const { page } = await site().open(c.path, { viewport });
        const all = await page.locator("a[data-book]").evaluateAll((as) =>
          as.map((a) => ({ href: a.getAttribute("href") ?? "", target: a.getAttribute("target"), rel: (a.getAttribute("rel") ?? "").split(/\s+/), inMain: !!a.closest("main") })),
        );
        for (const b of all) {
          expect(b.target, b.href).toBe("_blank");
          expect(b.rel, b.href).toEqual(expect.arrayContaining(["sponsored", "nofollow", "noopener"]));
          const u = new URL(b.href);
          expect(u.protocol, b.href).toBe("https:");
          expect(affiliate.allowedHosts, b.href).toContain(u.host);
          expect(u.searchParams.get(affiliate.partnerParam), b.href).toBe(affiliate.partnerId);
          expect(u.searchParams.get(affiliate.tracking.param), b.href).toMatch(/^en_[a-z0-9_]+_(header|menu|footer|hero|top|bar|body|cta)$/);
        }
        // Each placement has its own label, so the partner's report tells them apart.
        expect(new Set(all.map((b) => b.href)).size).toBe(all.length);
        // The page's own buttons lead to its own link; the header, mobile menu and footer ones to the general link.
        expect(all.filter((b) => b.inMain).map((b) => unlabelled(b.href))).toEqual(Array(c.inMain).fill(c.own));
        expect(all.filter((b) => !b.inMain).map((b) => unlabelled(b.href))).toEqual([general, general, general]);
        // No outbound link escapes these rules by lacking the marker.
        expect(await page.locator("a[href^='http']:not([data-book])").evaluateAll((as) => as.map((a) => a.outerHTML))).toEqual([]);

        // Clicking each visible one opens exactly its link in a new page and leaves this one where it was.
        const here = page.url();
        const buttons = page.locator("a[data-book]");
        const clicked: string[] = [];
        for (let i = 0; i < (await buttons.count()); i++) {
          const button = buttons.nth(i);
          if (!(await button.isVisible())) continue;
          const href = (await button.getAttribute("href"))!;
          const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
          await popup.waitForLoadState("domcontentloaded");
          expect(popup.url()).toBe(href);
          // noopener: the partner's page gets no handle on ours.
          expect(await popup.evaluate(() => window.opener)).toBe(null);
          await popup.close();
          expect(page.url()).toBe(here);
          clicked.push(unlabelled(href));
        }
        // In <main> all of them (the booking bar on phones only); outside it, the footer's at every width and the header's from the medium breakpoint.
        const expected = [...Array(viewport === MOBILE ? c.inMain : c.inMain - c.bar).fill(c.own), ...Array(viewport === MOBILE ? 1 : 2).fill(general)];
        expect(clicked.sort()).toEqual(expected.sort());
      });
    }
  }
});
