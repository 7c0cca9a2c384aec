// The site's name is translatable: site.yaml's siteName is the default language's, strings.yaml's siteName
// translates it per language, and a language without one falls back (reported, and marked as English).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
const read = (file: string) => readFile(path.join(fx.dir, "dist", file), "utf8");
beforeAll(async () => {
  fx = await fixtureCopy({ "strings.yaml": (s) => s.replace('"中文 siteName"', '"测试品牌指南"').replace('  siteName: "日本語 siteName"\n', "") });
  expect((await runCli(["build"], fx.dir)).code).toBe(0);
});
afterAll(() => fx.cleanup());

describe("the site name per language", () => {
  it("is translated in the footer, og:site_name and the WebSite data", async () => {
    const zh = await read("zh/index.html");
    expect(zh).toMatch(/<p>© <span data-year="true">\d{4}<\/span> 测试品牌指南。/);
    expect(zh).toMatch(/<meta property="og:site_name" content="测试品牌指南"\/?>/);
    expect(zh).toContain('"@type":"WebSite","name":"测试品牌指南"');
    expect(await read("index.html")).toMatch(/<meta property="og:site_name" content="Test Brand Guide"\/?>/);
  });

  it("falls back to site.yaml's name where a language has none, marked and reported", async () => {
    expect(await read("ja/index.html")).toMatch(/<p>© <span data-year="true">\d{4}<\/span> <span lang="en" dir="ltr">Test Brand Guide<\/span>。/);
    const report = JSON.parse((await runCli(["check", "--json"], fx.dir)).out);
    const strings = report.coverage.find((c: { source: string }) => c.source === "strings").languages;
    expect(strings.ja.fallbacks).toContain("/siteName");
    expect(strings.zh.fallbacks).not.toContain("/siteName");
  });
});
