// The preview server over a real build of the fixture site: production's headers, content types, each
// language's 404, and nothing outside the output folder, however the path is spelled.
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { contentSecurityPolicy } from "../../src/site/host-rules/policy.js";

/** The policy of the fixture site, whose partner host is book.example.com. */
const CONTENT_SECURITY_POLICY = contentSecurityPolicy(["book.example.com"]);
import { startServer, type PreviewServer } from "../../src/watch/server.js";
import { fixtureCopy } from "../support/fixture.js";
import { raw } from "./http.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let server: PreviewServer;

beforeAll(async () => {
  fx = await fixtureCopy();
  await build({ contentDir: "content", outDir: "dist", cwd: fx.dir, now: new Date("2031-05-01T00:00:00Z") });
  // A secret beside the output folder, and a link inside it pointing there.
  await writeFile(path.join(fx.dir, "secret.txt"), "secret");
  await symlink(path.join(fx.dir, "secret.txt"), path.join(fx.dir, "dist", "linked.txt"));
  await mkdir(path.join(fx.dir, "dist", "empty-folder"));
  server = await startServer({ root: path.join(fx.dir, "dist"), port: 0 });
});
afterAll(async () => {
  await server?.close();
  await fx.cleanup();
});

describe("startServer", () => {
  it("binds 127.0.0.1 on the port it was given (0: a free one)", () => {
    expect(server.host).toBe("127.0.0.1");
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it("serves pages with and without the trailing slash, with production's headers from _headers", async () => {
    for (const target of ["/zh/test-brand-beta/", "/zh/test-brand-beta"]) {
      const r = await raw(server.url, target);
      expect(r.status).toBe(200);
      expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(r.body).toMatch(/^<!doctype html><html lang="zh-Hans"/);
      expect(r.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
      expect(r.headers["x-frame-options"]).toBe("DENY");
    }
    expect((await raw(server.url, "/zh/test-brand-beta/")).headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect((await raw(server.url, "/")).body).toMatch(/^<!doctype html><html lang="en"/);
  });

  it("sends each file type with its content type, and hashed assets as immutable", async () => {
    const home = (await raw(server.url, "/")).body;
    const css = /href="(\/assets\/site\.[^"]+\.css)"/.exec(home)![1];
    const js = /src="(\/assets\/site\.[^"]+\.js)"/.exec(home)![1];
    const cssRes = await raw(server.url, css);
    expect(cssRes.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(cssRes.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await raw(server.url, js)).headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect((await raw(server.url, "/favicon.svg")).headers["content-type"]).toBe("image/svg+xml");
    expect((await raw(server.url, "/sitemap.xml")).headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect((await raw(server.url, "/robots.txt")).headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it("answers a miss with the 404 page of the path's language and status 404", async () => {
    const zh = await raw(server.url, "/zh/no-such-page/");
    expect(zh.status).toBe(404);
    expect(zh.body).toMatch(/^<!doctype html><html lang="zh-Hans"/);
    expect(zh.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    const ja = await raw(server.url, "/ja/x.png");
    expect(ja.status).toBe(404);
    expect(ja.body).toMatch(/<html lang="ja"/);
    const en = await raw(server.url, "/no-such-page");
    expect(en.status).toBe(404);
    expect(en.body).toMatch(/<html lang="en"/);
    expect((await raw(server.url, "/empty-folder/")).status).toBe(404);
  });

  it("refuses path traversal in every spelling, and never reads outside the output folder", async () => {
    for (const target of ["/../package.json", "/../secret.txt", "/%2e%2e/secret.txt", "/%2e%2e%2fsecret.txt", "/%2E%2E%2Fsecret.txt", "/..%5csecret.txt", "/zh/../../secret.txt", "/a%00.html"]) {
      const r = await raw(server.url, target);
      expect(r.status, target).toBe(400);
      expect(r.body, target).not.toContain("secret");
    }
    const linked = await raw(server.url, "/linked.txt");
    expect(linked.status).toBe(404);
    expect(linked.body).not.toContain("secret");
  });

  it("does not serve the hosting rules, hidden files, other methods or very long URLs", async () => {
    expect((await raw(server.url, "/_headers")).status).toBe(404);
    expect((await raw(server.url, "/_redirects")).status).toBe(404);
    expect((await raw(server.url, "/.hidden")).status).toBe(404);
    const post = await raw(server.url, "/", "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    expect((await raw(server.url, "/" + "a".repeat(3000))).status).toBe(414);
  });

  it("answers HEAD with the headers and no body", async () => {
    const r = await raw(server.url, "/ja/", "HEAD");
    expect(r.status).toBe(200);
    expect(Number(r.headers["content-length"])).toBeGreaterThan(1000);
    expect(r.body).toBe("");
  });

  it("serves nothing of watch mode's own without live reload", async () => {
    expect((await raw(server.url, "/__hotelsite/live.js")).status).toBe(404);
  });
});
