// Click counting end to end: real nginx serves the bundled site built with countClicks on (the README's server
// block and docs/report.md's http include), Chromium clicks its booking links as visitors do (hero, top, bar,
// header, footer, the availability form with and without JavaScript, one link twice), and `hotelsite report`
// over nginx's own click log and a Booking.com export written here counts exactly the clicks made, by hotel,
// language and placement. Hovering and loading pages requests no /go/ link and nothing of the partner's.
// HOTELSITE_WRITE_KIT=1 also writes the log and export into docs/examples/report/ (the owner's kit).
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { makeReport } from "../../src/report/command.js";
import { markedBlock, startNginx } from "../deploy/nginx-server.js";
import { REPO } from "../support/fixture.js";

const PARTNER = "www.booking.com";
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const KIT = path.join(REPO, "docs/examples/report");

let dir: string;
let dist: string;
let log: string;
let server: Awaited<ReturnType<typeof startNginx>>;
let browser: Browser;
/** Every request any page made, in order. */
const requests: string[] = [];
/** Where each click landed, by the id clicked. */
const landed = new Map<string, string[]>();
/** The clicks made: hotel (page), language and placement of each, as the test chose them. */
const made: { id: string; page: string; lang: string; placement: string }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-clicks-"));
  await cp(path.join(REPO, "content"), path.join(dir, "content"), { recursive: true });
  const siteYaml = path.join(dir, "content/site.yaml");
  await writeFile(siteYaml, (await readFile(siteYaml, "utf8")).replace(/^popularDestinations:/m, "# Every booking link goes through /go/<placement id>, counted by the host (docs/report.md).\ncountClicks: true\npopularDestinations:"));
  dist = path.join(dir, "dist");
  await build({ contentDir: "content", outDir: "dist", cwd: dir });
  log = path.join(dir, "clicks.log");
  const conf = path.join(dist, "_nginx.conf");
  await writeFile(conf, (await readFile(conf, "utf8")).replace("/var/log/nginx/hotelsite-clicks.log", log));
  server = await startNginx({ dist, work: dir, http: await markedBlock("docs/report.md", "nginx-clicks-http") });
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"], headless: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A browser context whose partner requests a stub answers (nothing leaves the machine), logging every request. */
async function context(o: { javaScript?: boolean; mobile?: boolean; userAgent?: string | null } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: o.mobile ? { width: 375, height: 812 } : { width: 1280, height: 900 },
    javaScriptEnabled: o.javaScript ?? true,
    ...(o.userAgent === null ? {} : { userAgent: o.userAgent ?? UA }),
  });
  await ctx.route("**/*", (route) => {
    const u = new URL(route.request().url());
    if (u.origin === server.url) return route.continue();
    if (u.host === PARTNER) return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>partner</title>" });
    return route.abort();
  });
  ctx.on("request", (r) => requests.push(r.url()));
  return ctx;
}

/** The page's booking link of a placement: its /go/ id ends with the placement's name, whatever the id's form. */
const book = (placement: string) => `a[href^="/go/"][href$="${placement}"]`;

/** Opens a page of the site and hovers every booking link and the form's button, as a visitor's pointer would. */
async function open(ctx: BrowserContext, p: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(server.url + p, { waitUntil: "load" });
  for (const a of await page.locator("a[data-book]:visible, form[data-availability] button:visible").all()) await a.hover({ force: true });
  return page;
}

/** Clicks `target` (a link, or a form's button) and waits for the partner's page in the new tab. */
async function click(target: Locator, what: { page: string; lang: string; placement: string }, form?: Locator): Promise<void> {
  const id = form ? (await form.getAttribute("action"))!.slice(4) : (await target.getAttribute("href"))!.slice(4);
  const [tab] = await Promise.all([target.page().context().waitForEvent("page"), target.click()]);
  await tab.waitForURL((u) => u.host === PARTNER);
  landed.set(id, [...(landed.get(id) ?? []), tab.url()]);
  await tab.close();
  made.push({ id, ...what });
}

describe("booking links through real nginx, clicked in Chromium", () => {
  it("loads and hovers pages without requesting any /go/ link or the partner", async () => {
    const ctx = await context();
    for (const p of ["/", "/grand-hyatt-dubai/", "/zh/grand-hyatt-tokyo/", "/ja/grand-hyatt-seoul/"]) await open(ctx, p);
    await ctx.close();
    expect(requests.filter((u) => new URL(u).pathname.startsWith("/go/") || new URL(u).host !== new URL(server.url).host)).toEqual([]);
    expect(requests.length).toBeGreaterThan(4);
  }, 120_000);

  it("sends each click through /go/ to the partner with its placement id, and the form with its dates", async () => {
    const desktop = await context();
    const home = await open(desktop, "/");
    await click(home.locator(book("hero")), { page: "home", lang: "en", placement: "hero" });
    await click(home.locator(book("hero")), { page: "home", lang: "en", placement: "hero" });
    const dubai = await open(desktop, "/grand-hyatt-dubai/");
    await click(dubai.locator(book("hero")), { page: "dubai", lang: "en", placement: "hero" });
    await click(dubai.locator(book("footer")), { page: "dubai", lang: "en", placement: "footer" });
    const form = dubai.locator("form[data-availability]");
    await form.locator("[data-check-in]").fill("2026-12-01");
    await form.locator("[data-check-out]").fill("2026-12-04");
    await click(form.locator("button[type=submit]"), { page: "dubai", lang: "en", placement: "form" }, form);
    const tokyo = await open(desktop, "/zh/grand-hyatt-tokyo/");
    await click(tokyo.locator(book("header")), { page: "tokyo", lang: "zh", placement: "header" });
    await click(tokyo.locator(book("hero")), { page: "tokyo", lang: "zh", placement: "hero" });
    await desktop.close();

    const phone = await context({ mobile: true });
    const seoul = await open(phone, "/ja/grand-hyatt-seoul/");
    await seoul.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await click(seoul.locator(book("bar")), { page: "seoul", lang: "ja", placement: "bar" });
    await click(seoul.locator(book("top")), { page: "seoul", lang: "ja", placement: "top" });
    await phone.close();

    const noScript = await context({ javaScript: false });
    const bali = await open(noScript, "/zh/grand-hyatt-bali/");
    const form2 = bali.locator("form[data-availability]");
    await form2.locator("[data-check-in]").fill("2027-01-10");
    await form2.locator("[data-check-out]").fill("2027-01-15");
    await click(form2.locator("button[type=submit]"), { page: "bali", lang: "zh", placement: "form" }, form2);
    await noScript.close();

    // A headless browser that says so is a robot: it lands, and is not counted.
    const robot = await context({ userAgent: null });
    const home2 = await open(robot, "/");
    const [tab] = await Promise.all([robot.waitForEvent("page"), home2.locator(book("cta")).click()]);
    await tab.waitForURL((u) => u.host === PARTNER);
    await robot.close();

    for (const [id, urls] of landed) for (const u of urls) expect(new URL(u).searchParams.get("label"), id).toBe(id);
    const withDates = (i: number) => Object.fromEntries([...new URL(landed.get(made[i].id)![0]).searchParams].filter(([k]) => ["checkin", "checkout", "group_adults", "no_rooms"].includes(k)));
    expect([made[4].placement, withDates(4)]).toEqual(["form", { checkin: "2026-12-01", checkout: "2026-12-04", group_adults: "2", no_rooms: "1" }]);
    expect([made[9].placement, withDates(9)]).toEqual(["form", { checkin: "2027-01-10", checkout: "2027-01-15", group_adults: "2", no_rooms: "1" }]);
  }, 180_000);

  it("reports from nginx's log and a programme export exactly the clicks made, by hotel, language and placement", async () => {
    expect(made.length).toBe(10);
    const today = new Date().toISOString().slice(0, 10);
    // Bookings on five of the ids clicked (found by what the test clicked, whatever the ids' form) and one from elsewhere.
    const idOf = (page: string, lang: string, placement: string) => made.find((c) => c.page === page && c.lang === lang && c.placement === placement)!.id;
    const rows = [
      [today, "2026-12-01", "2026-12-04", "OK", idOf("dubai", "en", "form"), "184.20", "EUR"],
      [today, "2026-12-10", "2026-12-12", "OK", idOf("home", "en", "hero"), "96.75", "EUR"],
      [today, "2027-01-10", "2027-01-15", "Cancelled", idOf("bali", "zh", "form"), "0.00", "EUR"],
      [today, "2027-02-01", "2027-02-03", "Not finalised", idOf("seoul", "ja", "bar"), "42.10", "EUR"],
      [today, "2027-03-05", "2027-03-06", "OK", idOf("tokyo", "zh", "hero"), "61.40", "EUR"],
      [today, "2027-03-05", "2027-03-06", "OK", "a_link_from_elsewhere", "12.00", "EUR"],
    ];
    const exportFile = path.join(dir, "bookings.csv");
    await writeFile(exportFile, ["Book date,Check-in,Check-out,Status,Label,Commission,Currency", ...rows.map((r) => r.join(","))].join("\r\n") + "\r\n");
    const { report } = await makeReport({ exports: [exportFile], clicks: [log], contentDir: "content", cwd: dir });
    const count = (key: "page" | "lang" | "placement") => {
      const m = new Map<string, number>();
      for (const c of made) m.set(c[key], (m.get(c[key]) ?? 0) + 1);
      return Object.fromEntries([...m].sort());
    };
    const clicks = (lines: { key: string; clicks: number }[]) => Object.fromEntries(lines.filter((l) => l.clicks).map((l) => [l.key, l.clicks]).sort());
    expect(clicks(report.byHotel)).toEqual(count("page"));
    expect(clicks(report.byLanguage)).toEqual(count("lang"));
    expect(clicks(report.byPlacement)).toEqual(count("placement"));
    expect([report.totals.clicks, report.totals.bookings, report.totals.cancelled, report.totals.commission]).toEqual([made.length, 6, 1, { EUR: 354_350 }]);
    expect(report.ignored).toEqual({ bot: 1 });
    expect(report.unplaced.map((l) => [l.key, l.bookings])).toEqual([["a_link_from_elsewhere", 1]]);
    expect(report.files.map((f) => f.skipped)).toEqual([0, 0]);
    // The log holds the clicks and nothing of who made them.
    const lines = (await readFile(log, "utf8")).trim().split("\n");
    expect(lines.length).toBe(made.length + 1);
    expect(lines.every((l) => /^\S+ GET \/go\/[a-z0-9_-]+ 302 (browser|bot)$/.test(l))).toBe(true);
    expect(lines.filter((l) => l.endsWith(" bot"))).toHaveLength(1);
    if (process.env.HOTELSITE_WRITE_KIT === "1") {
      await writeFile(path.join(KIT, "clicks.log"), `${lines.join("\n")}\n`);
      await writeFile(path.join(KIT, "bookings.csv"), await readFile(exportFile));
    }
  }, 60_000);
});
