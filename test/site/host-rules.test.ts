// Hosting rules: the same files at 12 pages and at 4,008, within the limits Cloudflare Pages and Netlify
// document, one cache rule per path, and renamed hotels' old URLs in every host's rules.
import { describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import { hostRuleFiles } from "../../src/site/host-rules/index.js";
import { resolveSite } from "../../src/site/resolve.js";
import type { Content } from "../../src/types.js";
import { matchesPattern, parseHeaders } from "../../src/watch/headers.js";
import { FIXTURE, REPO } from "../support/fixture.js";

const now = new Date("2026-01-01T00:00:00Z");
const fixture = async (dir = FIXTURE): Promise<Content> => validateContent(await loadContent({ contentDir: dir })).content;

/** The fixture's content with `n` hotels: copies of its first hotel under new ids. */
function withHotels(content: Content, n: number): Content {
  const extra = Array.from({ length: n - content.hotels.length }, (_, i) => ({ ...content.hotels[0], id: `synth-${i + 1}`, affiliateLink: `https://book.example.com/hotel/synth-${i + 1}` }));
  return { ...content, hotels: [...content.hotels, ...extra] };
}

const filesOf = (content: Content) => {
  const site = resolveSite(content, { now });
  return { site, files: Object.fromEntries(hostRuleFiles(site, content).map((f) => [f.path, String(f.contents)])) };
};
const ruleLines = (text: string) => text.split("\n").filter((l) => l.trim() && !l.startsWith("#"));

describe("hosting rules of constant size", () => {
  it("are the same files for the bundled site and a 4,008-page site made from it, under 100 header rules", async () => {
    const bundled = await fixture(`${REPO}/content`);
    const small = filesOf(bundled);
    const big = filesOf(withHotels(bundled, 1334));
    expect(small.site.pages.length).toBeGreaterThan(100);
    expect(small.site.pages.length).toBeLessThan(1000);
    expect(big.site.pages).toHaveLength(4008);
    expect(big.files).toEqual(small.files);
    expect(parseHeaders(big.files._headers).length).toBeLessThanOrEqual(100);
  });

  it("keep to Cloudflare Pages' documented rules: 100 header rules, 2,000-character lines, 3xx redirects only", async () => {
    const content = await fixture();
    content.hotels[0] = { ...content.hotels[0], aliases: ["old-one", "old-two"] };
    const { files } = filesOf(content);
    const headers = parseHeaders(files._headers);
    expect(headers.length).toBeLessThanOrEqual(100);
    for (const line of files._headers.split("\n")) expect(line.length).toBeLessThanOrEqual(2000);
    for (const rule of headers) expect(rule.pattern, "one splat at most").toMatch(/^\/[^*]*\*?$/);
    const redirects = ruleLines(files._redirects);
    expect(redirects).toHaveLength(12);
    for (const line of redirects) {
      expect(line.length).toBeLessThanOrEqual(1000);
      expect(line).toMatch(/^\/\S* \/\S* (301|302|303|307|308)$/);
    }
  });

  it("give Netlify its language 404s and forced redirects over the fallback pages", async () => {
    const content = await fixture();
    content.hotels[0] = { ...content.hotels[0], aliases: ["old-one"] };
    const lines = ruleLines(filesOf(content).files["_redirects.netlify"]);
    expect(lines).toEqual([
      "/test-brand-old-one/ /test-brand-alpha/ 301!",
      "/test-brand-old-one /test-brand-alpha/ 301!",
      "/zh/test-brand-old-one/ /zh/test-brand-alpha/ 301!",
      "/zh/test-brand-old-one /zh/test-brand-alpha/ 301!",
      "/ja/test-brand-old-one/ /ja/test-brand-alpha/ 301!",
      "/ja/test-brand-old-one /ja/test-brand-alpha/ 301!",
      "/zh/* /zh/404.html 404",
      "/ja/* /ja/404.html 404",
    ]);
  });

  it("set one Cache-Control per path (hosts join repeated headers), immutable only under /assets/", async () => {
    const { site, files } = filesOf(await fixture());
    const rules = parseHeaders(files._headers);
    const cacheRules = (p: string) => rules.filter((r) => matchesPattern(r.pattern, p) && r.headers.some(([k]) => k === "Cache-Control"));
    const pageUrls = [...site.pages.map((p) => p.url), "/sitemap.xml", "/sitemap-2.xml", "/robots.txt", "/languages/zh.json"];
    for (const url of pageUrls) {
      const found = cacheRules(url);
      expect(found, url).toHaveLength(1);
      expect(found[0].headers, url).toEqual([["Cache-Control", "public, max-age=0, must-revalidate"]]);
    }
    for (const url of ["/assets/site.0123abcd.css", "/assets/images/hotels/alpha.0123abcd.jpg"]) {
      expect(cacheRules(url).map((r) => r.headers), url).toEqual([[["Cache-Control", "public, max-age=31536000, immutable"]]]);
    }
    for (const url of [...pageUrls, "/assets/site.0123abcd.css"]) {
      const security = rules.filter((r) => matchesPattern(r.pattern, url) && r.headers.some(([k]) => k === "Content-Security-Policy"));
      expect(security, url).toHaveLength(1);
    }
  });
});

describe("the availability form under every host's policy", () => {
  it("form-action allows exactly the programmes' hosts, in _headers and in both of _nginx.conf's places", async () => {
    const content = await fixture(`${REPO}/content`);
    // A second programme, for a hotel sold through a network: its hosts join the bundled programme's.
    const programmes = { ...content.site.affiliate.programmes, net: { link: "https://secure.example.net/c?s={subId}&u={destination}", hosts: ["secure.example.net", "www.booking.com"] as [string, ...string[]] } };
    const { files } = filesOf({ ...content, site: { ...content.site, affiliate: { ...content.site.affiliate, programmes } } });
    const formAction = (policy: string) => policy.split(/;\s*/).filter((d) => d.startsWith("form-action "));
    const fromHeaders = parseHeaders(files._headers).flatMap((r) => r.headers.filter(([k]) => k === "Content-Security-Policy").map(([, v]) => v));
    const fromNginx = [...files["_nginx.conf"].matchAll(/add_header Content-Security-Policy "([^"]+)"/g)].map((m) => m[1]);
    expect(fromHeaders).toHaveLength(1);
    expect(fromNginx).toHaveLength(2);
    for (const policy of [...fromHeaders, ...fromNginx]) expect(formAction(policy)).toEqual(["form-action https://www.booking.com https://secure.example.net"]);
  });
});
