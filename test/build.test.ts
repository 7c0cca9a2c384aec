// Integration: the fixture site through the whole pipeline, checked at specific places of the output.
import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../src/build.js";
import { fixtureCopy } from "./support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let result: BuildResult;
const out = () => path.join(fx.dir, "dist");
const read = (file: string) => readFile(path.join(out(), file), "utf8");

beforeAll(async () => {
  fx = await fixtureCopy();
  result = await build({ contentDir: "content", outDir: "dist", cwd: fx.dir, now: new Date("2031-05-01T00:00:00Z") });
});
afterAll(() => fx.cleanup());

/** Every file under a folder, relative, sorted. */
async function files(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await files(full, base)));
    else out.push(path.relative(base, full));
  }
  return out.sort();
}

describe("build (fixture site)", () => {
  it("writes every route of PRODUCT.md's table in every language", async () => {
    const html = (await files(out())).filter((f) => f.endsWith(".html"));
    expect(html).toEqual(
      [
        "404.html",
        "index.html",
        "test-brand-alpha/index.html",
        "test-brand-beta/index.html",
        "test-brand-gamma/index.html",
        ...["ja", "zh"].flatMap((l) => [`${l}/404.html`, `${l}/index.html`, `${l}/test-brand-alpha/index.html`, `${l}/test-brand-beta/index.html`, `${l}/test-brand-gamma/index.html`]),
      ].sort(),
    );
    expect(result.pages).toHaveLength(15);
  });

  it("starts each page with a doctype and sets <html lang> from the path's language", async () => {
    expect((await read("index.html")).startsWith("<!doctype html><html lang=\"en\"")).toBe(true);
    expect(await read("zh/test-brand-beta/index.html")).toMatch(/^<!doctype html><html lang="zh-Hans"/);
    expect(await read("ja/404.html")).toMatch(/^<!doctype html><html lang="ja"/);
  });

  it("uses each language's title, falling back per field to English", async () => {
    const title = async (f: string) => /<title>([^<]*)<\/title>/.exec(await read(f))?.[1];
    expect(await title("test-brand-alpha/index.html")).toBe("Alpha Hotel");
    expect(await title("zh/test-brand-alpha/index.html")).toBe("阿尔法");
    expect(await title("ja/test-brand-gamma/index.html")).toBe("ガンマ");
    expect(await title("ja/test-brand-alpha/index.html")).toBe("Alpha Hotel");
  });

  it("records every fallback by source, language and field", () => {
    const zhAlpha = result.coverage.find((c) => c.source === "hotel:alpha" && c.lang === "zh")!;
    expect(zhAlpha.fallbacks).toContain("/tagline");
    expect(zhAlpha.fallbacks).toContain("/sections/0/text");
    expect(zhAlpha.fallbacks).not.toContain("/sections/0/title");
    expect(zhAlpha.fallbacks).not.toContain("/name");
    const zhStrings = result.coverage.find((c) => c.source === "strings" && c.lang === "zh")!;
    expect(zhStrings.fallbacks).toEqual(["/notFoundText"]);
    expect(result.coverage.filter((c) => c.lang === "en").every((c) => c.fallbacks.length === 0)).toBe(true);
  });

  it("links every Book button to its own affiliate URL with the partner id, in a new tab, sponsored", async () => {
    const html = await read("zh/test-brand-gamma/index.html");
    const books = [...html.matchAll(/<a [^>]*data-book[^>]*>/g)].map((m) => m[0]);
    expect(books.length).toBeGreaterThanOrEqual(3);
    expect(books.some((b) => b.includes('href="https://book.example.com/hotel/gamma?aid=42"'))).toBe(true);
    expect(books.some((b) => b.includes('href="https://book.example.com/search?aid=42"'))).toBe(true);
    for (const b of books) {
      expect(b).toContain('target="_blank"');
      expect(b).toContain('rel="sponsored nofollow noopener"');
    }
  });

  it("renders the not-found page in its language, linking to that language's home", async () => {
    const html = await read("zh/404.html");
    expect(html).toContain("中文 notFoundTitle");
    expect(html).toMatch(/<a class="?button"? href="?\/zh\/"?>中文 returnHome<\/a>/);
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(html).not.toContain('rel="canonical"');
  });

  it("writes hashed assets that the pages link", async () => {
    const all = await files(out());
    const css = all.find((f) => /^assets\/site\.[A-Z0-9]+\.css$/.test(f));
    const js = all.find((f) => /^assets\/site\.[A-Z0-9]+\.js$/.test(f));
    expect(css && js).toBeTruthy();
    const html = await read("index.html");
    expect(html).toContain(`href="/${css}"`);
    expect(html).toMatch(new RegExp(`<script src="?/${js!.replace(/\./g, "\\.")}"? defer`));
    // Content images are written as the image stage's variants (src/images/), under content-hashed names.
    expect(all.filter((f) => /^assets\/images\/alpha\.[0-9a-f]{10}-(480|960|1600)\.(avif|webp|jpg)$/.test(f))).toHaveLength(9);
  });

  it("puts the build year in the footer", async () => {
    expect(await read("index.html")).toContain('© <span data-year="true">2031</span> Test Brand Guide.');
  });

  it("leaves no temporary folder beside the output", async () => {
    expect((await readdir(fx.dir)).sort()).toEqual(["content", "dist"]);
  });
});

describe("a failed build", () => {
  it("leaves the existing output byte-for-byte unchanged", async () => {
    const before = await Promise.all((await files(out())).map(async (f) => [f, await read(f), (await stat(path.join(out(), f))).mtimeMs] as const));
    const broken = await fixtureCopy({ "hotels/beta.yaml": (s) => s.replace("layout: story", "layout: [") });
    try {
      await expect(build({ contentDir: path.join(broken.content), outDir: out(), cwd: fx.dir })).rejects.toThrow("1 content error");
    } finally {
      await broken.cleanup();
    }
    const after = await Promise.all((await files(out())).map(async (f) => [f, await read(f), (await stat(path.join(out(), f))).mtimeMs] as const));
    expect(after).toEqual(before);
    expect((await readdir(fx.dir)).sort()).toEqual(["content", "dist"]);
  });
});
