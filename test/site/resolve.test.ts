// resolveSite makes what is the same on many pages once and hands the same object to each of them (memory grows
// with the site, not with its pages times their links), while every page still records everything it shows.
// siteResolver is the same stage one page at a time: a build renders each page as it is resolved and watch resolves
// the pages a save changed in the order an editor waits for them, so the pages must come out on demand, in any
// order, each the same as resolveSite's, and the page list (slots) known before any is resolved.
import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../src/types.js";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import { input } from "../../src/site/inputs.js";
import type { HomePage, HotelPage, Page } from "../../src/site/pages.js";
import { resolveSite, siteResolver, summary, type ResolvedSite } from "../../src/site/resolve.js";
import { Memo } from "../../src/util/memo.js";
import { FIXTURE } from "../support/fixture.js";

let site: ResolvedSite<Page>;
let content: Content;
const now = new Date("2031-01-01T00:00:00Z");
const page = (outFile: string): Page => site.pages.find((p) => p.outFile === outFile)!;
const hotel = (outFile: string) => page(outFile) as HotelPage;

beforeAll(async () => {
  content = validateContent(await loadContent({ contentDir: FIXTURE })).content;
  site = resolveSite(content, { now });
});

describe("resolveSite's shared parts", () => {
  it("gives every page of a language the same popular-destinations list, and each language its own", () => {
    const zh = site.pages.filter((p) => p.lang.code === "zh");
    expect(zh.length).toBeGreaterThan(2);
    for (const p of zh) expect(p.chrome.popular).toBe(zh[0].chrome.popular);
    expect(zh[0].chrome.popular.map((d) => d.href)).toEqual(["/zh/test-brand-alpha/", "/zh/test-brand-gamma/"]);
    expect(page("index.html").chrome.popular).not.toBe(zh[0].chrome.popular);
    expect(page("index.html").chrome.popular.map((d) => d.href)).toEqual(["/test-brand-alpha/", "/test-brand-gamma/"]);
  });

  it("records on every page the popular hotels' names it shows (their names alone), so a change to one re-resolves it (watch)", () => {
    for (const p of site.pages) {
      const inputs = site.inputs.get(p.outFile)!;
      expect(inputs, p.outFile).toEqual(expect.arrayContaining([input.field("hotel:alpha", p.lang.code, "name"), input.field("hotel:gamma", p.lang.code, "name")]));
      // Their other fields only where the page shows them: the home page's cards, the hotel's own page.
      if (p.kind === "notFound") expect(inputs, p.outFile).not.toContain(input.text("hotel:gamma", p.lang.code));
    }
  });

  it("records the fields of a hotel's text a page reads, field by field: the home card's five, not the whole block", () => {
    const of = (outFile: string, prefix: string) => site.inputs.get(outFile)!.filter((id) => String(id).startsWith(prefix)).sort();
    // Beta is no popular destination: the home page reads what its card shows, and nothing reads the block whole.
    expect(of("index.html", "hotel:beta#")).toEqual(["description", "imageAlt", "location", "name", "title"].map((k) => input.field("hotel:beta", "en", k)));
    // Of its own fields the card shows its image (the fixture declares no regions, so no region is read).
    expect(of("index.html", "hotel:beta/")).toEqual([input.hotelField("beta", "image")]);
    // A 404 page shows the popular hotels' names alone.
    expect(of("404.html", "hotel:alpha")).toEqual([input.field("hotel:alpha", "en", "name")]);
    expect(of("404.html", "hotel:beta")).toEqual([]);
  });

  it("records a translation's field, and the default language's field where it fell back to it", () => {
    const zh = site.inputs.get("zh/index.html")!;
    // Alpha's Chinese block has its own name and no title: the title is the English one.
    expect(zh).toEqual(expect.arrayContaining([input.field("hotel:alpha", "zh", "name"), input.field("hotel:alpha", "zh", "title"), input.field("hotel:alpha", "en", "title")]));
    expect(zh).not.toContain(input.field("hotel:alpha", "en", "name"));
    // Beta has no Chinese block at all: every field read falls back.
    expect(zh).toEqual(expect.arrayContaining([input.field("hotel:beta", "zh", "name"), input.field("hotel:beta", "en", "name")]));
  });

  it("records on a hotel's page each field of its text it shows, and the own fields it shows, one by one", () => {
    const used = site.inputs.get("test-brand-gamma/index.html")!;
    const en = (field: string) => input.field("hotel:gamma", "en", field);
    const shown = ["name", "metaTitle", "metaDescription", "mainTitle", "intro", "sections", "whyChoose", "closing", "imageAlt"].map(en);
    expect(used).toEqual(expect.arrayContaining([...shown, ...["layout", "hero", "image", "facts", "gallery", "affiliateLink"].map((f) => input.hotelField("gamma", f))]));
    // Not what it does not show: the home card's description, the region (the home page groups by it), the old
    // addresses (they redirect); nor the text or the hotel whole.
    for (const name of [en("description"), input.text("hotel:gamma", "en"), input.hotelField("gamma", "region"), input.hotelField("gamma", "aliases"), input.hotel("gamma")]) expect(used).not.toContain(name);
    // Gamma's Japanese block has its own meta title: every other field falls back to the English one, field by field.
    const ja = site.inputs.get("ja/test-brand-gamma/index.html")!;
    expect(ja).toEqual(expect.arrayContaining([input.field("hotel:gamma", "ja", "metaTitle"), input.field("hotel:gamma", "ja", "name"), en("name")]));
    expect(ja).not.toContain(en("metaTitle"));
    // Alpha's Chinese page reads its own block's fields and the English name too (the availability form shows it).
    expect(site.inputs.get("zh/test-brand-alpha/index.html")).toEqual(expect.arrayContaining([input.field("hotel:alpha", "zh", "name"), input.field("hotel:alpha", "en", "name")]));
  });

  it("marks on a page only the fallen-back fields it reads", () => {
    // Beta (no Chinese block) is on no footer: a Chinese 404 page shows none of its English; the home page its card's.
    const marks = (outFile: string) => page(outFile).fallback?.texts ?? [];
    expect(marks("zh/404.html")).not.toContain("A hillside hotel.");
    expect(marks("zh/index.html")).toContain("A hillside hotel.");
    expect(marks("zh/index.html")).not.toContain("Beta intro.");
    expect(marks("zh/test-brand-beta/index.html")).toContain("Beta intro.");
  });

  it("records each input of a page once", () => {
    for (const p of site.pages) {
      const used = site.inputs.get(p.outFile)!;
      expect(new Set(used).size, p.outFile).toBe(used.length);
    }
  });

  it("gives the pages of one route in every language the same hreflang alternates", () => {
    const alternates = hotel("test-brand-alpha/index.html").head.alternates;
    expect(hotel("zh/test-brand-alpha/index.html").head.alternates).toBe(alternates);
    expect(hotel("ja/test-brand-alpha/index.html").head.alternates).toBe(alternates);
    expect(alternates.map((a) => a.hreflang)).toEqual(["en", "zh-Hans", "ja", "x-default"]);
    expect(hotel("test-brand-beta/index.html").head.alternates).not.toBe(alternates);
  });

  it("gives a hotel's card on the home page its page's image, without the crop and link-preview file a card never shows", () => {
    const card = (page("zh/index.html") as HomePage).home.groups.flatMap((g) => g.cards).find((c) => c.id === "alpha")!;
    const { crops, og, ...shown } = hotel("zh/test-brand-alpha/index.html").hotel.image;
    expect(crops?.length).toBeGreaterThan(0);
    expect(og).toMatch(/^\/assets\/images\/.+-og[-.]/);
    expect(card.image).toStrictEqual(shown);
    expect(hotel("zh/test-brand-beta/index.html").hotel.image.src).not.toBe(card.image.src);
  });

  it("counts each text's fields for coverage", () => {
    const strings = site.coverage.filter((c) => c.source === "strings");
    expect(new Set(strings.map((c) => c.fields)).size).toBe(1);
    expect(strings[0].fields).toBeGreaterThan(10);
  });

  it("keeps each text's coverage and recorded inputs from run to run (in the run's memo) while its file is unchanged, and makes them anew for a changed one", () => {
    const memo = new Memo();
    const site = resolveSite(content, { now, memo });
    // Watch's next run: the same parsed objects for every file but one hotel, whose text is new.
    const changed = content.hotels.find((h) => h.id === "beta")!;
    const next: Content = { ...content, hotels: content.hotels.map((h) => (h === changed ? { ...h, text: { ...h.text, en: { ...(h.text.en as object) } } } : h)) };
    const again = resolveSite(next, { now, memo });
    const entry = (s: ResolvedSite<Page>, source: string, lang: string) => s.coverage.find((c) => c.source === source && c.lang === lang)!;
    expect(entry(again, "hotel:alpha", "en")).toBe(entry(site, "hotel:alpha", "en"));
    expect(entry(again, "hotel:alpha", "zh")).toBe(entry(site, "hotel:alpha", "zh"));
    expect(entry(again, "hotel:beta", "en")).not.toBe(entry(site, "hotel:beta", "en"));
    expect(entry(again, "hotel:beta", "en")).toEqual(entry(site, "hotel:beta", "en"));
    expect(again.inputs.get("index.html")).toEqual(site.inputs.get("index.html"));
    // Another run's memo (another watch, or a build) shares nothing with this one.
    expect(entry(resolveSite(content, { now }), "hotel:alpha", "en")).not.toBe(entry(site, "hotel:alpha", "en"));
  });
});

describe("siteResolver", () => {
  it("resolves each page only when it is asked for, recording its inputs then", () => {
    const resolver = siteResolver(content, { now });
    const languages = content.site.languages.length;
    expect(resolver.slots).toHaveLength(languages * (content.hotels.length + 2));
    const pages = resolver.pages();
    expect(resolver.site().inputs.size).toBe(0);
    const first = pages.next();
    expect(first.done).toBe(false);
    expect(resolver.site().inputs.size).toBe(1);
    expect([...resolver.site().inputs.keys()]).toEqual([first.value.outFile]);
    let n = 1;
    while (!pages.next().done) n++;
    expect(n).toBe(resolver.slots.length);
    expect(resolver.site().inputs.size).toBe(resolver.slots.length);
  });

  it("lists the pages before resolving any, where resolveSite puts them", () => {
    const resolver = siteResolver(content, { now });
    expect(resolver.slots.map((s) => s.outFile)).toEqual(site.pages.map((p) => p.outFile));
    expect(resolver.slots.map((s) => s.kind)).toEqual(site.pages.map((p) => p.kind));
    expect(resolver.slots.filter((s) => s.kind === "hotel").map((s) => s.hotel)).toEqual(site.pages.flatMap((p) => (p.kind === "hotel" ? [p.hotel.id] : [])));
    expect(resolver.site().inputs.size).toBe(0);
  });

  it("resolves pages in any order to the same pages and inputs as in page order", () => {
    const resolver = siteResolver(content, { now });
    const backwards = [...resolver.slots].reverse().map((s) => resolver.page(s)).reverse();
    expect(backwards).toEqual(site.pages);
    for (const p of site.pages) expect(resolver.site().inputs.get(p.outFile)).toEqual(site.inputs.get(p.outFile));
  });

  it("gives the pages, inputs and coverage resolveSite collects, in the same order", () => {
    const whole = resolveSite(content, { now });
    const resolver = siteResolver(content, { now });
    const streamed = [...resolver.pages()];
    expect(streamed.map((p) => p.outFile)).toEqual(whole.pages.map((p) => p.outFile));
    expect(streamed).toEqual(whole.pages);
    expect(resolver.site().inputs).toEqual(whole.inputs);
    expect(resolver.site().coverage).toEqual(whole.coverage);
  });

  it("hands the next run over the same settings, base URL, hotels and images (a save) the same page list and card images, and new ones when those change", () => {
    const memo = new Memo();
    const home = (r: ReturnType<typeof siteResolver>) => r.page(r.slots.find((s) => s.outFile === "index.html")!) as HomePage;
    const cards = (p: HomePage) => p.home.groups.flatMap((g) => g.cards);
    const first = siteResolver(content, { now, memo });
    const again = siteResolver({ ...content, hotels: [...content.hotels] }, { now, memo });
    expect(again.slots).toBe(first.slots);
    const images = cards(home(first)).map((c) => c.image);
    expect(cards(home(again)).map((c) => c.image)).toEqual(images);
    cards(home(again)).forEach((c, i) => expect(c.image).toBe(images[i]));
    // Another base URL, a hotel fewer, no memo: a list of their own (the same files where the same pages are).
    const rebased = siteResolver(content, { now, memo, baseUrl: "https://elsewhere.example" });
    expect(rebased.slots).not.toBe(first.slots);
    expect(rebased.slots.map((s) => s.outFile)).toEqual(first.slots.map((s) => s.outFile));
    const fewer = siteResolver({ ...content, hotels: content.hotels.slice(1) }, { now, memo });
    expect(fewer.slots).toHaveLength(first.slots.length - content.site.languages.length);
    expect(siteResolver(content, { now }).slots).not.toBe(siteResolver(content, { now }).slots);
    // An image whose facts changed (a new object): its cards' images are made anew.
    const ref = content.hotels[0].image!;
    const images2 = new Map(content.images);
    images2.set(ref, { ...content.images.get(ref)!, hash: "0123456789" });
    const replanned = cards(home(siteResolver({ ...content, images: images2 }, { now, memo })));
    const own = (list: ReturnType<typeof cards>) => list.find((c) => c.id === content.hotels[0].id)!.image;
    expect(own(replanned).src).not.toBe(own(cards(home(first))).src);
    expect(own(replanned)).not.toBe(own(cards(home(first))));
  });

  it("summarises a page with what the sitemap, host rules and alias pages read, and nothing else", () => {
    const page = resolveSite(content, { now }).pages.find((p) => p.kind === "hotel")!;
    const s = summary(page);
    expect(Object.keys(s).sort()).toEqual(["head", "kind", "lang", "outFile", "template", "url"]);
    expect(Object.keys(s.head).sort()).toEqual(["alternates", "canonical", "title"]);
    expect(s.head.canonical).toBe(page.head.canonical);
  });
});
