// The contact sheet of scripts/screenshots.mjs --contact-sheet: every page of a built site, in every language,
// as its first screen at a phone and a desktop width, labelled and tiled into one JPEG, so a reviewer sees the
// whole site at once. One row per page; one column per language, each holding the phone and the desktop shot.
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/** The first screens the sheet shows: a phone and a desktop. */
export const SHEET_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

/** Height of every tile on the sheet, in pixels; widths keep each shot's aspect ratio. */
const TILE_HEIGHT = 300;
const GAP = 12;
const LABEL = 28;
const BACKGROUND = { r: 243, g: 237, b: 227 };

const exists = (file) => stat(file).then((s) => s.isFile(), () => false);

/**
 * The site's languages (their path prefixes, "" for the default, in the site's order: the home page's hreflang
 * alternates) and routes (folders of the built site with an index.html, paths without the prefix). The 404 page
 * comes last as a route of its own.
 */
export async function sitePages(root) {
  const home = await readFile(path.join(root, "index.html"), "utf8");
  const prefixes = [...home.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/gi)]
    .filter((m) => m[1] !== "x-default")
    .map((m) => new URL(m[2]).pathname.replace(/\/$/, ""));
  const routes = ["/"];
  const entries = await readdir(root, { withFileTypes: true });
  for (const e of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!prefixes.includes(`/${e.name}`) && (await exists(path.join(root, e.name, "index.html")))) routes.push(`/${e.name}/`);
  }
  routes.push("/404.html");
  return { prefixes: prefixes.length ? prefixes : [""], routes };
}

/** An SVG label (dark text on the sheet's sand), for sharp to draw. */
function label(text, width) {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL}"><text x="2" y="19" font-family="DejaVu Sans, Arial, sans-serif" font-size="15" fill="#1b2a3a">${escaped}</text></svg>`,
  );
}

/**
 * Composes the sheet: `shots` maps `${prefix}${route}` and a viewport width to a PNG buffer. Returns the JPEG's
 * path. Rows are routes, columns languages; each cell is "route (language)" above the phone and desktop tiles.
 * `width`, when given, scales the finished sheet down to that many pixels across.
 */
export async function composeSheet({ prefixes, routes, shots, file, width: scaled }) {
  const tileWidths = SHEET_VIEWPORTS.map((v) => Math.round((v.width * TILE_HEIGHT) / v.height));
  const cellWidth = tileWidths.reduce((a, b) => a + b, 0) + GAP;
  const rowHeight = LABEL + TILE_HEIGHT + GAP * 2;
  const width = GAP + prefixes.length * (cellWidth + GAP);
  const height = GAP + routes.length * rowHeight;
  const layers = [];
  for (const [row, route] of routes.entries()) {
    for (const [col, prefix] of prefixes.entries()) {
      const left = GAP + col * (cellWidth + GAP);
      const top = GAP + row * rowHeight;
      const name = route === "/404.html" ? `${prefix}/404.html` : `${prefix}${route}`;
      layers.push({ input: label(`${name}  (390 | 1440)`, cellWidth), left, top });
      let x = left;
      for (const [i, viewport] of SHEET_VIEWPORTS.entries()) {
        const shot = shots.get(`${name} ${viewport.width}`);
        if (shot) layers.push({ input: await sharp(shot).resize({ width: tileWidths[i], height: TILE_HEIGHT }).toBuffer(), left: x, top: top + LABEL });
        x += tileWidths[i] + GAP;
      }
    }
  }
  const sheet = await sharp({ create: { width, height, channels: 3, background: BACKGROUND } }).composite(layers).png().toBuffer();
  // A narrower sheet (--width) is the one kept in the repository: every tile still legible, a modest file.
  await sharp(sheet)
    .resize(scaled && scaled < width ? { width: scaled } : undefined)
    .jpeg({ quality: scaled ? 72 : 80, mozjpeg: true })
    .toFile(file);
  return file;
}
