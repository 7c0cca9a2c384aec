// Link previews need a raster image: every page's og:image is an absolute URL of a 1200x630 JPEG that the
// build made from the page's (SVG) image and wrote into the output.
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { fixtureCopy } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
const page = (f: string) => readFile(path.join(fx.dir, "dist", f), "utf8");
const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

beforeAll(async () => {
  fx = await fixtureCopy();
  await build({ contentDir: "content", outDir: "dist", cwd: fx.dir, now: new Date("2031-05-01T00:00:00Z") });
}, 120_000);
afterAll(() => fx.cleanup());

describe("og:image", () => {
  it("is an absolute URL of a 1200x630 JPEG in the output, made from the hotel's SVG", async () => {
    const html = await page("zh/test-brand-alpha/index.html");
    const og = meta(html, "og:image")!;
    expect(og).toMatch(/^https:\/\/fixture\.example\.com\/assets\/images\/alpha\.[0-9a-f]{10}-og\.jpg$/);
    expect(meta(html, "twitter:image")).toBe(og);
    const file = path.join(fx.dir, "dist", new URL(og).pathname);
    expect(await sharp(file).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  it("uses the site's default image for a hotel without one, and the home image on home and 404 pages", async () => {
    expect(meta(await page("test-brand-beta/index.html"), "og:image")).toMatch(/\/assets\/images\/default\.[0-9a-f]{10}-og\.jpg$/);
    expect(meta(await page("ja/index.html"), "og:image")).toMatch(/\/assets\/images\/home\.[0-9a-f]{10}-og\.jpg$/);
    expect(meta(await page("404.html"), "og:image")).toMatch(/\/assets\/images\/home\.[0-9a-f]{10}-og\.jpg$/);
  });

  it("gives structured data a raster image too", async () => {
    const html = await page("test-brand-alpha/index.html");
    const hotel = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1])).find((j) => j["@type"] === "Hotel");
    expect(hotel.image).toMatch(/^https:\/\/fixture\.example\.com\/assets\/images\/alpha\.[0-9a-f]{10}-960\.jpg$/);
  });
});
