// The image stage with sharp: real files of the planned formats and sizes in the content's committed
// .generated/images folder, reused next time, unused ones pruned, and an unusable folder passed over with one warning.
import { lstat, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentErrors, shownPath } from "../../src/errors.js";
import { imageFiles } from "../../src/images/stage.js";
import { setEnv } from "../support/env.js";
import { stderrNotes } from "../support/stderr-notes.js";
import { makeRoutes } from "../../src/site/routes.js";
import type { ImageInfo, SiteSettings } from "../../src/types.js";

const routes = makeRoutes({ brand: { name: "B", slugPrefix: "b" }, baseUrl: "https://example.com", languages: [{ code: "en" }] } as unknown as SiteSettings);
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100" viewBox="0 0 160 100"><rect width="160" height="100" fill="#345"/><circle cx="80" cy="50" r="30" fill="#fc6"/></svg>`;

let dir: string;
let content: string;
let cache: string;
let committed: string;
const images = new Map<string, ImageInfo>([
  ["images/pic.svg", { width: 160, height: 100, hash: "0123456789", ext: "svg" }],
  ["images/photo.png", { width: 1000, height: 500, hash: "9876543210", ext: "png" }],
]);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-images-"));
  content = path.join(dir, "content");
  cache = path.join(dir, "cache");
  committed = path.join(content, ".generated", "images");
  await mkdir(path.join(content, "images"), { recursive: true });
  await writeFile(path.join(content, "images", "pic.svg"), SVG);
  await sharp({ create: { width: 1000, height: 500, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } })
    .png()
    .toFile(path.join(content, "images", "photo.png"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("image stage", () => {
  it("encodes every planned variant into the content's .generated/images and lists it for the output", async () => {
    const result = await imageFiles({ images, contentDir: content, routes, cacheDir: cache });
    // The SVG gets 3 widths x 3 formats + og + the phone crop at 2 widths in AVIF and WebP; the 1000 px PNG is
    // never enlarged: 2 widths x 3 formats + og + its 600 px wide crop at 480 in AVIF and WebP.
    expect(result).toMatchObject({ encoded: 23, cached: 0 });
    expect(result.copies).toHaveLength(23);
    expect((await readdir(committed)).sort()).toEqual(result.copies.map((c) => path.basename(c.from)).sort());
    for (const c of result.copies) expect(path.dirname(c.from)).toBe(committed);
    // The user's cache keeps a copy of each, for other content folders with the same images.
    // Each named by its bytes' digest, so that a damaged one is never used (io/cache.ts).
    expect((await readdir(cache)).map((n) => n.replace(/\.[0-9a-f]{16}$/, "")).sort()).toEqual((await readdir(committed)).sort());
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
    const before = await readdir(committed);
    const result = await imageFiles({ images, contentDir: content, routes, cacheDir: cache });
    expect(result).toMatchObject({ encoded: 0, cached: 23, pruned: 0 });
    expect(await readdir(committed)).toEqual(before);
  });

  it("encodes only the variants of an image whose content changed", async () => {
    const changed = new Map(images);
    changed.set("images/pic.svg", { ...images.get("images/pic.svg")!, hash: "aaaaaaaaaa" });
    const result = await imageFiles({ images: changed, contentDir: content, routes, cacheDir: cache });
    // The old picture's 14 variants are no longer used: pruned from the committed folder.
    expect(result).toMatchObject({ encoded: 14, cached: 9, pruned: 14 });
    expect((await readdir(committed)).sort()).toEqual(result.copies.map((c) => path.basename(c.from)).sort());
  });

  it("copies into a new content folder what the user's cache has, encoding nothing", async () => {
    const other = path.join(dir, "content-other");
    await mkdir(path.join(other, "images"), { recursive: true });
    await writeFile(path.join(other, "images", "pic.svg"), SVG);
    const result = await imageFiles({ images: new Map([...images].slice(0, 1)), contentDir: other, routes, cacheDir: cache });
    expect(result).toMatchObject({ encoded: 0, cached: 14 });
    const generated = path.join(other, ".generated", "images");
    expect((await readdir(generated)).length).toBe(14);
    for (const c of result.copies) expect(path.dirname(c.from)).toBe(generated);
  });

  it("encodes again, with a note, a variant whose bytes in the user's cache no longer match its name", async () => {
    const { lines: notes, restore } = stderrNotes();
    try {
      const [hurt] = (await readdir(cache)).filter((n) => n.endsWith(".avif." + n.split(".").at(-1)));
      await writeFile(path.join(cache, hurt), "cut");
      const other = path.join(dir, "content-third");
      await mkdir(path.join(other, "images"), { recursive: true });
      await writeFile(path.join(other, "images", "pic.svg"), SVG);
      await writeFile(path.join(other, "images", "photo.png"), await sharp(path.join(content, "images", "photo.png")).toBuffer());
      const result = await imageFiles({ images, contentDir: other, routes, cacheDir: cache });
      expect(result).toMatchObject({ encoded: 1, cached: 22 });
      expect(notes).toEqual([`hotelsite: the cache entry ${path.join(cache, hurt)} was damaged (it does not hold what its name says); it is made again`]);
      for (const c of result.copies) expect((await sharp(c.from).metadata()).width).toBeGreaterThan(0);
    } finally {
      restore();
    }
  });

  it("prunes only variant names: other files in the folder stay", async () => {
    await writeFile(path.join(committed, "README"), "mine");
    // Half-written files: one of a build killed mid-write (no such process), one of a build still running (this one).
    const dead = `.0123456789-480.avif.${2 ** 22 + 1}.abc123`;
    const live = `.0123456789-960.avif.${process.pid}.def456`;
    await writeFile(path.join(committed, dead), "half");
    await writeFile(path.join(committed, live), "half");
    const result = await imageFiles({ images: new Map([...images].slice(1)), contentDir: content, routes, cacheDir: cache });
    expect(result).toMatchObject({ encoded: 0, pruned: 14 });
    expect(await readdir(committed)).toContain("README");
    expect(await readdir(committed)).not.toContain(dead);
    expect(await readdir(committed)).toContain(live);
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

describe("image stage with an image the encoder fails on", () => {
  it("is a content error naming the image and the encoder's reason, never its stack", async () => {
    const c6 = path.join(dir, "content6");
    await mkdir(path.join(c6, "images"), { recursive: true });
    // Whole to the screen (chunks and checksums in order), but its image data is not zlib data.
    const good = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123" } }).png().toBuffer();
    const at = good.indexOf("IDAT") - 4;
    const length = good.readUInt32BE(at);
    const idat = Buffer.concat([Buffer.from("IDAT"), Buffer.alloc(length, 0x5a)]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(idat));
    const bad = Buffer.concat([good.subarray(0, at + 4), idat, crc, good.subarray(at + 12 + length)]);
    await writeFile(path.join(c6, "images", "bad.png"), bad);
    const info: ImageInfo = { width: 64, height: 64, hash: "7777777777", ext: "png" };
    const failed = await imageFiles({ images: new Map([["images/bad.png", info]]), contentDir: c6, routes, cacheDir: path.join(dir, "cache6") }).then(() => undefined, (e: unknown) => e);
    expect(failed).toBeInstanceOf(ContentErrors);
    const [error] = (failed as ContentErrors).errors;
    expect(error.format().startsWith(`${shownPath(path.join(c6, "images", "bad.png"))} cannot be encoded: `)).toBe(true);
    expect(error.format()).toMatch(/\n    hint: export it again from your image editor \(.png, .jpg, .webp, .avif, or a plain SVG\)$/);
    expect(error.format()).not.toMatch(/\bat \S+ \(/);
  });
});

describe("image stage with unusable folders", () => {
  const one = new Map([...images].slice(1));
  it("passes over a committed folder that is a file, and a cache that is a file, with one warning each", async () => {
    const c2 = path.join(dir, "content2");
    await mkdir(path.join(c2, "images"), { recursive: true });
    await writeFile(path.join(c2, "images", "photo.png"), await sharp(path.join(content, "images", "photo.png")).toBuffer());
    await writeFile(path.join(c2, ".generated"), "a file");
    await writeFile(path.join(dir, "cache-file"), "a file");
    const warnings: string[] = [];
    const opts = { images: one, contentDir: c2, routes, cacheDir: path.join(dir, "cache-file"), warn: (m: string) => warnings.push(m) };
    const first = await imageFiles(opts);
    expect(first).toMatchObject({ encoded: 9, pruned: 0 });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/\.generated.images cannot hold image variants \(it is not a folder\)/);
    expect(warnings[1]).toMatch(/image cache .*cache-file cannot be used \(it is not a folder\); new image variants go to /);
    // Every copy comes from the temporary folder named in the warning, and the next run does not warn again.
    for (const c of first.copies) expect(warnings[1]).toContain(path.dirname(c.from));
    await imageFiles(opts);
    expect(warnings).toHaveLength(2);
  });

  it("never publishes a variant that is a symbolic link: it is made again", async () => {
    const c4 = path.join(dir, "content4");
    const generated = path.join(c4, ".generated", "images");
    await mkdir(path.join(c4, "images"), { recursive: true });
    await writeFile(path.join(c4, "images", "photo.png"), await sharp(path.join(content, "images", "photo.png")).toBuffer());
    const first = await imageFiles({ images: one, contentDir: c4, routes, cacheDir: path.join(dir, "cache4") });
    const victim = first.copies[0].from;
    await rm(victim);
    await writeFile(path.join(dir, "secret"), "not an image");
    await symlink(path.join(dir, "secret"), victim);
    const again = await imageFiles({ images: one, contentDir: c4, routes, cacheDir: path.join(dir, "cache4") });
    expect((await lstat(victim)).isFile()).toBe(true);
    expect((await sharp(victim).metadata()).width).toBeGreaterThan(0);
    expect(again.copies.map((c) => c.from)).toContain(victim);
  });

  it("with the user cache unusable, falls back to the private one in the temp folder that the next build finds again", async () => {
    let restore: (() => void) | undefined;
    let restoreEnv: (() => void) | undefined;
    const c5 = path.join(dir, "content5");
    try {
      await mkdir(path.join(c5, "images"), { recursive: true });
      await writeFile(path.join(c5, "images", "photo.png"), await sharp(path.join(content, "images", "photo.png")).toBuffer());
      await writeFile(path.join(c5, ".generated"), "a file");
      await mkdir(path.join(dir, "xdg"));
      await writeFile(path.join(dir, "xdg", "hotelsite"), "a file where the cache folder goes");
      await mkdir(path.join(dir, "tmp"));
      restoreEnv = setEnv({ XDG_CACHE_HOME: path.join(dir, "xdg"), TMPDIR: path.join(dir, "tmp") });
      const caught = stderrNotes();
      restore = caught.restore;
      const notes = caught.lines;
      const warnings: string[] = [];
      const first = await imageFiles({ images: one, contentDir: c5, routes, warn: (m) => warnings.push(m) });
      const fallback = path.join(dir, "tmp", `hotelsite-${process.getuid!()}`, "images");
      expect(first.encoded).toBe(9);
      expect(notes).toEqual([`hotelsite: the cache folder ${path.join(dir, "xdg", "hotelsite")} is not used (it is not a folder); the cache is in ${path.dirname(fallback)}`]);
      expect(warnings).toEqual([`hotelsite: ${path.join(c5, ".generated", "images")} cannot hold image variants (it is not a folder); remove it to have it made again`]);
      const again = await imageFiles({ images: one, contentDir: c5, routes, warn: (m) => warnings.push(m) });
      expect(again).toMatchObject({ encoded: 0, cached: 9 });
      for (const c of again.copies) expect(path.dirname(c.from)).toBe(fallback);
    } finally {
      restore?.();
      restoreEnv?.();
    }
  });

  it("never writes through a committed folder that is a symbolic link", async () => {
    const c3 = path.join(dir, "content3");
    const elsewhere = path.join(dir, "elsewhere");
    await mkdir(path.join(c3, "images"), { recursive: true });
    await mkdir(elsewhere);
    await writeFile(path.join(c3, "images", "photo.png"), await sharp(path.join(content, "images", "photo.png")).toBuffer());
    await symlink(elsewhere, path.join(c3, ".generated"));
    const warnings: string[] = [];
    const result = await imageFiles({ images: one, contentDir: c3, routes, cacheDir: path.join(dir, "cache3"), warn: (m) => warnings.push(m) });
    expect(warnings.join("\n")).toMatch(/cannot hold image variants \(it is a symbolic link\)/);
    expect(await readdir(elsewhere)).toEqual([]);
    for (const c of result.copies) expect(path.dirname(c.from)).toBe(path.join(dir, "cache3"));
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
