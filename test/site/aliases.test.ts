// Renamed hotels: fallback pages at old URLs, never in the sitemap or hreflang, and aliases that would take
// another page's address refused with their place in the file.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import { ContentErrors } from "../../src/errors.js";
import { fixtureCopy } from "../support/fixture.js";

describe("a renamed hotel", () => {
  let fx: Awaited<ReturnType<typeof fixtureCopy>>;
  const read = (f: string) => readFile(path.join(fx.dir, "dist", f), "utf8");
  beforeAll(async () => {
    fx = await fixtureCopy({ "hotels/gamma.yaml": (s) => s.replace("id: gamma\n", "id: gamma\naliases: [old-gamma, older-gamma]\n") });
    await build({ contentDir: "content", outDir: "dist", cwd: fx.dir });
  });
  afterAll(() => fx.cleanup());

  it("leaves a noindex fallback page at each old URL in every language, pointing at the new page", async () => {
    for (const [lang, prefix] of [["en", "/"], ["zh-Hans", "/zh/"], ["ja", "/ja/"]]) {
      for (const old of ["old-gamma", "older-gamma"]) {
        const html = await read(`${prefix.slice(1)}test-brand-${old}/index.html`);
        const to = `${prefix}test-brand-gamma/`;
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${to}">`);
        expect(html).toContain(`<link rel="canonical" href="https://fixture.example.com${to}">`);
        expect(html).toContain(`<meta name="robots" content="noindex">`);
        expect(html).toContain(`<a href="${to}">`);
      }
    }
  });

  it("never appears in the sitemap or in any page's hreflang", async () => {
    const sitemap = await read("sitemap.xml");
    expect(sitemap).toContain("/test-brand-gamma/");
    expect(sitemap).not.toContain("old-gamma");
    for (const f of ["index.html", "test-brand-gamma/index.html", "zh/test-brand-gamma/index.html"]) expect(await read(f), f).not.toContain("old-gamma");
  });

  it("is in every host's rules", async () => {
    expect(await read("_redirects")).toContain("/ja/test-brand-older-gamma /ja/test-brand-gamma/ 301\n");
    expect(await read("_redirects.netlify")).toContain("/test-brand-old-gamma/ /test-brand-gamma/ 301!\n");
    expect(await read("_nginx.conf")).toContain("location = /zh/test-brand-old-gamma/ { return 301 /zh/test-brand-gamma/; }\n");
  });
});

describe("alias validation", () => {
  const errorsOf = async (edits: Record<string, (s: string) => string>) => {
    const fx = await fixtureCopy(edits);
    try {
      validateContent(await loadContent({ contentDir: "content", cwd: fx.dir }));
      return [];
    } catch (e) {
      if (!(e instanceof ContentErrors)) throw e;
      return e.errors.map((x) => x.format());
    } finally {
      await fx.cleanup();
    }
  };

  it("refuses an alias that is another hotel's id, at its line and column", async () => {
    const errors = await errorsOf({ "hotels/alpha.yaml": (s) => s.replace("id: alpha\n", "id: alpha\naliases:\n  - old-alpha\n  - beta\n") });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^content\/hotels\/alpha\.yaml:4:5 \/aliases\/1 "beta" is the id of content\/hotels\/beta\.yaml/);
  });

  it("refuses an alias that another hotel already lists", async () => {
    const errors = await errorsOf({
      "hotels/alpha.yaml": (s) => s.replace("id: alpha\n", "id: alpha\naliases: [old-name]\n"),
      "hotels/gamma.yaml": (s) => s.replace("id: gamma\n", "id: gamma\naliases: [old-name]\n"),
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^content\/hotels\/gamma\.yaml:2:11 \/aliases\/0 "old-name" is already an alias in content\/hotels\/alpha\.yaml/);
  });

  it("refuses an alias that is the hotel's own id", async () => {
    const errors = await errorsOf({ "hotels/beta.yaml": (s) => s.replace("id: beta\n", "id: beta\naliases: [beta]\n") });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^content\/hotels\/beta\.yaml:2:11 \/aliases\/0 "beta" is the id of content\/hotels\/beta\.yaml/);
  });
});
