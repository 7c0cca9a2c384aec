// Watch mode in a real browser, under the site's Content-Security-Policy: a broken save shows the overlay
// naming file and line, and the fix reloads the page without it.
import { cp, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWatch, type WatchSession } from "../../src/watch/watch.js";
import { fixtureCopy, REPO } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let session: WatchSession;
let browser: Browser;

beforeAll(async () => {
  fx = await fixtureCopy();
  await cp(path.join(REPO, "templates"), path.join(fx.dir, "templates"), { recursive: true });
  await symlink(path.join(REPO, "node_modules"), path.join(fx.dir, "node_modules"));
  session = await startWatch({ contentDir: "content", outDir: "dist", templatesDir: "templates", cwd: fx.dir, port: 0, delay: 5 });
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    headless: true,
  });
});
afterAll(async () => {
  await browser?.close();
  await session?.stop();
  await fx.cleanup();
});

describe("watch in the browser", () => {
  it("shows the error overlay on a bad save and reloads without it on the fix, with no CSP violation", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(`${session.url}/zh/test-brand-beta/`);
    // The live-reload script marks the page once the server has said hello.
    await page.waitForSelector("html[data-hotelsite-live]", { state: "attached" });

    const file = path.join(fx.content, "hotels", "beta.yaml");
    const good = await readFile(file, "utf8");
    await writeFile(file, good.replace("layout: story", "layout: nope"));
    const overlay = page.locator("#hotelsite-overlay");
    await overlay.waitFor();
    expect(await overlay.getAttribute("role")).toBe("alert");
    expect(await page.locator(".hotelsite-overlay__place").allTextContents()).toEqual(["content/hotels/beta.yaml:2:9 /layout"]);
    expect(await page.locator(".hotelsite-overlay__message").allTextContents()).toEqual(["must be one of: showcase, story, article"]);
    expect(await page.locator(".hotelsite-overlay").evaluate((e) => getComputedStyle(e).position)).toBe("fixed");

    await writeFile(file, good.replace("intro: Beta intro.", "intro: Beta intro, fixed in the browser."));
    await page.waitForFunction(() => document.body.textContent!.includes("Beta intro, fixed in the browser."));
    expect(await overlay.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
