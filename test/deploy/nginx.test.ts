// The nginx block of docs/deploying.md under real nginx, over a built fixture site with a renamed hotel: pages, slash
// redirects, each language's 404, security headers on every response and cache rules per kind of file.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import type { PageSummary } from "../../src/site/resolve.js";
import { fixtureCopy } from "../support/fixture.js";
import { startNginx } from "./nginx-server.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let server: Awaited<ReturnType<typeof startNginx>>;
let pages: PageSummary[];
const dist = () => path.join(fx.dir, "dist");

beforeAll(async () => {
  fx = await fixtureCopy({ "hotels/alpha.yaml": (s) => s.replace("id: alpha\n", "id: alpha\naliases: [old-alpha]\n") });
  pages = (await build({ contentDir: "content", outDir: "dist", cwd: fx.dir })).pages;
  server = await startNginx({ dist: dist(), work: fx.dir });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await fx?.cleanup();
});

const get = (p: string) => fetch(server.url + p, { redirect: "manual" });
const IMMUTABLE = /immutable/;

/** The security headers every response must carry, as docs/deploying.md promises them. */
function expectSecurityHeaders(r: Response, what: string) {
  expect(r.headers.get("content-security-policy"), what).toMatch(/^default-src 'self'; script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='; .*frame-ancestors 'none'/);
  expect(r.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(r.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(r.headers.get("permissions-policy"), what).toContain("camera=()");
  expect(r.headers.get("x-frame-options"), what).toBe("DENY");
}

describe("the nginx block of docs/deploying.md", () => {
  it("serves every page at its canonical URL with 200, the security headers and no long-lived caching", async () => {
    const indexed = pages.filter((p) => p.kind !== "notFound");
    expect(indexed.length).toBe(12);
    for (const p of indexed) {
      const r = await get(p.url);
      expect(r.status, p.url).toBe(200);
      expect(r.headers.get("content-type"), p.url).toMatch(/^text\/html/);
      expect(await r.text(), p.url).toBe(await readFile(path.join(dist(), p.outFile), "utf8"));
      expectSecurityHeaders(r, p.url);
      expect(r.headers.get("cache-control"), p.url).toBe("public, max-age=0, must-revalidate");
    }
  });

  it("redirects the slash-less form of every page to its canonical URL with 301", async () => {
    for (const p of pages.filter((p) => p.kind !== "notFound" && p.url !== "/")) {
      const r = await get(p.url.slice(0, -1));
      expect(r.status, p.url).toBe(301);
      expect(r.headers.get("location"), p.url).toBe(p.url);
      expectSecurityHeaders(r, p.url);
    }
  });

  it("answers a miss with 404 and the not-found page of the path's language", async () => {
    for (const [miss, file] of [
      ["/no-such-page/", "404.html"],
      ["/zh/no-such-page/", "zh/404.html"],
      ["/ja/test-brand-nope", "ja/404.html"],
      ["/zh/assets/x.css", "zh/404.html"],
    ]) {
      const r = await get(miss);
      expect(r.status, miss).toBe(404);
      expect(await r.text(), miss).toBe(await readFile(path.join(dist(), file), "utf8"));
      expectSecurityHeaders(r, miss);
    }
  });

  it("caches hashed assets for a year, immutable, with the security headers kept", async () => {
    const home = await readFile(path.join(dist(), "index.html"), "utf8");
    const assets = [...home.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    for (const a of new Set(assets)) {
      const r = await get(a);
      expect(r.status, a).toBe(200);
      expect(r.headers.get("cache-control"), a).toBe("public, max-age=31536000, immutable");
      expectSecurityHeaders(r, a);
    }
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers.get("cache-control")).not.toMatch(IMMUTABLE);
  });

  it("serves each language's banner copy as JSON from the pages' origin (connect-src 'self'), revalidated", async () => {
    const home = await readFile(path.join(dist(), "index.html"), "utf8");
    const folder = /data-lang-banner="([^"]+)"/i.exec(home)?.[1];
    expect(folder).toBe("/languages/");
    for (const code of ["en", "zh", "ja"]) {
      const r = await get(`${folder}${code}.json`);
      expect(r.status, code).toBe(200);
      expect(r.headers.get("content-type"), code).toMatch(/^application\/json/);
      expect(r.headers.get("content-security-policy"), code).toMatch(/connect-src 'self'/);
      expect(r.headers.get("cache-control"), code).toBe("public, max-age=0, must-revalidate");
      expectSecurityHeaders(r, code);
      expect(Object.keys(await r.json()).sort(), code).toEqual(["dir", "dismiss", "lang", "link", "text"]);
    }
  });

  it("sends a renamed hotel's old URLs, in every language and both forms, to the new page with 301", async () => {
    for (const [from, to] of [
      ["/test-brand-old-alpha/", "/test-brand-alpha/"],
      ["/test-brand-old-alpha", "/test-brand-alpha/"],
      ["/zh/test-brand-old-alpha/", "/zh/test-brand-alpha/"],
      ["/ja/test-brand-old-alpha", "/ja/test-brand-alpha/"],
    ]) {
      const r = await get(from);
      expect(r.status, from).toBe(301);
      expect(r.headers.get("location"), from).toBe(to);
    }
  });

  it("does not serve the host rules files", async () => {
    for (const f of ["/_nginx.conf", "/_headers", "/_redirects", "/_redirects.netlify"]) expect((await get(f)).status, f).toBe(404);
  });
});
