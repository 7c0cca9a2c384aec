// check's authoring warnings on the fixture site: untranslated fields, long meta text (CJK counted double),
// and TODO placeholders, each at its file, line and pointer.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../src/build.js";
import { authoringWarnings, META_LIMITS, textWidth } from "../../src/check/warnings.js";
import { fixtureCopy, runCli, type Edit } from "../support/fixture.js";

/** The authoring warnings of the fixture with these edits, as "file:line:column pointer message" lines. */
async function warningsWith(edits: Record<string, Edit>) {
  const fx = await fixtureCopy(edits);
  try {
    const result = await check({ contentDir: "content", outDir: "dist", cwd: fx.dir, now: new Date("2031-01-01T00:00:00Z") });
    const found = authoringWarnings(result);
    return { ...found, lines: found.warnings.map((w) => `${w.place.file}:${w.place.line}:${w.place.column} ${w.place.pointer} ${w.message}`) };
  } finally {
    await fx.cleanup();
  }
}

describe("textWidth", () => {
  it("counts Latin characters once and CJK characters, kana and full-width punctuation twice", () => {
    expect(textWidth("Grand Hyatt")).toBe(11);
    expect(textWidth("雅典君悦酒店")).toBe(12);
    expect(textWidth("グランド ハイアット")).toBe(19);
    expect(textWidth("酒店｜卫城")).toBe(10);
    expect(textWidth("한국")).toBe(4);
    expect(textWidth("ｱｲ")).toBe(2);
    expect(textWidth("😀")).toBe(1);
  });
});

describe("authoringWarnings", () => {
  it("warns at a fact whose number the hotel's English copy never states, and not at one it does", async () => {
    // alpha's description says "A seaside hotel with 1,234 rooms."
    const { lines } = await warningsWith({ "hotels/alpha.yaml": (s) => s.replace("text:\n", "facts:\n  - { kind: rooms, value: 1234 }\n  - { kind: pools, value: 7 }\ntext:\n") });
    expect(lines.filter((l) => l.includes("/facts/"))).toEqual(["content/hotels/alpha.yaml:8:27 /facts/1/value 7 is not in this hotel's en copy (looked for: 7, seven); a key fact must repeat a figure the copy states: write it into the copy, or remove the fact"]);
  });

  it("lists the untranslated fields of each file and language at the language's block", async () => {
    const { lines } = await warningsWith({});
    expect(lines).toContain("content/strings.yaml:74:1 /zh zh: 1 of 72 fields untranslated (shown in en): /notFoundText");
    expect(lines).toContain("content/home.yaml:66:1 /ja ja: 1 of 31 fields untranslated (shown in en): /heroSubtitle");
    expect(lines).toContain("content/hotels/alpha.yaml:31:3 /text/zh zh: 23 of 27 fields untranslated (shown in en): /title, /location, /locality, /country, /description and 18 more");
    expect(lines.filter((l) => l.includes(" en: "))).toEqual([]);
  });

  it("warns about titles over 60 and descriptions over 160 characters, CJK characters counting double", async () => {
    const { lines } = await warningsWith({
      "hotels/alpha.yaml": (s) =>
        s
          .replace("metaTitle: Alpha Hotel", `metaTitle: ${"A".repeat(META_LIMITS.title + 1)}`)
          .replace("metaDescription: Stay at Alpha.", `metaDescription: ${"d".repeat(META_LIMITS.description)}`)
          .replace("metaTitle: 阿尔法", `metaTitle: ${"阿".repeat(31)}`)
          .replace("metaDescription: 入住阿尔法。", `metaDescription: ${"入".repeat(80)}`),
    });
    const meta = lines.filter((l) => l.includes("characters wide"));
    expect(meta).toEqual([
      "content/hotels/alpha.yaml:15:16 /text/en/metaTitle is 61 characters wide; search results show about 60 of a title (CJK characters count double)",
      "content/hotels/alpha.yaml:33:16 /text/zh/metaTitle is 62 characters wide; search results show about 60 of a title (CJK characters count double)",
    ]);
  });

  it("finds TODO placeholders one by one, or as one warning listing their lines when there are many", async () => {
    const few = await warningsWith({ "hotels/beta.yaml": (s) => s.replace("Beta intro.", "\"TODO: write the intro\"") });
    expect(few.placeholders).toBe(1);
    expect(few.lines).toContain("content/hotels/beta.yaml:16:12 /text/en/intro still holds a TODO placeholder");
    const many = await warningsWith({ "hotels/beta.yaml": (s) => s.replace(/text: (\w+) text\./g, "text: TODO").replace("Beta intro.", "TODO") });
    expect(many.placeholders).toBe(4);
    expect(many.lines).toContain("content/hotels/beta.yaml:16:12 /text/en/intro still holds a TODO placeholder, and 3 more on lines 18, 19, 20");
  });

  it("names pointers instead of lines in a file saved again since it was read (its lines may have moved)", async () => {
    const fx = await fixtureCopy({ "hotels/beta.yaml": (s) => s.replace(/text: (\w+) text\./g, "text: TODO").replace("Beta intro.", "TODO") });
    try {
      const result = await check({ contentDir: "content", outDir: "dist", cwd: fx.dir, now: new Date("2031-01-01T00:00:00Z") });
      const beta = path.join(fx.content, "hotels", "beta.yaml");
      await writeFile(beta, `# a line added above everything\n${await readFile(beta, "utf8")}`);
      const warning = authoringWarnings(result).warnings.find((w) => w.place.file === "content/hotels/beta.yaml" && /TODO/.test(w.message))!;
      expect(warning.place).toEqual({ file: "content/hotels/beta.yaml", pointer: "/text/en/intro", line: undefined, column: undefined });
      expect(warning.message).toMatch(/^still holds a TODO placeholder, and 3 more at \/text\/en\/sections\/0\/text, /);
    } finally {
      await fx.cleanup();
    }
  });
});

describe("hotelsite check", () => {
  it("prints the warnings grouped under their file and a summary line", async () => {
    const fx = await fixtureCopy({ "hotels/beta.yaml": (s) => s.replace("metaTitle: Beta Hotel", `metaTitle: ${"B".repeat(70)}`) });
    try {
      const r = await runCli(["check"], fx.dir);
      expect(r.code).toBe(0);
      const block = r.out.slice(r.out.indexOf("content/hotels/beta.yaml\n"));
      expect(block.split("\n").slice(0, 5)).toEqual([
        "content/hotels/beta.yaml",
        "  /image has no image of its own; the site's default image is used",
        "  5:3 /text/zh zh: 19 of 19 fields untranslated (shown in en): /name, /title, /location, /locality, /country and 14 more",
        "  5:3 /text/ja ja: 19 of 19 fields untranslated (shown in en): /name, /title, /location, /locality, /country and 14 more",
        "  13:16 /text/en/metaTitle is 70 characters wide; search results show about 60 of a title (CJK characters count double)",
      ]);
      expect(r.out.trim().split("\n").at(-1)).toMatch(/^15 pages checked: \d+ fields fall back to en, 10 warnings in 5 files\.$/);
    } finally {
      await fx.cleanup();
    }
  });
});
