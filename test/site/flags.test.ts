// The language menu's flags: SVG images from flag-icons when site.yaml asks for them, the name alone otherwise;
// never emoji, which render as letter pairs or empty boxes on some systems.
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { countryOfFlag } from "../../src/content/flags.js";
import { fixtureCopy } from "../support/fixture.js";

const require = createRequire(import.meta.url);
const flagIcon = (country: string) => readFile(require.resolve(`flag-icons/flags/4x3/${country}.svg`), "utf8");

describe("countryOfFlag", () => {
  it("reads the two regional indicator letters of a flag emoji", () => {
    expect(countryOfFlag("🇬🇧")).toBe("gb");
    expect(countryOfFlag("🇯🇵")).toBe("jp");
    expect(countryOfFlag("GB")).toBeUndefined();
    expect(countryOfFlag("🏴")).toBeUndefined();
  });
});

describe("language menu flags", () => {
  let svg: Awaited<ReturnType<typeof fixtureCopy>>;
  let none: Awaited<ReturnType<typeof fixtureCopy>>;
  beforeAll(async () => {
    svg = await fixtureCopy({ "site.yaml": (s) => s.replace("contactEmail:", "languageMenu: { flags: svg }\ncontactEmail:") });
    none = await fixtureCopy();
    await build({ contentDir: "content", outDir: "dist", cwd: svg.dir });
    await build({ contentDir: "content", outDir: "dist", cwd: none.dir });
  });
  afterAll(async () => {
    await svg.cleanup();
    await none.cleanup();
  });

  it("with flags: svg, shows each language's flag-icons SVG, copied as a hashed asset, beside its name", async () => {
    const html = await readFile(path.join(svg.dir, "dist/zh/test-brand-alpha/index.html"), "utf8");
    const imgs = [...html.matchAll(/<img class="lang-flag" src="(\/assets\/flags\/([a-z]{2})\.[0-9a-f]{10}\.svg)" alt="" width="20" height="15"\/?>/g)];
    // The menu button (current language), the menu's three items and the mobile menu's three.
    expect(imgs.map((m) => m[2])).toEqual(["cn", "gb", "cn", "jp", "gb", "cn", "jp"]);
    for (const [, src, country] of imgs) expect(await readFile(path.join(svg.dir, "dist", src), "utf8")).toBe(await flagIcon(country));
    expect(html).not.toContain("🇨🇳");
  });

  it("without it, shows the language's own name only: no image, no emoji, no flag files", async () => {
    const html = await readFile(path.join(none.dir, "dist/zh/test-brand-alpha/index.html"), "utf8");
    expect(html).not.toContain("lang-flag");
    for (const emoji of ["🇬🇧", "🇨🇳", "🇯🇵"]) expect(html).not.toContain(emoji);
    expect(html).toContain(">中文</a>");
    expect(existsSync(path.join(none.dir, "dist/assets/flags"))).toBe(false);
  });
});
