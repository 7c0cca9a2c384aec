// The route files (sitemap, robots.txt, host rules, flags) read the content through the recording layer, and a
// later run keeps them while none of what they read changed: so they must come out the same whatever else changes
// (every text of every hotel in every language, the strings and the home copy, every own field of a hotel but its
// aliases), and differ when what they read does. The copy files (renamed hotels' fallback pages, the banner's
// copy) are made on every run.
import { beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import { copyFiles } from "../../src/site/publish.js";
import { resolveSite } from "../../src/site/resolve.js";
import { routes } from "../../src/steps.js";
import type { Content, Hotel } from "../../src/types.js";
import { FIXTURE } from "../support/fixture.js";

const now = new Date("2031-01-01T00:00:00Z");
let content: Content;
beforeAll(async () => {
  content = validateContent(await loadContent({ contentDir: FIXTURE })).content;
});

/** Every string inside a value with something added. */
const marked = (v: unknown): unknown => (typeof v === "string" ? `${v} (edited)` : Array.isArray(v) ? v.map(marked) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, marked(x)])) : v);
const routesOf = (c: Content) => routes(resolveSite(c, { now }), c);

describe("routeFiles", () => {
  it("records reading the settings, the hotel list and the hotels' aliases, and nothing else", () => {
    expect(routesOf(content).reads.map(String).sort()).toEqual(["hotels", "site", ...content.hotels.map((h) => `hotel:${h.id}/aliases`)].sort());
  });

  it("comes out the same when anything but its inputs changes", () => {
    const other = (h: Hotel, i: number): Hotel => ({
      ...h,
      text: marked(h.text) as Hotel["text"],
      layout: h.layout === "story" ? "article" : "story",
      hero: h.hero === "tall" ? "regular" : "tall",
      affiliateLink: `${h.affiliateLink}?edited=${i}`,
      facts: [{ kind: "rooms", value: 100 + i }],
    });
    const edited: Content = { ...content, strings: marked(content.strings) as Content["strings"], home: marked(content.home) as Content["home"], hotels: content.hotels.map(other) };
    const before = routesOf(content);
    const after = routesOf(edited);
    expect(after.files.map((f) => f.path)).toEqual(before.files.map((f) => f.path));
    for (const [i, f] of after.files.entries()) expect(f.contents, f.path).toEqual(before.files[i].contents);
    // The copy files do change: they show copy.
    expect(copyFiles(resolveSite(edited, { now }), edited)).not.toEqual(copyFiles(resolveSite(content, { now }), content));
  });

  it("changes when a hotel's aliases or the settings do", () => {
    const before = routesOf(content).files;
    const aliased: Content = { ...content, hotels: content.hotels.map((h, i) => (i === 1 ? { ...h, aliases: ["old-name"] } : h)) };
    expect(routesOf(aliased).files).not.toEqual(before);
    const renamed: Content = { ...content, site: { ...content.site, contactEmail: "other@fixture.example.com", affiliate: { ...content.site.affiliate, allowedHosts: [...(content.site.affiliate.allowedHosts ?? []), "book2.example.com"] } } };
    expect(routesOf(renamed).files).not.toEqual(before);
  });
});

describe("copyFiles", () => {
  it("makes a renamed hotel's fallback pages from its pages alone, with their titles", () => {
    const aliased: Content = { ...content, hotels: content.hotels.map((h, i) => (i === 1 ? { ...h, aliases: ["old-name"] } : h)) };
    const site = resolveSite(aliased, { now });
    const id = aliased.hotels[1].id;
    const own = site.pages.filter((p) => p.kind === "hotel" && p.hotel.id === id);
    const files = copyFiles({ ...site, pages: own }, aliased);
    const fallback = files.find((f) => f.path.endsWith("old-name/index.html"))!;
    expect(fallback.contents).toContain(`<title>${own[0].head.title}</title>`);
    expect(files).toEqual(copyFiles(site, aliased));
  });
});
