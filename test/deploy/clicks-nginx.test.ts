// Click counting under real nginx: the README's server block and docs/report.md's http-level include over a
// build with countClicks on. Each /go/ link answers 302 to exactly the link the page had with countClicks off
// (the form's fields passed on), never cached or indexed, logged one line a request in a format with no address;
// apart from those links, every page is byte for byte the page built with countClicks off. The preview server
// answers /go/ the same way from the build's _go.json, and `hotelsite links` checks the links behind /go/.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingTargets, clicksFixture, goTargets, htmlFiles } from "../support/clicks-fixture.js";
import { collectOutbound } from "../../src/outbound/collect.js";
import { startServer } from "../../src/watch/server.js";
import { markedBlock, startNginx } from "./nginx-server.js";

let fx: Awaited<ReturnType<typeof clicksFixture>>;
let server: Awaited<ReturnType<typeof startNginx>>;
let log: string;
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

beforeAll(async () => {
  fx = await clicksFixture();
  log = path.join(fx.dir, "clicks.log");
  // Only the log's path changes: the test cannot write to /var/log/nginx.
  const conf = path.join(fx.dist, "_nginx.conf");
  await writeFile(conf, (await readFile(conf, "utf8")).replace("/var/log/nginx/hotelsite-clicks.log", log));
  server = await startNginx({ dist: fx.dist, work: fx.dir, http: await markedBlock("docs/report.md", "nginx-clicks-http") });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await fx?.cleanup();
});

const go = (p: string, init: RequestInit = {}) => fetch(server.url + p, { redirect: "manual", ...init, headers: { "user-agent": UA, ...init.headers } });

describe("click counting under nginx", () => {
  it("sends every /go/ link of every page to the link the page had without click counting, and the form with its fields", async () => {
    const targets = await goTargets(fx);
    // 15 pages: five links on a home page, three on a 404 page, more on a hotel page.
    expect(targets.length).toBeGreaterThan(15 * 3);
    for (const { file, target, query, want } of targets) {
      expect(target, file).toMatch(/^\/go\/[a-z0-9-]+$/);
      const r = await go(target + query);
      expect([r.status, r.headers.get("location")], target).toEqual([302, want]);
    }
  });

  it("passes on a child's age once for each of the first four of one or two digits, wherever they stand in the query", async () => {
    const form = (await goTargets(fx)).find((t) => t.target.endsWith("-form"))!;
    const r = await go(`${form.target}?checkin=2026-12-01&age=3&group_children=5&age=x&age=10&age=4&age=15&age=16`);
    expect([r.status, r.headers.get("location")]).toEqual([302, `${form.want.slice(0, form.want.indexOf("&checkin="))}&checkin=2026-12-01&checkout=&group_adults=&no_rooms=&group_children=5&age=3&age=10&age=4&age=15`]);
  });

  it("answers with no-store, noindex and the security headers, an unknown id with 404, and robots.txt disallows /go/", async () => {
    const r = await go("/go/en-home-hero");
    expect([r.headers.get("cache-control"), r.headers.get("x-robots-tag"), r.headers.get("x-frame-options")]).toEqual(["no-store", "noindex, nofollow", "DENY"]);
    expect(r.headers.get("content-security-policy")).toContain("form-action 'self' https://book.example.com;");
    expect((await go("/go/no-such-id")).status).toBe(404);
    expect(await (await go("/robots.txt")).text()).toBe("User-agent: *\nDisallow: /go/\nAllow: /\n\nSitemap: https://fixture.example.com/sitemap.xml\n");
    // The page's own policy lets the form submit to the site's /go/.
    expect((await go("/test-brand-alpha/")).headers.get("content-security-policy")).toContain("form-action 'self' https://book.example.com;");
  });

  it("logs each request for a placement as time, method, path, status and visitor class: no address, agent, referrer or query", async () => {
    const before = (await readFile(log, "utf8").catch(() => "")).split("\n").length - 1;
    await go("/go/ja-home-cta?checkin=2026-12-01", { headers: { referer: "https://fixture.example.com/ja/" } });
    await go("/go/ja-home-cta", { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    await go("/go/ja-home-cta", { headers: { "sec-purpose": "prefetch;prerender" } });
    await go("/go/ja-home-cta", { method: "HEAD" });
    await go("/go/made-up");
    await go("/test-brand-alpha/");
    const lines = (await readFile(log, "utf8")).split("\n").slice(before, -1);
    const shape = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00 /;
    expect(lines.every((l) => shape.test(l))).toBe(true);
    // An id the site does not know gets the not-found page, and is not a click.
    expect(lines.map((l) => l.replace(shape, ""))).toEqual(["GET /go/ja-home-cta 302 browser", "GET /go/ja-home-cta 302 bot", "GET /go/ja-home-cta 302 prefetch", "HEAD /go/ja-home-cta 302 browser"]);
  });

  it("leaves every page byte for byte as without click counting, but for its booking links and the form's action and hidden fields", async () => {
    const on = await htmlFiles(fx.dist);
    const off = await htmlFiles(fx.distOff);
    expect([...on.keys()]).toEqual([...off.keys()]);
    const locations = new Map<string, string>();
    for (const html of on.values()) for (const t of bookingTargets(html)) if (!t.endsWith("-form")) locations.set(t, (await go(t)).headers.get("location")!);
    const normal = (html: string) =>
      html
        .replace(/ href="(\/go\/[^"]+)"/g, (_, t) => ` href="${locations.get(t)!.replaceAll("&", "&amp;")}"`)
        .replace(/<input type="hidden"[^>]*>/g, "")
        .replace(/(<form [^>]*action=")[^"]*"/, '$1(form)"');
    for (const [file, html] of on) expect(normal(html), file).toBe(normal(off.get(file)!));
  });

  it("has no page ask the browser to fetch a /go/ link or another site ahead of a click (links, speculation rules)", async () => {
    const ahead: string[] = [];
    const walk = (node: any, file: string) => {
      const attr = (name: string) => node.attrs?.find((a: any) => a.name === name)?.value as string | undefined;
      const offSite = (u: string) => u.startsWith("/go/") || /^(https?:)?\/\//.test(u);
      if (node.tagName === "link" && /\b(prefetch|prerender|preload|modulepreload|dns-prefetch|preconnect|next)\b/.test(attr("rel") ?? "") && offSite(attr("href") ?? "")) ahead.push(`${file}: ${attr("rel")} ${attr("href")}`);
      if (node.tagName === "script" && attr("type") === "speculationrules") {
        const rules = JSON.parse(node.childNodes.map((c: any) => c.value).join(""));
        for (const rule of [...(rules.prefetch ?? []), ...(rules.prerender ?? [])]) {
          // A list of URLs names none off the site's pages; a document rule excludes /go/ and stays on the site.
          if (rule.urls?.some(offSite)) ahead.push(`${file}: speculation rule for ${rule.urls.filter(offSite).join(", ")}`);
          if (rule.where && !/"not":\{"href_matches":"\/go\/\*/.test(JSON.stringify(rule.where))) ahead.push(`${file}: speculation rule without {"not": {"href_matches": "/go/*"}}`);
        }
      }
      for (const c of node.childNodes ?? []) walk(c, file);
    };
    for (const [file, html] of await htmlFiles(fx.dist)) walk(parse(html), file);
    expect(ahead).toEqual([]);
  });
});

describe("/go/ beside the hosts", () => {
  it("is answered by the preview server as nginx answers it", async () => {
    const preview = await startServer({ root: fx.dist, port: 0 });
    try {
      for (const { target, query, want } of await goTargets(fx)) {
        const r = await fetch(preview.url + target + query, { redirect: "manual" });
        expect([r.status, r.headers.get("location"), r.headers.get("cache-control")], target).toEqual([302, want, "no-store"]);
      }
      expect((await fetch(`${preview.url}/_go.json`)).status).toBe(404);
    } finally {
      await preview.close();
    }
  });

  it("is followed by hotelsite links to the links it stands for", async () => {
    const withGo = await collectOutbound(fx.dist);
    const without = await collectOutbound(fx.distOff);
    // The form's target is a form action, not a link: the same set of links either way.
    expect([...withGo.keys()].sort()).toEqual([...without.keys()].sort());
    expect(withGo.size).toBeGreaterThan(10);
  });
});
