// Budgets as tests: the bundled site, built, must keep every page featherweight (PRODUCT.md: at most 30 KB of
// HTML + CSS + JS gzipped, JS at most 2 KB) and every image sized and described. Times go to `npm run bench`.
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { mkdtemp, rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageWeights, type PageWeight } from "../bench/lib/weight.mjs";
import { build } from "../src/build.js";
import { REPO } from "./support/fixture.js";

const KB = 1024;
let dir: string;
let pages: PageWeight[];
const html = new Map<string, string>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-budget-"));
  await build({ contentDir: path.join(REPO, "content"), outDir: path.join(dir, "dist"), now: new Date("2031-05-01T00:00:00Z") });
  pages = (await pageWeights(path.join(dir, "dist"))).pages;
  for (const p of pages) html.set(p.file, await readFile(path.join(dir, "dist", p.file), "utf8"));
  // A first build with an empty image cache encodes every image; later builds reuse the cache.
}, 300_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Pages that break a rule, as "file: detail" lines (empty when all keep it). */
const breaking = (rule: (p: PageWeight) => string | null) => pages.map((p) => rule(p) && `${p.file}: ${rule(p)}`).filter(Boolean);

/** Every <img> tag of a page. */
const imgs = (file: string) => [...html.get(file)!.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
/** Photographs: every <img> but the language menu's SVG flags (vector icons, no raster formats or loading order). */
const photos = (file: string) => imgs(file).filter((t) => !/\ssrc="\/assets\/flags\//.test(t));

describe("page budgets (bundled site)", () => {
  it("builds every page of the bundled site", () => {
    expect(pages.length).toBeGreaterThanOrEqual(3 * 3);
    expect(pages.map((p) => p.file)).toEqual(expect.arrayContaining(["index.html", "zh/index.html", "ja/index.html", "404.html"]));
  });

  it("keeps every page at or under 30 KB of HTML + CSS + JS, gzipped", () => {
    expect(breaking((p) => (p.total.gz > 30 * KB ? `${(p.total.gz / KB).toFixed(1)} KB` : null))).toEqual([]);
  });

  it("keeps every page's JavaScript at or under 2 KB gzipped, and loads some", () => {
    expect(breaking((p) => (p.js.gz > 2 * KB ? `${(p.js.gz / KB).toFixed(2)} KB of JS` : null))).toEqual([]);
    expect(pages.every((p) => p.js.raw > 0 && p.css.raw > 0)).toBe(true);
  });

  it("gives every <img> a width, a height and an alt attribute", () => {
    const missing = pages.flatMap((p) => imgs(p.file).filter((tag) => !/\swidth="\d+"/.test(tag) || !/\sheight="\d+"/.test(tag) || !/\salt="/.test(tag)).map((tag) => `${p.file}: ${tag}`));
    expect(missing).toEqual([]);
    expect(pages.reduce((n, p) => n + imgs(p.file).length, 0)).toBeGreaterThan(pages.length);
  });

  it("loads only the hero eagerly, with high priority and a preload; every other image is lazy", () => {
    const wrong = pages.flatMap((p) => {
      const tags = photos(p.file);
      const eager = tags.filter((t) => !/\sloading="lazy"/.test(t));
      const problems: string[] = [];
      if (eager.length > 1) problems.push(`${eager.length} eager images`);
      if (eager.some((t) => !/\sfetchpriority="high"/i.test(t))) problems.push("an eager image without fetchpriority=high");
      if (eager.length && !/<link rel="preload" as="image"[^>]*fetchpriority="high"/i.test(html.get(p.file)!)) problems.push("no preload for the hero");
      return problems.map((x) => `${p.file}: ${x}`);
    });
    expect(wrong).toEqual([]);
  });

  it("offers AVIF and WebP before the JPEG fallback for every image", () => {
    const plain = pages.flatMap((p) => {
      const pictures = [...html.get(p.file)!.matchAll(/<picture>(.*?)<\/picture>/g)].map((m) => m[1]);
      // A hero leads with its phone crop (AVIF, WebP, for small screens only), then the whole image.
      // Either spelling of the markup: srcset or React's srcSet, <source ...> or <source .../>.
      const crop = `(?:<source type="image/avif" srcset="[^"]+" sizes="[^"]+" media="[^"]+"/?><source type="image/webp" srcset="[^"]+" sizes="[^"]+" media="[^"]+"/?>)?`;
      const whole = new RegExp(`^${crop}<source type="image/avif" srcset="[^"]+" sizes="[^"]+"/?><source type="image/webp" srcset="[^"]+" sizes="[^"]+"/?><img `, "i");
      const ok = pictures.filter((x) => whole.test(x));
      return ok.length === photos(p.file).length ? [] : [`${p.file}: ${photos(p.file).length - ok.length} images without AVIF and WebP sources`];
    });
    expect(plain).toEqual([]);
  });
});
