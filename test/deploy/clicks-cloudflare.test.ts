// Click counting on Cloudflare Pages: the built output (its _worker.js Pages Function and _routes.json) under
// `wrangler pages dev`, Cloudflare's own local runtime (workerd), on loopback with no network. Each /go/ link
// answers 302 to the link the page had without click counting; everything else is the static site. The data
// points the function writes (Analytics Engine has no local stand-in) are checked by running the same module
// with Node's own Request and Response and a recording binding.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../support/fixture.js";
import { clicksFixture, goTargets } from "../support/clicks-fixture.js";
import { freePort } from "./nginx-server.js";

let fx: Awaited<ReturnType<typeof clicksFixture>>;
let child: ChildProcess | undefined;
let url: string;
let output = "";

beforeAll(async () => {
  fx = await clicksFixture();
  const port = await freePort();
  const home = path.join(fx.dir, "wrangler-home");
  await mkdir(home, { recursive: true });
  url = `http://127.0.0.1:${port}`;
  // A compatibility date the bundled workerd knows; no metrics, no update check, its files in the test's folder.
  child = spawn(path.join(REPO, "node_modules/.bin/wrangler"), ["pages", "dev", fx.dist, "--ip", "127.0.0.1", "--port", String(port), "--compatibility-date", "2026-04-01", "--log-level", "warn"], {
    cwd: fx.dir,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", XDG_CONFIG_HOME: home, HOME: home, CI: "1", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler pages dev exited: ${output}`);
    const up = await fetch(`${url}/`).then((r) => r.status === 200, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
}, 180_000);
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await fx?.cleanup();
});

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const go = (p: string, init: RequestInit = {}) => fetch(url + p, { redirect: "manual", ...init, headers: { "user-agent": UA, ...init.headers } });

describe("click counting under wrangler pages dev", () => {
  it("sends every /go/ link of every page to the link the page had without click counting, and the form with its fields", async () => {
    const targets = await goTargets(fx);
    expect(targets.length).toBeGreaterThan(15 * 3);
    for (const { target, query, want } of targets) {
      const r = await go(target + query);
      expect([r.status, r.headers.get("location")], target).toEqual([302, want]);
    }
  }, 120_000);

  it("answers with no-store, noindex and the security headers, an unknown id with the not-found page, and serves the pages as files", async () => {
    const r = await go("/go/en-home-hero");
    expect([r.headers.get("cache-control"), r.headers.get("x-robots-tag"), r.headers.get("x-frame-options")]).toEqual(["no-store", "noindex, nofollow", "DENY"]);
    expect(r.headers.get("content-security-policy")).toContain("form-action 'self' https://book.example.com;");
    const missing = await go("/go/no-such-id");
    expect([missing.status, await missing.text()]).toEqual([404, await readFile(path.join(fx.dist, "404.html"), "utf8")]);
    const page = await go("/test-brand-alpha/");
    expect([page.status, await page.text()]).toEqual([200, await readFile(path.join(fx.dist, "test-brand-alpha/index.html"), "utf8")]);
    expect(await (await go("/robots.txt")).text()).toContain("Disallow: /go/\n");
  });
});

describe("the Pages Function's data points", () => {
  it("writes one point per GET of a known id, with its visitor class, and none for HEAD or an unknown id", async () => {
    const worker = (await import(pathToFileURL(path.join(fx.dist, "_worker.js")).href)).default;
    const points: { blobs: string[]; indexes: string[] }[] = [];
    const env = { CLICKS: { writeDataPoint: (p: any) => points.push(p) }, ASSETS: { fetch: async () => new Response("not found page", { status: 200 }) } };
    const call = (p: string, headers: Record<string, string> = { "user-agent": UA }, method = "GET") => worker.fetch(new Request(`https://fixture.example.com${p}`, { method, headers }), env);
    expect((await call("/go/zh-test-brand-alpha-form?checkin=2026-12-01&evil=1")).headers.get("location")).toBe("https://book.example.com/search?aid=42&label=zh-test-brand-alpha-form&ss=Test+Brand+Alpha&checkin=2026-12-01");
    await call("/go/en-home-hero", { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0)" });
    await call("/go/en-home-hero", { "user-agent": UA, "sec-purpose": "prefetch" });
    await call("/go/en-home-hero", {});
    await call("/go/en-home-hero", { "user-agent": UA }, "HEAD");
    expect((await call("/go/made-up")).status).toBe(404);
    expect(points).toEqual([
      { blobs: ["zh-test-brand-alpha-form", "browser"], indexes: ["zh-test-brand-alpha-form"] },
      { blobs: ["en-home-hero", "bot"], indexes: ["en-home-hero"] },
      { blobs: ["en-home-hero", "prefetch"], indexes: ["en-home-hero"] },
      { blobs: ["en-home-hero", "bot"], indexes: ["en-home-hero"] },
    ]);
  });
});
