#!/usr/bin/env node
// Takes full-page screenshots of a built site so anyone can look at the design at phone, tablet and desktop
// widths. Builds nothing: it serves an existing dist/ on 127.0.0.1 and writes PNGs to ./screenshots/.
//
// Usage: node scripts/screenshots.mjs [--dist dist] [--out screenshots] [--no-js] [--only <name-substring>]
//        node scripts/screenshots.mjs --contact-sheet [--dist dist] [--out screenshots] [--width N]
//        node scripts/screenshots.mjs --readme [--dist dist]
//   --no-js          also takes each shot with JavaScript disabled (files get a "-nojs" suffix)
//   --contact-sheet  instead, every page of the site in every language, its first screen at 390 and 1440 px,
//                    labelled and tiled into one image: <out>/contact-sheet.jpg (scripts/contact-sheet.mjs);
//                    --width N scales it down (the repository keeps docs/screenshots/contact-sheet.jpg at 1400)
//   --readme         instead, the first screens the README shows (README_SHOTS), as JPEGs in docs/screenshots/
//   CHROMIUM_PATH overrides the browser (default /usr/bin/chromium).

import { createServer } from "node:http";
import { mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { composeSheet, SHEET_VIEWPORTS, sitePages } from "./contact-sheet.mjs";

const PAGES = [
  { name: "home-en", url: "/" },
  { name: "home-zh", url: "/zh/" },
  { name: "home-ja", url: "/ja/" },
  { name: "baha-mar", url: "/grand-hyatt-baha-mar/" },
  { name: "dubai-showcase", url: "/grand-hyatt-dubai/" },
  { name: "tokyo-story", url: "/grand-hyatt-tokyo/" },
  { name: "seoul-article-zh", url: "/zh/grand-hyatt-seoul/" },
  { name: "not-found", url: "/404.html" },
];

/** The README's screenshots: first screens of each kind of page, on a phone and a desktop, in each language. */
const README_SHOTS = [
  { name: "home-en-1440", url: "/", width: 1440 },
  { name: "home-zh-390", url: "/zh/", width: 390 },
  { name: "baha-mar-en-1440", url: "/grand-hyatt-baha-mar/", width: 1440 },
  { name: "dubai-zh-390", url: "/zh/grand-hyatt-dubai/", width: 390 },
  { name: "tokyo-ja-1440", url: "/ja/grand-hyatt-tokyo/", width: 1440 },
  { name: "seoul-ja-390", url: "/ja/grand-hyatt-seoul/", width: 390 },
];

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
};

/** The file a URL path maps to inside root (directories give their index.html), or null. */
async function resolveFile(root, urlPath) {
  const rel = decodeURIComponent(urlPath.split("?")[0]);
  const file = path.resolve(root, "." + rel);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  const info = await stat(file).catch(() => null);
  if (info?.isFile()) return file;
  if (info?.isDirectory()) return resolveFile(root, path.posix.join(rel, "index.html"));
  return null;
}

/** Serves root like a static host: files as they are, misses get the 404 page of their language. */
function serve(root) {
  const server = createServer(async (req, res) => {
    const file = await resolveFile(root, req.url ?? "/");
    const lang = /^\/(zh|ja)(\/|$)/.exec(req.url ?? "")?.[1];
    const target = file ?? (await resolveFile(root, lang ? `/${lang}/404.html` : "/404.html"));
    if (!target) return res.writeHead(404).end("not found");
    res.writeHead(file ? 200 : 404, { "content-type": TYPES[path.extname(target)] ?? "application/octet-stream" });
    res.end(await readFile(target));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Loads every lazy image and waits for images and fonts, so a full-page shot shows the whole page. */
async function settle(page) {
  await page.evaluate(async () => {
    for (const img of document.querySelectorAll("img[loading=lazy]")) img.loading = "eager";
    await Promise.all([...document.images].map((img) => img.decode().catch(() => {})));
    await document.fonts.ready;
  });
}

/** Waits for the fonts and the images already loading, so a first-screen shot shows the page as a visitor sees it. */
async function settleFirstScreen(page) {
  await page.evaluate(async () => {
    await Promise.all([...document.images].filter((img) => img.loading !== "lazy").map((img) => img.decode().catch(() => {})));
    await document.fonts.ready;
  });
}

/** Shows each page as a visitor of its own language sees it: no suggestion of another language under the header. */
function ownLanguage(context, codes) {
  return context.addInitScript((codes) => {
    const code = location.pathname.split("/")[1];
    // Not on the blank page a tab opens on, whose storage is closed to scripts.
    if (location.protocol.startsWith("http")) localStorage.setItem("i18nextLng", codes.includes(code) ? code : "en");
  }, codes);
}

/** Shoots every page's first screen at each sheet width and tiles them into one image; returns its path. */
async function contactSheet(browser, base, root, out, width) {
  const { prefixes, routes } = await sitePages(root);
  const shots = new Map();
  for (const viewport of SHEET_VIEWPORTS) {
    const context = await browser.newContext({ viewport, locale: "en-US" });
    await ownLanguage(context, prefixes.map((p) => p.slice(1)).filter(Boolean));
    const page = await context.newPage();
    for (const route of routes) {
      for (const prefix of prefixes) {
        const name = route === "/404.html" ? `${prefix}/404.html` : `${prefix}${route}`;
        await page.goto(base + name, { waitUntil: "load" });
        await settleFirstScreen(page);
        shots.set(`${name} ${viewport.width}`, await page.screenshot());
      }
    }
    await context.close();
    console.log(`${shots.size} first screens taken`);
  }
  return composeSheet({ prefixes, routes, shots, file: path.join(out, "contact-sheet.jpg"), width });
}

/** The README's first screens (390x844 and 1440x900), each a JPEG small enough to keep in the repository. */
async function readmeShots(browser, base, out) {
  const { default: sharp } = await import("sharp");
  await mkdir(out, { recursive: true });
  const files = [];
  for (const shot of README_SHOTS) {
    const viewport = shot.width === 390 ? { width: 390, height: 844 } : { width: 1440, height: 900 };
    const context = await browser.newContext({ viewport, locale: "en-US" });
    await ownLanguage(context, ["zh", "ja"]);
    const page = await context.newPage();
    await page.goto(base + shot.url, { waitUntil: "load" });
    await settleFirstScreen(page);
    const file = path.join(out, `${shot.name}.jpg`);
    await sharp(await page.screenshot()).jpeg({ quality: 78, mozjpeg: true }).toFile(file);
    files.push(file);
    await context.close();
  }
  return files;
}

async function main() {
  const { values } = parseArgs({
    options: {
      dist: { type: "string", default: "dist" },
      out: { type: "string", default: "screenshots" },
      "no-js": { type: "boolean", default: false },
      only: { type: "string" },
      "contact-sheet": { type: "boolean", default: false },
      readme: { type: "boolean", default: false },
      width: { type: "string" },
    },
  });
  const root = path.resolve(values.dist);
  if (!(await stat(path.join(root, "index.html")).catch(() => null))) {
    console.error(`No built site in ${root}: run "node bin/hotelsite.js build" first.`);
    return 1;
  }
  await mkdir(values.out, { recursive: true });
  const server = await serve(root);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    headless: true,
  });
  const modes = values["no-js"] ? [true, false] : [true];
  try {
    if (values.readme) {
      for (const file of await readmeShots(browser, base, path.join("docs", "screenshots"))) console.log(file);
      return 0;
    }
    if (values["contact-sheet"]) {
      console.log(await contactSheet(browser, base, root, values.out, values.width ? Number(values.width) : undefined));
      return 0;
    }
    for (const js of modes) {
      for (const viewport of VIEWPORTS) {
        const context = await browser.newContext({ viewport, javaScriptEnabled: js, locale: "en-US" });
        const page = await context.newPage();
        for (const p of PAGES.filter((p) => !values.only || p.name.includes(values.only))) {
          await page.goto(base + p.url, { waitUntil: "load" });
          await settle(page);
          const file = path.join(values.out, `${p.name}-${viewport.width}${js ? "" : "-nojs"}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(file);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  return 0;
}

process.exitCode = await main();
