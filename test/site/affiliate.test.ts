// Booking URLs with a tracking label per language, page and placement: the URL maker, the rule that refuses a
// template which would give two placements one URL, and the bundled site's build, where every sponsored link
// must have a URL of its own.
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { affiliateProblems } from "../../src/affiliate/validate.js";
import { bookingUrl, PLACEMENTS } from "../../src/site/affiliate.js";
import { makeRoutes } from "../../src/site/routes.js";
import type { SiteSettings } from "../../src/types.js";
import { REPO } from "../support/fixture.js";

type Element = DefaultTreeAdapterMap["element"];
type Node = DefaultTreeAdapterMap["node"];

const affiliate = { link: "https://book.example.com/search", partnerParam: "aid", partnerId: "42", allowedHosts: ["book.example.com"] };

/** Site settings with the given languages, slug prefix and tracking template. */
function settings(o: { template?: string; param?: string; langs?: string[]; slugPrefix?: string }): SiteSettings {
  return {
    brand: { name: "B", slugPrefix: o.slugPrefix ?? "test-brand" },
    siteName: "S",
    baseUrl: "https://s.example.com",
    languages: (o.langs ?? ["en", "zh"]).map((code) => ({ code, label: code, nativeName: code, flag: "x", htmlLang: code, locale: "en_US" })) as SiteSettings["languages"],
    contactEmail: "a@s.example.com",
    affiliate: { ...affiliate, allowedHosts: ["book.example.com"], tracking: o.template === undefined ? undefined : { param: o.param ?? "label", template: o.template } },
    popularDestinations: [],
    defaultImage: "images/a.svg",
    homeImage: "images/a.svg",
  };
}

describe("bookingUrl", () => {
  it("adds the partner id and the label the template gives for the language, page and placement", () => {
    const site = settings({ template: "site1_{lang}.{page}.{placement}" });
    expect(bookingUrl({ link: "https://book.example.com/hotel/alpha?ss=Alpha+Bay", site, lang: "zh", page: "test-brand-alpha", placement: "cta" })).toBe(
      "https://book.example.com/hotel/alpha?ss=Alpha+Bay&aid=42&label=site1_zh.test-brand-alpha.cta",
    );
  });

  it("replaces a label or partner id written into the content's link rather than adding a second one", () => {
    const site = settings({ template: "{lang}-{page}-{placement}" });
    expect(bookingUrl({ link: "https://book.example.com/h?label=old&aid=1", site, lang: "en", page: "home", placement: "header" })).toBe(
      "https://book.example.com/h?aid=42&label=en-home-header",
    );
  });

  it("keeps a fragment at the end and form-encodes a label that needs it", () => {
    const site = settings({ template: "~{lang}-{page}-{placement}" });
    expect(bookingUrl({ link: "HTTPS://Book.Example.com/h?q=a+b#rooms", site, lang: "en", page: "home", placement: "hero" })).toBe(
      "https://book.example.com/h?q=a+b&aid=42&label=%7Een-home-hero#rooms",
    );
    expect(bookingUrl({ link: "https://book.example.com/h#rooms", site: settings({}), lang: "en", page: "home", placement: "hero" })).toBe("https://book.example.com/h?aid=42#rooms");
  });

  it("adds the partner's language value for the page's language beside the partner id, replacing one in the link", () => {
    const site = settings({ template: "{lang}-{page}-{placement}" });
    site.affiliate = { ...site.affiliate, languageParam: "lang", languages: { en: "en-us", zh: "zh-cn" } };
    expect(bookingUrl({ link: "https://book.example.com/hotel/alpha.html?lang=de", site, lang: "zh", page: "test-brand-alpha", placement: "top" })).toBe(
      "https://book.example.com/hotel/alpha.html?aid=42&lang=zh-cn&label=zh-test-brand-alpha-top",
    );
    // A site language the map does not name sends no language (the partner picks).
    site.languages.push({ ...site.languages[0], code: "fr" });
    expect(bookingUrl({ link: "https://book.example.com/h", site, lang: "fr", page: "home", placement: "hero" })).toBe("https://book.example.com/h?aid=42&label=fr-home-hero");
  });

  it("adds only the partner id when the site has no tracking template", () => {
    expect(bookingUrl({ link: "https://book.example.com/h", site: settings({}), lang: "en", page: "home", placement: "hero" })).toBe("https://book.example.com/h?aid=42");
  });
});

/** The placement id problems of a site with these hotels (as validation finds them). */
function idProblems(site: SiteSettings, hotelIds: string[]) {
  const { slug } = makeRoutes(site);
  return affiliateProblems(site, { hotels: hotelIds.map((id) => ({ id, page: slug(id) })), placements: PLACEMENTS, locate: () => ({}), file: "site.yaml" });
}

describe("placement id problems", () => {
  it("accepts a template with every placeholder, and a site without tracking", () => {
    expect(idProblems(settings({ template: "{lang}-{page}-{placement}" }), ["alpha", "beta"])).toEqual([]);
    expect(idProblems(settings({}), ["alpha"])).toEqual([]);
  });

  for (const [template, missing] of [
    ["{lang}-{page}", "{placement}"],
    ["{lang}-{placement}", "{page}"],
    ["{page}-{placement}", "{lang}"],
    ["hotelsite", "{lang} and {page} and {placement}"],
  ]) {
    it(`refuses "${template}", naming ${missing}`, () => {
      expect(idProblems(settings({ template }), ["alpha"])).toEqual([
        {
          pointer: "/affiliate/tracking/template",
          message: `has no ${missing}, so two placements would share one id`,
          hint: 'use all of {lang}, {page} and {placement}, e.g. "{lang}_{page}_{placement}", so the partner\'s report tells every Book button apart',
        },
      ]);
    });
  }

  it("refuses a template whose values collide on this site although it has every placeholder", () => {
    // "p-a" + "bcd" and "p-ab" + "cd" both spell "p-abcd".
    const site = settings({ template: "{page}{lang}{placement}", langs: ["cd", "bcd"], slugPrefix: "p" });
    expect(idProblems(site, ["a", "ab"])).toEqual([
      {
        pointer: "/affiliate/tracking/template",
        message: 'gives "p-abcdheader" both to cd p-ab header and to bcd p-a header',
        hint: 'separate the placeholders with a character they never contain, e.g. "{lang}_{page}_{placement}"',
      },
    ]);
    expect(idProblems({ ...site, affiliate: { ...site.affiliate, tracking: { param: "label", template: "{page}-{lang}-{placement}" } } }, ["a", "ab"])).toEqual([]);
  });

  it("accepts a template it cannot prove when this site's values do not collide", () => {
    expect(idProblems(settings({ template: "{lang}{page}_{placement}" }), ["alpha", "beta"])).toEqual([]);
  });

  it("refuses the partner id's own parameter as the label's", () => {
    expect(idProblems(settings({ template: "{lang}-{page}-{placement}", param: "aid" }), ["alpha"])).toEqual([
      {
        pointer: "/affiliate/tracking/param",
        message: 'names "aid", which is already the partner id\'s parameter (partnerParam)',
        hint: "each parameter of a booking link needs its own name: the partner would read one value for both and attribution is lost",
      },
    ]);
  });
});

describe("the bundled site's sponsored links", () => {
  let out: string;
  const links: { file: string; href: string; inMain: boolean }[] = [];
  let files: string[] = [];

  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), "hotelsite-affiliate-"));
    await build({ contentDir: path.join(REPO, "content"), outDir: path.join(out, "dist"), cwd: out });
    const dist = path.join(out, "dist");
    files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith(".html")).sort();
    for (const file of files) {
      const walk = (node: Node, inMain: boolean): void => {
        if (!("tagName" in node)) return;
        const el = node as Element;
        const attr = (name: string) => el.attrs.find((a) => a.name === name)?.value;
        if (el.tagName === "a" && (attr("rel") ?? "").split(/\s+/).includes("sponsored")) links.push({ file, href: attr("href")!, inMain });
        const children = el.tagName === "template" ? (el as DefaultTreeAdapterMap["template"]).content.childNodes : el.childNodes;
        for (const c of children) walk(c as Node, inMain || el.tagName === "main");
      };
      const doc = parse(await readFile(path.join(dist, file), "utf8"));
      for (const c of doc.childNodes) walk(c as Node, false);
    }
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it("gives every sponsored link on every page its own URL", () => {
    // Header, mobile menu and footer on every page, plus the page's own buttons.
    expect(links.length).toBeGreaterThan(files.length * 3);
    const hrefs = links.map((l) => l.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it("labels each link with its language, page and placement, as content/site.yaml's template says", () => {
    const labels = (file: string) => links.filter((l) => l.file === file).map((l) => new URL(l.href).searchParams.get("label"));
    expect(labels("index.html")).toEqual(["en_home_header", "en_home_menu", "en_home_hero", "en_home_cta", "en_home_footer"]);
    expect(labels(path.join("zh", "grand-hyatt-dubai", "index.html"))).toEqual([
      "zh_grand_hyatt_dubai_header",
      "zh_grand_hyatt_dubai_menu",
      "zh_grand_hyatt_dubai_hero",
      "zh_grand_hyatt_dubai_bar",
      "zh_grand_hyatt_dubai_cta",
      "zh_grand_hyatt_dubai_footer",
    ]);
    expect(labels(path.join("ja", "grand-hyatt-seoul", "index.html"))).toEqual(["ja_grand_hyatt_seoul_header", "ja_grand_hyatt_seoul_menu", "ja_grand_hyatt_seoul_top", "ja_grand_hyatt_seoul_bar", "ja_grand_hyatt_seoul_body", "ja_grand_hyatt_seoul_footer"]);
    expect(labels(path.join("ja", "404.html"))).toEqual(["ja_404_header", "ja_404_menu", "ja_404_footer"]);
    for (const l of links) expect(new URL(l.href).searchParams.get("aid"), l.href).toBe("2468013");
    // Every link lands on the partner's page in the page's language (site.yaml affiliate.languages).
    const partnerLang: Record<string, string> = { en: "en-us", zh: "zh-cn", ja: "ja" };
    for (const l of links) expect(new URL(l.href).searchParams.get("lang"), l.href).toBe(partnerLang[/^(zh|ja)\//.exec(l.file.split(path.sep).join("/"))?.[1] ?? "en"]);
  });

  it("sends a hotel page's own buttons to that hotel's link and the others to the general link", async () => {
    const dubai = (await readFile(path.join(REPO, "content", "hotels", "dubai.yaml"), "utf8")).match(/^affiliateLink: (.*)$/m)![1];
    const general = (await readFile(path.join(REPO, "content", "site.yaml"), "utf8")).match(/^ {2}link: (.*)$/m)![1];
    const strip = (href: string) => {
      const u = new URL(href);
      u.searchParams.delete("label");
      u.searchParams.delete("aid");
      u.searchParams.delete("lang");
      return u.href;
    };
    const onPage = links.filter((l) => l.file === path.join("grand-hyatt-dubai", "index.html"));
    expect(onPage.filter((l) => l.inMain).map((l) => strip(l.href))).toEqual([new URL(dubai).href, new URL(dubai).href, new URL(dubai).href]);
    expect(onPage.filter((l) => !l.inMain).map((l) => strip(l.href))).toEqual([new URL(general).href, new URL(general).href, new URL(general).href]);
  });
});
