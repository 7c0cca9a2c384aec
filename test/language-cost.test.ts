// What one more language costs every page: the fixture site built with 3 and with 20 languages (17 added, each
// falling back to English), page by page. A language is owed its hreflang link, its og:locale:alternate and
// one entry in the page's one language list; the banner's copy lives in a file of its own. Byte counts, so the
// bound is exact: a second list of the languages, or the banner's sentence back in the page, breaks it.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "./support/fixture.js";

/** The most bytes one added language may add to a page (the bundled site's hotel pages measure ~340). */
const BOUND = 350;
const ADDED = 17;
const codes = Array.from({ length: ADDED }, (_, i) => `q${String.fromCharCode(97 + i)}x`);
/** A synthetic language: a name as long as most real ones, a flag image, no copy of its own. */
const line = (code: string) => `  - { code: ${code}, label: Language ${code}, nativeName: Lingua ${code}, flag: "🇺🇳", htmlLang: ${code}, locale: ${code.slice(0, 2)}_US }\n`;

type Fixture = Awaited<ReturnType<typeof fixtureCopy>>;
let small: Fixture;
let large: Fixture;
const flags = (s: string) => `${s.trimEnd()}\nlanguageMenu:\n  flags: svg\n`;

beforeAll(async () => {
  small = await fixtureCopy({ "site.yaml": flags });
  large = await fixtureCopy({ "site.yaml": (s) => flags(s.replace(/(  - \{ code: ja[^\n]*\n)/, `$1${codes.map(line).join("")}`)) });
  for (const fx of [small, large]) {
    const r = await runCli(["build"], fx.dir);
    expect(r.code, r.err).toBe(0);
  }
}, 120_000);
afterAll(async () => {
  await small?.cleanup();
  await large?.cleanup();
});

/** The HTML pages of a built fixture, relative to its output folder. */
async function pagesOf(fx: Fixture): Promise<string[]> {
  const entries = await readdir(path.join(fx.dir, "dist"), { recursive: true });
  return entries.filter((f) => f.endsWith(".html")).map((f) => f.split(path.sep).join("/"));
}
const read = (fx: Fixture, file: string) => readFile(path.join(fx.dir, "dist", file), "utf8");

describe("the bytes a language adds to every page", () => {
  it(`stay at or under ${BOUND} per language on each page of the 3-language site`, async () => {
    const pages = await pagesOf(small);
    expect(pages.length).toBeGreaterThanOrEqual(15);
    const costs: Record<string, number> = {};
    for (const file of pages) {
      const [before, after] = await Promise.all([read(small, file), read(large, file)]);
      costs[file] = Math.ceil((Buffer.byteLength(after) - Buffer.byteLength(before)) / ADDED);
    }
    const over = Object.entries(costs).filter(([, bytes]) => bytes > BOUND);
    expect(over, `bytes per added language: ${JSON.stringify(costs)}`).toEqual([]);
    // The added languages are there at all (a page that ignored them would pass the bound).
    expect(Math.min(...Object.values(costs))).toBeGreaterThan(100);
  });

  it("name each added language twice in a page: its hreflang link and its one entry in the language list", async () => {
    for (const file of ["index.html", "test-brand-alpha/index.html", "zh/test-brand-alpha/index.html", "qax/test-brand-alpha/index.html"]) {
      const html = await read(large, file);
      for (const code of codes) expect(html.match(new RegExp(`hreflang="${code}"`, "gi")), `${file} ${code}`).toHaveLength(2);
      expect(html.match(/data-lang-banner/gi), file).toHaveLength(1);
    }
  });

  it("keep the banner's copy out of the pages, in one small file per language", async () => {
    const home = await read(large, "index.html");
    const zh = JSON.parse(await read(large, "languages/zh.json"));
    expect(home).not.toContain(zh.text);
    for (const code of ["en", "zh", "ja", ...codes]) {
      const file = await read(large, `languages/${code}.json`);
      expect(Buffer.byteLength(file), code).toBeLessThan(400);
      // A language without its own sentence offers itself in the default language's words, marked so.
      if (codes.includes(code)) expect(JSON.parse(file), code).toMatchObject({ lang: "en", dir: "ltr", text: expect.stringContaining(`Lingua ${code}`) });
    }
  });
});
