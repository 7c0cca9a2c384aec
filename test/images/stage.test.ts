// The image stage with sharp: real files of the planned formats and sizes, reused from the cache next time.
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageFiles } from "../../src/images/stage.js";
import { makeRoutes } from "../../src/site/routes.js";
import type { ImageInfo, SiteSettings } from "../../src/types.js";

const routes = makeRoutes({ brand: { name: "B", slugPrefix: "b" }, baseUrl: "https://example.com", languages: [{ code: "en" }] } as unknown as SiteSettings);
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100" viewBox="0 0 160 100"><rect width="160" height="100" fill="#345"/><circle cx="80" cy="50" r="30" fill="#fc6"/></svg>`;

let dir: string;
let content: string;
let cache: string;
const images = new Map<string, ImageInfo>([
  ["images/pic.svg", { width: 160, height: 100, hash: "0123456789", ext: "svg" }],
  ["images/photo.png", { width: 1000, height: 500, hash: "9876543210", ext: "png" }],
]);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-images-"));
  content = path.join(dir, "content");
  cache = path.join(dir, "cache");
  await mkdir(path.join(content, "images"), { recursive: true });
  await writeFile(path.join(content, "images", "pic.svg"), SVG);
  await sharp({ create: { width: 1000, height: 500, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } })
    .png()
    .toFile(path.join(content, "images", "photo.png"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("image stage", () => {
  it("encodes every planned variant into the cache and lists it for the output", async () => {
    const result = await imageFiles({ images, contentDir: content, routes, cacheDir: cache });
    // The SVG gets 3 widths x 3 formats + og + the phone crop at 2 widths in AVIF and WebP; the 1000 px PNG is
    // never enlarged: 2 widths x 3 formats + og + its 600 px wide crop at 480 in AVIF and WebP.
    expect(result).toMatchObject({ encoded: 23, cached: 0 });
    expect(result.copies).toHaveLength(23);
    expect((await readdir(cache)).sort()).toEqual(result.copies.map((c) => path.basename(c.from)).sort());
    for (const c of result.copies) expect(c.path).toMatch(/^assets\/images\/(pic|photo)\.[0-9a-f]{10}-(f50x50s60-)?(480|960|1600|og)\.(avif|webp|jpg)$/);
  });

  it("writes each format at its planned size, rendering vectors at that size", async () => {
    const { copies } = await imageFiles({ images, contentDir: content, routes, cacheDir: cache });
    const meta = async (re: RegExp) => sharp(copies.find((c) => re.test(c.path))!.from).metadata();
    expect(await meta(/pic\.\w+-1600\.avif$/)).toMatchObject({ format: "heif", width: 1600, height: 1000 });
    expect(await meta(/pic\.\w+-480\.webp$/)).toMatchObject({ format: "webp", width: 480, height: 300 });
    expect(await meta(/pic\.\w+-960\.jpg$/)).toMatchObject({ format: "jpeg", width: 960, height: 600 });
    expect(await meta(/photo\.\w+-960\.jpg$/)).toMatchObject({ format: "jpeg", width: 960, height: 480 });
    expect(copies.some((c) => /photo\.\w+-1600\./.test(c.path))).toBe(false);
  });

  it("makes the link-preview image a 1200x630 JPEG, cropped to fill", async () => {
    const { copies } = await imageFiles({ images, contentDir: content, routes, cacheDir: cache });
    for (const og of copies.filter((c) => c.path.endsWith("-og.jpg"))) {
      expect(await sharp(og.from).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    }
  });

  it("encodes nothing on the next build when the images did not change", async () => {
    const before = await readdir(cache);
    const result = await imageFiles({ images, contentDir: content, routes, cacheDir: cache });
    expect(result).toMatchObject({ encoded: 0, cached: 23 });
    expect(await readdir(cache)).toEqual(before);
  });

  it("encodes only the variants of an image whose content changed", async () => {
    const changed = new Map(images);
    changed.set("images/pic.svg", { ...images.get("images/pic.svg")!, hash: "aaaaaaaaaa" });
    const result = await imageFiles({ images: changed, contentDir: content, routes, cacheDir: cache });
    expect(result).toMatchObject({ encoded: 14, cached: 9 });
  });

  it("cuts the phone crop around the focal point, from vectors and rasters alike", async () => {
    await writeFile(path.join(content, "images", "halves.png"), await halves());
    const focused = new Map<string, ImageInfo>([
      ["images/pic.svg", { ...images.get("images/pic.svg")!, focus: { x: 100, y: 50 } }],
      ["images/halves.png", { width: 1000, height: 500, hash: "5555555555", ext: "png", focus: { x: 100, y: 50 } }],
      ["images/halves-left.png", { width: 1000, height: 500, hash: "5555555555", ext: "png", focus: { x: 0, y: 50 } }],
    ]);
    await writeFile(path.join(content, "images", "halves-left.png"), await halves());
    const { copies } = await imageFiles({ images: focused, contentDir: content, routes, cacheDir: cache });
    const pixel = async (re: RegExp, x: number, y: number) => {
      const file = copies.find((c) => re.test(c.path))!.from;
      const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    };
    // The SVG's crop is its right 60% (x 64-160 of 160): the gold circle at x 80 lands at 80 of 480, dark beyond.
    expect(await sharp(copies.find((c) => /pic\.\w+-f100x50s60-480\.webp$/.test(c.path))!.from).metadata()).toMatchObject({ width: 480, height: 300 });
    expect(isGold(await pixel(/pic\.\w+-f100x50s60-480\.webp$/, 80, 150))).toBe(true);
    expect(isGold(await pixel(/pic\.\w+-f100x50s60-480\.webp$/, 420, 150))).toBe(false);
    // The link preview is cut around the point as well, at its exact size.
    expect(await sharp(copies.find((c) => /pic\.\w+-og-f100x50\.jpg$/.test(c.path))!.from).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    // The raster's crop with the point at the right edge is mostly the blue half; at the left edge, the red one.
    expect(isRed(await pixel(/halves\.\w+-f100x50s60-480\.webp$/, 300, 140))).toBe(false);
    expect(isRed(await pixel(/halves-left\.\w+-f0x50s60-480\.webp$/, 300, 140))).toBe(true);
  });
});

/** A 1000x500 PNG: red left half, blue right half. */
function halves(): Promise<Buffer> {
  const red = { r: 220, g: 20, b: 20 };
  return sharp({ create: { width: 1000, height: 500, channels: 3, background: { r: 20, g: 20, b: 220 } } })
    .composite([{ input: { create: { width: 500, height: 500, channels: 3, background: red } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

const isGold = ([r, g, b]: number[]) => r > 200 && g > 150 && b < 150;
const isRed = ([r, g, b]: number[]) => r > 150 && g < 80 && b < 80;
