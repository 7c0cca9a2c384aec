// Instant next pages: a pointer resting on a link to another page of the site prerenders that page; a booking link,
// an outbound link or a redirect path never is; the rules are allowed by the policy's hash of them, with no
// 'unsafe-inline' (any violation fails the test: support.ts).
import { createHash } from "node:crypto";
import { describe, expect, it, onTestFinished } from "vitest";
import { DESKTOP, PAGES, useSite } from "./support.js";

const site = useSite();

describe("speculation rules", () => {
  it("every page carries the one rule set, and the policy allows exactly it by its hash", async () => {
    for (const p of [PAGES.home, PAGES.article, "/zh/no-such-page"]) {
      const res = await fetch(site().url + p);
      const html = await res.text();
      const blocks = [...html.matchAll(/<script type="speculationrules">([^<]*)<\/script>/g)].map((m) => m[1]);
      expect(blocks.length, p).toBe(1);
      const hash = `'sha256-${createHash("sha256").update(blocks[0]).digest("base64")}'`;
      const scripts = /script-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")![1].split(" ");
      expect(scripts, p).toEqual(["'self'", hash]);
    }
  });

  it("prerenders a hotel page when the pointer rests on its card, and never a booking link or a /go/ path", async () => {
    // A context without the suite's request routing: Chromium's prerender requests bypass a routed context's
    // request events. Nothing here navigates; the page's own CSP still applies (the server sends it).
    const ctx = await site().browser.newContext({ viewport: DESKTOP });
    onTestFinished(() => ctx.close());
    const speculative: string[] = [];
    ctx.on("request", (r) => {
      if (r.headers()["sec-purpose"]) speculative.push(`${new URL(r.url()).pathname} ${r.headers()["sec-purpose"]}`);
    });
    const page = await ctx.newPage();
    await page.goto(site().url + PAGES.home, { waitUntil: "load" });
    // A redirect path and booking links first: nothing may be fetched for them.
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "/go/test-placement";
      a.textContent = "go";
      a.id = "go-link";
      document.querySelector("main")!.prepend(a);
    });
    // Pressed, not only hovered (a press is intent at once, a hover after 200 ms), and released away from the link,
    // so nothing is clicked: the card's prerender below comes after any these would have started.
    for (const selector of ["#go-link", "main a[rel~=sponsored] >> nth=0", "header a[rel~=sponsored]"]) {
      await page.hover(selector);
      await page.mouse.down();
      await page.mouse.move(5, 300);
      await page.mouse.up();
    }
    const card = page.locator("#destinations a.card__link").first();
    const target = new URL((await card.getAttribute("href"))!, site().url).pathname;
    await card.hover();
    await expect.poll(() => speculative).toContain(`${target} prefetch;prerender`);
    expect(speculative).toEqual([`${target} prefetch;prerender`]);
  });
});
