// resolveSite makes what is the same on many pages once and hands the same object to each of them (memory grows
// with the site, not with its pages times their links), while every page still records everything it shows.
import { beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import { input } from "../../src/site/inputs.js";
import type { HomePage, HotelPage, Page } from "../../src/site/pages.js";
import { resolveSite, type ResolvedSite } from "../../src/site/resolve.js";
import { FIXTURE } from "../support/fixture.js";

let site: ResolvedSite;
const page = (outFile: string): Page => site.pages.find((p) => p.outFile === outFile)!;
const hotel = (outFile: string) => page(outFile) as HotelPage;

beforeAll(async () => {
  const { content } = validateContent(await loadContent({ contentDir: FIXTURE }));
  site = resolveSite(content, { now: new Date("2031-01-01T00:00:00Z") });
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

  it("still records on every page the popular hotels' texts it shows, so a change to one re-resolves it (watch)", () => {
    for (const p of site.pages) {
      expect(site.inputs.get(p.outFile), p.outFile).toEqual(expect.arrayContaining([input.text("hotel:alpha", p.lang.code), input.text("hotel:gamma", p.lang.code)]));
    }
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

  it("gives a hotel's page and its card on the home page the same image", () => {
    const card = (page("zh/index.html") as HomePage).home.cards.find((c) => c.id === "alpha")!;
    expect(card.image).toBe(hotel("zh/test-brand-alpha/index.html").hotel.image);
    expect(hotel("zh/test-brand-beta/index.html").hotel.image).not.toBe(card.image);
  });

  it("counts each text's fields for coverage", () => {
    const strings = site.coverage.filter((c) => c.source === "strings");
    expect(new Set(strings.map((c) => c.fields)).size).toBe(1);
    expect(strings[0].fields).toBeGreaterThan(10);
  });
});
