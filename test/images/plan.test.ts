// The image plan: which variants an image gets, under which names, and the view templates receive.
import { describe, expect, it } from "vitest";
import { cropRegion, imagePlan, ogRegion, planImage, VARIANT_FILE, widthsFor } from "../../src/images/plan.js";
import type { ImageInfo } from "../../src/types.js";

const svg: ImageInfo = { width: 1600, height: 1000, hash: "aaaaaaaaaa", ext: "svg" };
const url = (part: string, ext: string) => `/assets/images/x.${part}.${ext}`;

describe("image plan", () => {
  it("names every variant it plans so that the committed folder's prune recognises it, and nothing else", () => {
    const names = [svg, { ...svg, focus: { x: 15, y: 45 } }, { ...svg, ext: "jpg", width: 600, height: 400 }].flatMap((info) => planImage("images/x", info, url).variants.map((v) => v.cacheName));
    expect(names.filter((n) => !VARIANT_FILE.test(n))).toEqual([]);
    expect(names.some((n) => /-og-f15x45\.jpg$/.test(n)) && names.some((n) => /-f15x45s60-480\.webp$/.test(n))).toBe(true);
    for (const other of ["README", "notes.txt", "0123456789-480.png", ".0123456789-480.avif.12.ab"]) expect(VARIANT_FILE.test(other)).toBe(false);
  });

  it("makes every width of a vector image, and only widths a raster image has", () => {
    expect(widthsFor(svg)).toEqual([480, 960, 1600]);
    expect(widthsFor({ ...svg, width: 320, height: 200 })).toEqual([480, 960, 1600]);
    expect(widthsFor({ ...svg, ext: "png", width: 1200, height: 800 })).toEqual([480, 960]);
    expect(widthsFor({ ...svg, ext: "jpg", width: 300, height: 200 })).toEqual([300]);
  });

  it("plans AVIF, WebP and JPEG at each width, one 1200x630 JPEG for link previews and the phone crop in AVIF and WebP", () => {
    const plan = planImage("images/x.svg", svg, url);
    expect(plan.variants.map((v) => `${v.format} ${v.width}x${v.height} ${v.fit}${v.region ? " crop" : ""}`)).toEqual([
      "avif 480x300 inside",
      "avif 960x600 inside",
      "avif 1600x1000 inside",
      "webp 480x300 inside",
      "webp 960x600 inside",
      "webp 1600x1000 inside",
      "jpeg 480x300 inside",
      "jpeg 960x600 inside",
      "jpeg 1600x1000 inside",
      "jpeg 1200x630 cover",
      "avif 480x300 inside crop",
      "avif 960x600 inside crop",
      "webp 480x300 inside crop",
      "webp 960x600 inside crop",
    ]);
    expect(new Set(plan.variants.map((v) => v.url)).size).toBe(14);
    expect(plan.variants.every((v) => v.url === url(v.cacheName.replace(/\.[a-z]+$/, ""), v.cacheName.split(".").pop()!))).toBe(true);
  });

  it("gives templates a JPEG fallback, its srcset, AVIF then WebP sources and the og image", () => {
    const { view, variants } = planImage("images/x.svg", svg, url);
    const key = variants[0].cacheName.split("-")[0];
    expect(key).toMatch(/^[0-9a-f]{10}$/);
    expect(view).toEqual({
      src: `/assets/images/x.${key}-960.jpg`,
      width: 1600,
      height: 1000,
      srcset: `/assets/images/x.${key}-480.jpg 480w, /assets/images/x.${key}-960.jpg 960w, /assets/images/x.${key}-1600.jpg 1600w`,
      sources: [
        { type: "image/avif", srcset: `/assets/images/x.${key}-480.avif 480w, /assets/images/x.${key}-960.avif 960w, /assets/images/x.${key}-1600.avif 1600w` },
        { type: "image/webp", srcset: `/assets/images/x.${key}-480.webp 480w, /assets/images/x.${key}-960.webp 960w, /assets/images/x.${key}-1600.webp 1600w` },
      ],
      og: `/assets/images/x.${key}-og.jpg`,
      focus: { x: 50, y: 50 },
      crops: [
        { type: "image/avif", media: "(max-width: 767px)", srcset: `/assets/images/x.${key}-f50x50s60-480.avif 480w, /assets/images/x.${key}-f50x50s60-960.avif 960w` },
        { type: "image/webp", media: "(max-width: 767px)", srcset: `/assets/images/x.${key}-f50x50s60-480.webp 480w, /assets/images/x.${key}-f50x50s60-960.webp 960w` },
      ],
    });
  });

  it("falls back to the largest JPEG when a small raster has no 960 px variant", () => {
    const { view } = planImage("images/x.png", { ...svg, ext: "png", width: 600, height: 400 }, url);
    expect(view.src).toMatch(/-480\.jpg$/);
    expect([view.width, view.height]).toEqual([480, 320]);
  });

  it("names variants by the source's content, so a changed image gets new names and an unchanged one keeps them", () => {
    const a = planImage("images/x.svg", svg, url).view.src;
    expect(planImage("images/x.svg", svg, url).view.src).toBe(a);
    expect(planImage("images/x.svg", { ...svg, hash: "bbbbbbbbbb" }, url).view.src).not.toBe(a);
    // The name part comes from the content alone: another file with the same bytes gets the same one.
    const part = (ref: string, hash: string) => planImage(ref, { ...svg, hash }, url).variants[0].cacheName;
    expect(part("images/y.svg", svg.hash)).toBe(part("images/x.svg", svg.hash));
    expect(part("images/x.svg", "cccccccccc")).toMatch(/^[0-9a-f]{10}-480\.avif$/);
    expect(part("images/x.svg", "cccccccccc")).not.toBe(part("images/x.svg", "bbbbbbbbbb"));
  });

  it("places the phone crop so the focal point keeps its relative place, and names it by the point", () => {
    // 60% of each side; the point at x% of the image is at x% of the crop too (what object-position shows).
    expect(cropRegion(svg)).toEqual({ left: 320, top: 200, width: 960, height: 600 });
    expect(cropRegion({ ...svg, focus: { x: 0, y: 100 } })).toEqual({ left: 0, top: 400, width: 960, height: 600 });
    expect(cropRegion({ ...svg, focus: { x: 15, y: 45 } })).toEqual({ left: 96, top: 180, width: 960, height: 600 });
    const moved = planImage("images/x.svg", { ...svg, focus: { x: 15, y: 45 } }, url);
    expect(moved.view.focus).toEqual({ x: 15, y: 45 });
    expect(moved.view.crops![0].srcset).toMatch(/-f15x45s60-480\.avif 480w/);
    // The whole-image variants keep their names: moving the point re-encodes only the crop.
    expect(moved.view.src).toBe(planImage("images/x.svg", svg, url).view.src);
    // A raster's crop is never enlarged: a 600 px wide photo has a 360 px crop, made at that width.
    const small = planImage("images/x.jpg", { ...svg, ext: "jpg", width: 600, height: 400 }, url);
    expect(small.variants.filter((v) => v.region).map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual(["avif 360x240", "webp 360x240"]);
  });

  it("cuts the link preview around the focal point: the largest 1200:630 region, named by the point", () => {
    expect(ogRegion({ ...svg, focus: { x: 50, y: 0 } })).toEqual({ left: 0, top: 0, width: 1600, height: 840 });
    expect(ogRegion({ ...svg, focus: { x: 50, y: 100 } })).toEqual({ left: 0, top: 160, width: 1600, height: 840 });
    const focused = planImage("images/x.svg", { ...svg, focus: { x: 50, y: 100 } }, url);
    expect(focused.view.og).toMatch(/-og-f50x100\.jpg$/);
    expect(focused.variants.find((v) => v.url === focused.view.og)).toMatchObject({ width: 1200, height: 630, region: { top: 160 } });
    // Without a focal point the preview is the centred cover crop, under its old name.
    expect(planImage("images/x.svg", svg, url).view.og).toMatch(/[0-9a-f]{10}-og\.jpg$/);
  });

  it("asks the site's routes for every URL", () => {
    const routes = { image: (ref: string, info: ImageInfo) => `/r/${ref}/${info.hash}.${info.ext}` };
    const plan = imagePlan("images/x.svg", svg, routes);
    expect(plan.view.og).toMatch(/^\/r\/images\/x\.svg\/[0-9a-f]{10}-og\.jpg$/);
  });
});
