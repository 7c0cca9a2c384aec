// What the encoder can take, decided from the bytes (images/screen.ts): every bundled image and committed variant
// passes, and each kind of file sharp fails or blows up on gets its own reason. Each refusal is also checked to be
// one sharp really fails on, so that the screen refuses nothing the encoder could take by its own account.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PIXELS, MAX_SVG_ELEMENTS, screenImage } from "../../src/images/screen.js";
import { png } from "../fixtures/bad/cases-hostile-round4.js";
import { REPO } from "../support/fixture.js";

const SVG = (body: string, attrs = 'width="160" height="100"') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${body}</svg>`);

const made: Record<string, Buffer> = {};
beforeAll(async () => {
  const base = () => sharp({ create: { width: 400, height: 300, channels: 3, background: "#369" } });
  made.jpg = await base().jpeg().toBuffer();
  made.progressive = await base().jpeg({ progressive: true }).toBuffer();
  made.png = await base().png().toBuffer();
  made.webp = await base().webp().toBuffer();
  made.avif = await base().avif().toBuffer();
});

/** Whether sharp fails on the bytes (with the pixel limit hotelsite gives it). */
async function sharpFails(bytes: Buffer, density?: number): Promise<boolean> {
  return sharp(bytes, { limitInputPixels: MAX_PIXELS, density }).resize({ width: 480 }).webp().toBuffer().then(() => false, () => true);
}

describe("screenImage passes what the encoder takes", () => {
  it("every bundled image, fixture image and committed variant", () => {
    const dirs = ["content/images", "content/images/hotels", "content/.generated/images", "test/fixtures/site/images"].map((d) => path.join(REPO, d));
    let seen = 0;
    for (const d of dirs) {
      for (const f of readdirSync(d).filter((n) => /\.(svg|png|jpe?g|webp|avif)$/.test(n))) {
        expect([f, screenImage(readFileSync(path.join(d, f)), path.extname(f).slice(1))]).toEqual([f, expect.objectContaining({ width: expect.any(Number) })]);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(300);
  });

  it("JPEG (baseline and progressive), PNG, WebP and AVIF made by sharp, and plain SVGs with internal <use>", () => {
    for (const [kind, ext] of [["jpg", "jpg"], ["progressive", "jpeg"], ["png", "png"], ["webp", "webp"], ["avif", "avif"]]) expect(screenImage(made[kind], ext)).toEqual({ width: 400, height: 300 });
    expect(screenImage(SVG('<defs><circle id="c" r="4"/></defs><use href="#c"/><use xlink:href="#c" x="9"/><rect fill="url(#g)"/>'), "svg")).toEqual({ width: 160, height: 100 });
  });
});

describe("screenImage refuses what the encoder cannot take", () => {
  const cut = (b: Buffer, n: number) => b.subarray(0, n);
  const cases: [string, () => Buffer, string, RegExp][] = [
    ["a JPEG cut in half", () => cut(made.jpg, made.jpg.length >> 1), "jpg", /^it is cut short \(it ends before its end-of-image marker\)/],
    ["a progressive JPEG cut before its last scan", () => cut(made.progressive, made.progressive.length - 40), "jpg", /^it is cut short/],
    ["a JPEG holding its headers only", () => cut(made.jpg, 300), "jpg", /^it is cut short/],
    ["a PNG holding only its signature and header", () => cut(made.png, 33), "png", /^it is cut short \(it ends before its IEND chunk\)/],
    ["a PNG cut in its image data", () => cut(made.png, made.png.length - 20), "png", /^it is cut short|checksum/],
    ["a PNG with a flipped byte in its image data", () => { const b = Buffer.from(made.png); b[b.length - 20] ^= 0xff; return b; }, "png", /^it is damaged: its IDAT chunk fails its checksum/],
    ["a WebP cut in half", () => cut(made.webp, made.webp.length >> 1), "webp", /^it is cut short/],
    ["an AVIF cut in half", () => cut(made.avif, made.avif.length >> 1), "avif", /^it is cut short|^the file exists but is not a readable image/],
    ["a PNG named .jpg", () => made.png, "jpg", /^the file is PNG image, not the JPG its name says/],
    ["a JPEG named .svg", () => made.jpg, "svg", /^the file is JPG image, not the SVG its name says/],
    ["a pixel bomb: a 40000 x 40000 PNG of a few kilobytes", () => png(40_000, 40_000), "png", /^it is 40000 x 40000 pixels \(1,600 million\), more than the 100 million/],
    ["a PNG of 1 x 20000 (its link preview would be 24,000 million pixels)", () => png(1, 20_000), "png", /^its shape \(1 x 20000\) is too narrow or too tall/],
    ["an HTML page named .svg", () => Buffer.from('<html><svg width="10" height="10"></svg></html>'), "svg", /^it is not an SVG image: its root element is <html>/],
    ["an SVG that is not well-formed", () => SVG("<rect></g>"), "svg", /^it is not well-formed XML/],
    ["an SVG with entities (a billion laughs)", () => Buffer.from(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>`), "svg", /^it declares a DOCTYPE \(line 1\)/],
    ["an SVG with a DOCTYPE and no entity", () => Buffer.from(`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`), "svg", /^it declares a DOCTYPE/],
    ["an SVG <use> bomb: ten levels of ten copies", () => SVG('<g id="l0"><rect width="1" height="1"/></g>' + Array.from({ length: 10 }, (_, i) => `<g id="l${i + 1}">${`<use href="#l${i}"/>`.repeat(10)}</g>`).join("")), "svg", new RegExp(`^its <use> elements expand it to [\\d,]+ elements, more than the ${MAX_SVG_ELEMENTS.toLocaleString("en")}`)],
    ["an SVG whose <use> copies its own parent", () => SVG('<g id="a"><use href="#a"/></g>'), "svg", /^its <use> elements copy each other in a loop/],
    ["an SVG of 1e9 x 10", () => SVG("", 'width="1000000000" height="10"'), "svg", /^it declares a size of 1000000000 x 10, larger than the 16384/],
    ["an SVG whose viewBox is 1 x 100000", () => SVG("", 'viewBox="0 0 1 16000"'), "svg", /^its shape \(1 x 16000\) is too narrow or too tall/],
    ["an SVG loading an image from the disk", () => SVG('<image href="file:///etc/passwd" width="9" height="9"/>'), "svg", /^it refers to "file:\/\/\/etc\/passwd" outside itself \(line 1\)/],
    ["an SVG loading an image beside it", () => SVG('<image xlink:href="../secret.png" width="9" height="9"/>'), "svg", /^it refers to "..\/secret.png" outside itself/],
    ["an SVG whose fill is an outside URL", () => SVG('<rect fill="url(https://example.com/x.svg#p)"/>'), "svg", /^it refers to "url\(https:/],
    ["an SVG whose style imports a stylesheet", () => SVG('<style>@import "https://example.com/a.css";</style>'), "svg", /^its styles load something from outside it/],
    ["an SVG with an xml-stylesheet instruction", () => Buffer.from('<?xml-stylesheet href="https://example.com/a.css"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "svg", /^it loads a stylesheet from outside itself/],
    ["an SVG nested 300 deep", () => SVG("<g>".repeat(300) + "</g>".repeat(300)), "svg", /^its elements nest more than 256 deep/],
  ];
  for (const [what, bytes, ext, reason] of cases) {
    it(what, () => {
      const r = screenImage(bytes(), ext);
      expect(typeof r === "string" ? r : JSON.stringify(r)).toMatch(reason);
    });
  }

  it("refuses only what sharp itself fails on, for the damaged rasters and the pixel bomb", async () => {
    for (const [what, bytes] of cases.slice(0, 8).map(([w, b]) => [w, b()] as const)) expect([what, await sharpFails(bytes)]).toEqual([what, true]);
    expect(await sharpFails(png(40_000, 40_000))).toBe(true);
  });
});
