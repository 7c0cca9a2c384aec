// The fixture site with a photo gallery on its first hotel: photograph-like JPEG, PNG and WebP originals made
// with sharp (noise over gradients, which encode like photographs, not like flat fills) and alt text in English
// and Chinese (Japanese falls back to English). Shared by the gallery's build test and its browser test.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { fixtureCopy } from "./fixture.js";

/** The gallery's alt text in each language that has its own. */
export const GALLERY_ALT = {
  en: ["The terrace at sunset", "The pool at noon", "The lobby's marble staircase"],
  zh: ["日落时的露台", "正午的泳池", "大堂的大理石楼梯"],
};

/** A photograph-like image: a sky-to-sea gradient with fine noise (seeded, so the same bytes every run). */
function photo(width: number, height: number, seed: number): ReturnType<typeof sharp> {
  const raw = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const n = (s >> 16) % 40;
      const i = (y * width + x) * 3;
      raw[i] = Math.min(255, 60 + (140 * y) / height + n);
      raw[i + 1] = Math.min(255, 90 + (100 * x) / width + n);
      raw[i + 2] = Math.min(255, 200 - (120 * y) / height + n);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).blur(0.6);
}

/** A fixture copy whose hotel alpha has a three-photo gallery: a 1800x1200 JPEG, a 1000x750 PNG, a 600x400 WebP. */
export async function galleryFixture(): ReturnType<typeof fixtureCopy> {
  const list = (xs: string[]) => `[${xs.map((x) => JSON.stringify(x)).join(", ")}]`;
  const fx = await fixtureCopy({
    "hotels/alpha.yaml": (s) =>
      s
        .replace("text:\n", "gallery:\n  - images/gallery/terrace.jpg\n  - images/gallery/pool.png\n  - images/gallery/lobby.webp\ntext:\n")
        .replace("  en:\n", `  en:\n    galleryAlt: ${list(GALLERY_ALT.en)}\n`)
        .replace("  zh:\n", `  zh:\n    galleryAlt: ${list(GALLERY_ALT.zh)}\n`),
  });
  const dir = path.join(fx.content, "images/gallery");
  await mkdir(dir, { recursive: true });
  await photo(1800, 1200, 1).jpeg({ quality: 85 }).toFile(path.join(dir, "terrace.jpg"));
  await photo(1000, 750, 2).png().toFile(path.join(dir, "pool.png"));
  await photo(600, 400, 3).webp().toFile(path.join(dir, "lobby.webp"));
  return fx;
}
