// A hotel's gallery end to end: photographic JPEG, PNG and WebP originals (support/gallery-fixture.ts) go through
// the image stage into AVIF, WebP and JPEG variants at their widths, and the page shows them as a
// keyboard-scrollable strip with alt text in each language.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { decodeHTML } from "entities";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadLinks, srcsetUrls } from "../../src/site/links.js";
import { runCli } from "../support/fixture.js";
import { GALLERY_ALT, galleryFixture } from "../support/gallery-fixture.js";

let fx: Awaited<ReturnType<typeof galleryFixture>>;
let out: string;
let build: Awaited<ReturnType<typeof runCli>>;

beforeAll(async () => {
  fx = await galleryFixture();
  out = path.join(fx.dir, "dist");
  build = await runCli(["build", "--content", fx.content, "--out", out], fx.dir);
}, 120_000);

afterAll(() => fx?.cleanup());

/** The gallery region of a built page and its images' attributes. */
async function gallery(page: string) {
  const html = await readFile(path.join(out, page), "utf8");
  const region = /<div class="gallery" role="region" aria-label="([^"]+)" tabindex="0"><ul class="gallery__list">([\s\S]*?)<\/ul><\/div>/i.exec(html);
  expect(region, page).not.toBeNull();
  const imgs = [...region![2].matchAll(/<img ([^>]*)>/g)].map((m) => Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1].toLowerCase(), decodeHTML(a[2])])));
  const sources = [...region![2].matchAll(/<source type="([^"]+)" srcSet="([^"]+)"/gi)].map((m) => ({ type: m[1], srcset: m[2] }));
  return { html, label: region![1], imgs, sources };
}

describe("a hotel gallery", () => {
  it("builds, and the built site passes the dead-link check", async () => {
    expect(build.err).toBe("");
    expect(build.code).toBe(0);
    const pages = [];
    for (const f of ["test-brand-alpha/index.html", "zh/test-brand-alpha/index.html", "ja/test-brand-alpha/index.html"]) pages.push({ outFile: f, html: await readFile(path.join(out, f), "utf8") });
    const files = new Set<string>();
    const walk = async (d: string, rel = ""): Promise<void> => {
      for (const e of await readdir(d, { withFileTypes: true })) e.isDirectory() ? await walk(path.join(d, e.name), `${rel}${e.name}/`) : files.add(`${rel}${e.name}`);
    };
    await walk(out);
    expect(deadLinks(pages, files, "dist")).toEqual([]);
  });

  it("shows a labelled, focusable strip of lazy images with width, height and alt text in each language", async () => {
    const en = await gallery("test-brand-alpha/index.html");
    expect(en.label).toBe("Photo gallery");
    // The alt text as the page sets it: a typewriter apostrophe becomes a typographic one (GALLERY_ALT.en types ').
    expect(en.imgs.map((i) => i.alt)).toEqual(["The terrace at sunset", "The pool at noon", "The lobby’s marble staircase"]);
    for (const img of en.imgs) {
      expect(img.loading).toBe("lazy");
      expect(Number(img.width)).toBeGreaterThan(0);
      expect(Number(img.height)).toBeGreaterThan(0);
    }
    expect(en.imgs.map((i) => `${i.width}x${i.height}`)).toEqual(["1600x1067", "960x720", "480x320"]);
    const zh = await gallery("zh/test-brand-alpha/index.html");
    expect(zh.label).toBe("中文 Photo gallery");
    expect(zh.imgs.map((i) => i.alt)).toEqual(GALLERY_ALT.zh);
    expect(zh.imgs.every((i) => i.lang === undefined)).toBe(true);
    // Japanese has no alt text of its own: the English shows, marked as English for screen readers.
    const ja = await gallery("ja/test-brand-alpha/index.html");
    expect(ja.imgs.map((i) => [i.alt, i.lang])).toEqual(en.imgs.map((i) => [i.alt, "en"]));
  });

  it("offers AVIF and WebP sources and a JPEG fallback, each file of the type and width its srcset says, never enlarged", async () => {
    const { imgs, sources } = await gallery("test-brand-alpha/index.html");
    expect(sources.map((s) => s.type)).toEqual(["image/avif", "image/webp", "image/avif", "image/webp", "image/avif", "image/webp"]);
    const expectedWidths = [[480, 960, 1600], [480, 960], [480]];
    const formats: Record<string, string> = { "image/avif": "heif", "image/webp": "webp", "image/jpeg": "jpeg" };
    for (const [i, img] of imgs.entries()) {
      const sets = [...sources.slice(i * 2, i * 2 + 2), { type: "image/jpeg", srcset: img.srcset }];
      for (const set of sets) {
        const candidates = set.srcset.split(",").map((c) => c.trim().split(/\s+/));
        expect(candidates.map(([, w]) => Number(w.slice(0, -1))), `${img.alt} ${set.type}`).toEqual(expectedWidths[i]);
        for (const [url, w] of candidates) {
          const meta = await sharp(await readFile(path.join(out, url))).metadata();
          expect(meta.format, url).toBe(formats[set.type]);
          expect(meta.width, url).toBe(Number(w.slice(0, -1)));
        }
      }
      expect(srcsetUrls(img.srcset)).toContain(img.src);
    }
  });
});
