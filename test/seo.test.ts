// Search and sharing: every page of a built fixture site checked for canonical, hreflang, sitemap, JSON-LD and
// Open Graph, and content that tries to break out of a script element stays text.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../src/build.js";
import { hotelJsonLd } from "../src/site/seo.js";
import { fixtureCopy } from "./support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
const pages = new Map<string, string>();
const BASE = "https://fixture.example.com";
const EVIL = "</script><script>alert(1)</script><!-- & \"quotes\" 'too'";
/** EVIL as pages show it: text, with the typographic quotes every text field gets. */
const EVIL_SHOWN = "</script><script>alert(1)</script><!-- & \u201cquotes\u201d \u2018too\u2019";

beforeAll(async () => {
  fx = await fixtureCopy({
    "hotels/beta.yaml": (s) => s.replace("text:\n", "facts:\n  - { kind: rooms, value: 12 }\ntext:\n"),
    "hotels/gamma.yaml": (s) => s.replace("    description: A city hotel.", `    description: ${JSON.stringify(EVIL)}`).replace("    metaDescription: Stay at Gamma.", `    metaDescription: ${JSON.stringify(EVIL)}`),
  });
  await build({ contentDir: "content", outDir: "dist", cwd: fx.dir });
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.name.endsWith(".html")) pages.set(path.relative(path.join(fx.dir, "dist"), full), await readFile(full, "utf8"));
    }
  };
  await walk(path.join(fx.dir, "dist"));
});
afterAll(() => fx.cleanup());

/** An attribute's value; names in either case (hreflang, or React's hrefLang). */
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
const tags = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[0]);
const urlOf = (file: string) => "/" + file.replace(/index\.html$/, "");
const indexed = () => [...pages.keys()].filter((f) => !f.endsWith("404.html"));

describe("head of every page", () => {
  it("has exactly one canonical, equal to the page's own URL, and og:url equal to it", () => {
    for (const file of indexed()) {
      const html = pages.get(file)!;
      const canon = tags(html, /<link rel="canonical"[^>]*>/g);
      expect(canon, file).toHaveLength(1);
      expect(attr(canon[0], "href"), file).toBe(BASE + urlOf(file));
      expect(attr(tags(html, /<meta property="og:url"[^>]*>/g)[0], "content"), file).toBe(BASE + urlOf(file));
    }
  });

  it("has a complete, reciprocal hreflang set with x-default pointing at English", () => {
    const sets = new Map<string, Map<string, string>>();
    for (const file of indexed()) {
      const links = tags(pages.get(file)!, /<link rel="alternate" hreflang="[^"]*"[^>]*>/gi);
      sets.set(BASE + urlOf(file), new Map(links.map((l) => [attr(l, "hreflang")!, attr(l, "href")!])));
    }
    for (const [url, set] of sets) {
      expect([...set.keys()].sort(), url).toEqual(["en", "ja", "x-default", "zh-Hans"]);
      expect(set.get("x-default")).toBe(set.get("en"));
      expect([...set.values()]).toContain(url);
      for (const alt of set.values()) expect(sets.get(alt), `${url} -> ${alt}`).toEqual(set);
    }
  });

  it("marks not-found pages noindex, without canonical or hreflang", () => {
    for (const file of ["404.html", "zh/404.html", "ja/404.html"]) {
      const html = pages.get(file)!;
      expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
      expect(html).not.toMatch(/rel="canonical"|<link rel="alternate"/);
    }
  });

  it("points og:image at an absolute 1200x630 JPEG, and says so", () => {
    for (const file of indexed()) {
      const html = pages.get(file)!;
      const meta = (p: string) => attr(tags(html, new RegExp(`<meta property="${p}"[^>]*>`, "g"))[0] ?? "", "content");
      expect(meta("og:image"), file).toMatch(/^https:\/\/fixture\.example\.com\/assets\/.+\.jpg$/);
      expect([meta("og:image:type"), meta("og:image:width"), meta("og:image:height")], file).toEqual(["image/jpeg", "1200", "630"]);
    }
  });

  it("sets og:locale and the other languages as og:locale:alternate", () => {
    const html = pages.get("ja/test-brand-alpha/index.html")!;
    expect(attr(tags(html, /<meta property="og:locale"[^>]*>/g)[0], "content")).toBe("ja_JP");
    expect(tags(html, /<meta property="og:locale:alternate"[^>]*>/g).map((t) => attr(t, "content"))).toEqual(["en_US", "zh_CN"]);
  });
});

describe("structured data", () => {
  const blocks = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

  it("parses on every page; hotel pages carry Hotel and BreadcrumbList, home pages WebSite and Organization", () => {
    for (const [file, html] of pages) {
      const types = blocks(html).map((b) => b["@type"]);
      if (file.endsWith("404.html")) expect(types, file).toEqual([]);
      else if (/(^|\/)index\.html$/.test(file) && !file.includes("test-brand")) expect(types, file).toEqual(["WebSite", "Organization"]);
      else expect(types, file).toEqual(["Hotel", "BreadcrumbList"]);
    }
  });

  it("gives Hotel its name, url, image, description and an address of locality and country only", () => {
    const hotel = blocks(pages.get("test-brand-alpha/index.html")!)[0];
    expect(hotel).toMatchObject({ "@context": "https://schema.org", name: "Test Brand Alpha", url: `${BASE}/test-brand-alpha/`, description: "Stay at Alpha." });
    expect(hotel.image).toMatch(/^https:\/\/fixture\.example\.com\/assets\//);
    expect(hotel.address).toEqual({ "@type": "PostalAddress", addressLocality: "Alpha Bay", addressCountry: "Testland" });
  });

  it("gives Hotel a numberOfRooms only when the hotel's facts state an exact room count", () => {
    const base = { name: "A", url: `${BASE}/a/`, image: `${BASE}/a.jpg`, description: "A.", locality: "L", country: "C", lang: "en" };
    expect(hotelJsonLd({ ...base, rooms: 674 }).numberOfRooms).toBe(674);
    expect("numberOfRooms" in hotelJsonLd(base)).toBe(false);
    expect("numberOfRooms" in blocks(pages.get("test-brand-alpha/index.html")!)[0]).toBe(false);
    expect(blocks(pages.get("zh/test-brand-beta/index.html")!)[0].numberOfRooms).toBe(12);
  });

  it("keeps a description with </script> and <!-- inside the JSON-LD, body and meta tags as text", () => {
    const html = pages.get("test-brand-gamma/index.html")!;
    expect(blocks(html)[0].description).toBe(EVIL_SHOWN);
    expect(html.match(/<script/g)).toHaveLength(4); // two JSON-LD blocks, the site script and the speculation rules
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<!-- &");
    const home = pages.get("index.html")!;
    expect(home).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp;");
    expect(attr(tags(html, /<meta name="description"[^>]*>/g)[0], "content")).toBe("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; \u201cquotes\u201d \u2018too\u2019");
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists every indexable page once, with all alternates, and nothing else", async () => {
    const xml = await readFile(path.join(fx.dir, "dist/sitemap.xml"), "utf8");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]).sort();
    expect(locs).toEqual(indexed().map((f) => BASE + urlOf(f)).sort());
    const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]);
    for (const u of urls) expect(u.match(/<xhtml:link rel="alternate" hreflang="(en|zh-Hans|ja|x-default)" href="https:\/\/[^"]+"\/>/g)).toHaveLength(4);
  });

  it("robots.txt allows all and names the sitemap", async () => {
    expect(await readFile(path.join(fx.dir, "dist/robots.txt"), "utf8")).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${BASE}/sitemap.xml\n`);
  });
});

describe("hosting rules", () => {
  it("_headers sends a CSP without unsafe-inline, caches hashed assets forever and revalidates pages", async () => {
    const headers = await readFile(path.join(fx.dir, "dist/_headers"), "utf8");
    const csp = /Content-Security-Policy: (.*)/.exec(headers)![1];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(headers).toContain("/assets/*\n  Cache-Control: public, max-age=31536000, immutable");
    expect(headers).toContain("/:section/:page/\n  Cache-Control: public, max-age=0, must-revalidate");
    expect(headers).not.toContain("test-brand-beta");
    for (const h of ["X-Content-Type-Options: nosniff", "Referrer-Policy: strict-origin-when-cross-origin", "Permissions-Policy: "]) expect(headers).toContain(h);
  });

  it("_redirects has no status Cloudflare Pages refuses; Netlify's dialect sends misses to their language's 404", async () => {
    expect(await readFile(path.join(fx.dir, "dist/_redirects"), "utf8")).not.toMatch(/ 404$/m);
    const netlify = (await readFile(path.join(fx.dir, "dist/_redirects.netlify"), "utf8")).trim().split("\n");
    expect(netlify.filter((l) => !l.startsWith("#"))).toEqual(["/zh/* /zh/404.html 404", "/ja/* /ja/404.html 404"]);
  });
});
