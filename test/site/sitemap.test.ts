// The sitemap within the protocol's limits for one file: one sitemap.xml while the site fits, else an index of
// numbered files, each within the limits, together listing every indexable page once, in order.
import { describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import { resolveSite } from "../../src/site/resolve.js";
import { SITEMAP_LIMITS, sitemapFiles } from "../../src/site/sitemap.js";
import { FIXTURE } from "../support/fixture.js";

const content = validateContent(await loadContent({ contentDir: FIXTURE })).content;
const site = resolveSite(content, { now: new Date("2026-01-01T00:00:00Z") });
const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const indexed = site.pages.filter((p) => p.head.canonical).map((p) => p.head.canonical);

describe("sitemap files", () => {
  it("are one sitemap.xml of every indexable page with its alternates while the site fits one file", () => {
    const files = sitemapFiles(site, undefined, SITEMAP_LIMITS);
    expect(files.map((f) => f.path)).toEqual(["sitemap.xml"]);
    const xml = String(files[0].contents);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(locs(xml)).toEqual(indexed);
    expect(xml.match(/<xhtml:link /g)).toHaveLength(indexed.length * 4);
  });

  it("become an index of numbered files, none over the URL limit, when there are more pages than it allows", () => {
    const files = sitemapFiles(site, undefined, { urls: 5, bytes: SITEMAP_LIMITS.bytes });
    expect(files.map((f) => f.path)).toEqual(["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"]);
    const index = String(files[0].contents);
    expect([...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1])).toEqual(
      files.slice(1).map((f) => `https://fixture.example.com/${f.path}`),
    );
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const f of files.slice(1)) expect(locs(String(f.contents)).length).toBeLessThanOrEqual(5);
    expect(files.slice(1).flatMap((f) => locs(String(f.contents)))).toEqual(indexed);
  });

  it("keep each file within the byte limit", () => {
    const whole = Buffer.byteLength(String(sitemapFiles(site)[0].contents));
    const bytes = Math.ceil(whole / 3);
    const files = sitemapFiles(site, undefined, { urls: SITEMAP_LIMITS.urls, bytes });
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files.slice(1)) expect(Buffer.byteLength(String(f.contents)), f.path).toBeLessThanOrEqual(bytes);
    expect(files.slice(1).flatMap((f) => locs(String(f.contents)))).toEqual(indexed);
  });
});
