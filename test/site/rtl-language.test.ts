// Adding a fourth, right-to-left language is data and text only: the fixture site plus Arabic (ar, dir: rtl)
// in site.yaml and a few translated strings gets its pages, hreflang, sitemap entries and coverage.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../support/fixture.js";

const AR = '  - { code: ar, label: Arabic, nativeName: العربية, flag: "🇸🇦", htmlLang: ar, locale: ar_AR, dir: rtl }\n';
const STRINGS_AR = [
  "home: الرئيسية",
  "destinations: الوجهات",
  "bookNow: احجز الآن",
  "menu: القائمة",
  'languageSuggestion: "هذه الصفحة متاحة أيضًا باللغة {language}."',
  'languageSuggestionLink: "اعرضها باللغة {language}"',
];

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
const read = (file: string) => readFile(path.join(fx.dir, "dist", file), "utf8");
beforeAll(async () => {
  fx = await fixtureCopy({
    "site.yaml": (s) => s.replace(/(  - \{ code: ja[^\n]*\n)/, `$1${AR}`),
    "strings.yaml": (s) => `${s.trimEnd()}\nar:\n${STRINGS_AR.map((l) => `  ${l}`).join("\n")}\n`,
    "home.yaml": (s) => `${s.trimEnd()}\nar:\n  heroTitle: فنادق للإقامة\n`,
    "hotels/alpha.yaml": (s) => `${s.trimEnd()}\n  ar:\n    name: فندق ألفا\n`,
  });
  const r = await runCli(["build"], fx.dir);
  expect(r.code, r.err).toBe(0);
});
afterAll(() => fx.cleanup());

describe("a right-to-left language added as data", () => {
  it("has its pages, right to left", async () => {
    for (const file of ["ar/index.html", "ar/test-brand-alpha/index.html", "ar/404.html"]) {
      expect(await read(file)).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    }
    const home = await read("ar/index.html");
    expect(home).toContain("فنادق للإقامة");
    expect(home).toContain("الرئيسية");
    // Text that falls back to English is marked English, left to right, inside the rtl page.
    expect(home).toContain('<span lang="en" dir="ltr">EN home heroSubtitle</span>');
    expect(home).toContain("<p><span lang=\"en\" dir=\"ltr\">EN home welcomeText1</span></p>");
    expect(await read("index.html")).toMatch(/^<!doctype html><html lang="en" dir="ltr">/);
    // The banner offering Arabic on an English page is written right to left.
    expect(JSON.parse(await read("languages/ar.json"))).toMatchObject({ lang: "ar", dir: "rtl" });
  });

  it("is in every page's hreflang alternates and language switcher, and in the sitemap", async () => {
    for (const file of ["index.html", "zh/test-brand-alpha/index.html", "ar/test-brand-gamma/index.html"]) {
      const html = await read(file);
      const route = file.replace(/^(zh|ar)\//, "").replace(/index\.html$/, "");
      expect(html.toLowerCase()).toContain(`<link rel="alternate" hreflang="ar" href="https://fixture.example.com/ar/${route}"`);
      expect(html).toContain(`href="/ar/${route}"`);
    }
    const sitemap = await read("sitemap.xml");
    for (const url of ["/ar/", "/ar/test-brand-alpha/", "/ar/test-brand-beta/", "/ar/test-brand-gamma/"]) expect(sitemap).toContain(`<loc>https://fixture.example.com${url}</loc>`);
  });

  it("is counted in check's coverage", async () => {
    const r = await runCli(["check", "--json"], fx.dir);
    const report = JSON.parse(r.out);
    expect(report.languages).toEqual(["en", "zh", "ja", "ar"]);
    const strings = report.coverage.find((c: { source: string }) => c.source === "strings").languages.ar;
    expect(strings.translated).toBe(STRINGS_AR.length);
    expect(strings.fields - strings.fallbacks.length).toBe(STRINGS_AR.length);
    expect(report.coverage.find((c: { source: string }) => c.source === "hotel:alpha").languages.ar.translated).toBe(1);
  });
});
