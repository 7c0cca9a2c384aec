// The files of /admin/ when site.yaml enables the editor: the page, its configuration, the CMS's bundle copied from the
// installed package (never a CDN) and the page's own script; never indexed, under its own Content-Security-Policy.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { OutputFile } from "../render/assets.js";
import type { Routes } from "../site/routes.js";
import type { Content } from "../types.js";
import { esbuildApi } from "../util/esbuild.js";
import { packageRoot } from "../util/paths.js";
import { readPlainSync } from "../util/read-plain.js";
import { xmlEscape } from "../site/xml.js";
import homeSchema from "../content/schemas/home.schema.json" with { type: "json" };
import hotelSchema from "../content/schemas/hotel.schema.json" with { type: "json" };
import siteSchema from "../content/schemas/site.schema.json" with { type: "json" };
import stringsSchema from "../content/schemas/strings.schema.json" with { type: "json" };
import { cmsConfig, type ContentSchemas } from "./config.js";

/** Where the editor is served. */
export const ADMIN_DIR = "admin";

/** Most bytes of a file copied from the CMS's package (its bundle is about 2 MB). */
const MAX_BUNDLE_BYTES = 32 * 1024 * 1024;

/** The API origins each git host's editor talks to. */
const HOST_APIS: Record<string, string[]> = { github: ["https://api.github.com"], gitlab: ["https://gitlab.com"] };

/** The import map that remaps the bundle's unpkg URL of Immutable (its preview API's maps) to the installed copy. */
function importMap(): { text: string; from: string } {
  const version = (JSON.parse(packageFile("package.json").toString("utf8")) as { dependencies: Record<string, string> }).dependencies.immutable.replace(/^\D/, "");
  const from = createRequire(path.join(packageDir(), "package.json")).resolve("immutable/dist/immutable.es.js");
  return { text: JSON.stringify({ imports: { [`https://unpkg.com/immutable@${version}/dist/immutable.es.js`]: "./vendor/immutable.es.js" } }), from };
}

/** The admin page's policy: the CMS's own code and its import map only; its styles inline (Svelte), blobs for media. */
export function adminPolicy(content: Pick<Content, "site">): string {
  const e = content.site.editor;
  const apis = [...(HOST_APIS[e?.backend ?? "github"] ?? []), ...(e?.authUrl ? [e.authUrl] : [])];
  const mapHash = createHash("sha256").update(importMap().text).digest("base64");
  return [
    "default-src 'self'",
    `script-src 'self' 'sha256-${mapHash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' blob: data: ${apis.join(" ")}`.trim(),
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join("; ");
}

const packageDir = () => path.join(path.dirname(createRequire(import.meta.url).resolve("@sveltia/cms")), "..");

/** A file of the installed CMS package, guarded like every read. */
const packageFile = (rel: string): Buffer => readVendor(path.join(packageDir(), rel));

function readVendor(file: string): Buffer {
  const read = readPlainSync(file, { maxBytes: MAX_BUNDLE_BYTES });
  if (!read) throw new Error(`the editor's dependency ${file} cannot be read: reinstall hotelsite's dependencies (npm ci)`);
  return Buffer.from(read.bytes);
}

/** A font the compiled bundle loads from the fontsource CDN: family and file, e.g. source-sans-3, latin-wght-normal. */
const CDN_FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(?::vf)?@[0-9.]+\/([a-z0-9-]+)\.woff2/g;

/** The CMS's bundle pointed at the package's own copies of the fonts it loads from a CDN, so it requests nothing outside. */
function bundleWithFonts(): OutputFile[] {
  const assets = readdirSync(path.join(packageDir(), "npm", "assets"));
  const fonts = new Map<string, string>();
  const code = packageFile("dist/sveltia-cms.js")
    .toString("utf8")
    .replace(CDN_FONT, (url, family: string, file: string) => {
      const local = assets.find((a) => a.startsWith(`${family}-${file}-`) && a.endsWith(".woff2"));
      if (!local) throw new Error(`the editor's bundle loads ${url}, which its package does not ship: update hotelsite's CMS font mapping`);
      fonts.set(local, `fonts/${local}`);
      return `fonts/${local}`;
    });
  return [
    { path: `${ADMIN_DIR}/sveltia-cms.js`, contents: code },
    ...[...fonts].map(([name, rel]) => ({ path: `${ADMIN_DIR}/${rel}`, contents: packageFile(`npm/assets/${name}`) })),
  ];
}

/** The admin page's script, compiled for the browser from client/admin.ts. */
function adminScript(): string {
  const result = esbuildApi().buildSync({
    entryPoints: [path.join(packageRoot(), "src", "cms", "client", "admin.ts")],
    bundle: true,
    write: false,
    minify: true,
    format: "iife",
    platform: "browser",
    target: ["es2022"],
    logLevel: "silent",
    absWorkingDir: packageRoot(),
  });
  return result.outputFiles[0].text;
}

/** The content folder's path as the repository knows it (content files' shown paths are relative to the project). */
function contentPath(content: Pick<Content, "files">): string {
  const shown = content.files.strings ?? "content/strings.yaml";
  const dir = path.posix.dirname(shown.split(path.sep).join("/"));
  return path.posix.isAbsolute(dir) || dir.startsWith("..") ? "content" : dir;
}

/** The admin page: noindex, its policy also as a meta element (hosts that cannot send it per folder still apply it). */
function adminPage(content: Pick<Content, "site">): string {
  const title = `${content.site.siteName}: content editor`;
  return [
    "<!doctype html>",
    `<html lang="${xmlEscape(content.site.languages[0].htmlLang)}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<meta http-equiv="Content-Security-Policy" content="${xmlEscape(adminPolicy(content))}">`,
    `<title>${xmlEscape(title)}</title>`,
    `<script type="importmap">${importMap().text}</script>`,
    '<script src="hotelsite-cms.js"></script>',
    '<script src="sveltia-cms.js"></script>',
    "</head>",
    "<body></body>",
    "</html>",
    "",
  ].join("\n");
}

/** Where the preview finds each hotel's page and the home page, in every language (client/preview.ts). */
function pageUrls(content: Pick<Content, "site" | "hotels">, routes: Routes) {
  const each = (route: Parameters<Routes["url"]>[0]) => Object.fromEntries(content.site.languages.map((l) => [l.code, routes.url(route, l.code)]));
  return { hotels: Object.fromEntries(content.hotels.map((h) => [h.id, each({ kind: "hotel", id: h.id })])), home: each({ kind: "home" }) };
}

/** Every file of /admin/, or none when the site does not enable the editor. */
export function adminFiles(content: Pick<Content, "site" | "files" | "hotels">, routes: Routes): OutputFile[] {
  if (!content.site.editor?.enabled) return [];
  const schemas = { site: siteSchema, strings: stringsSchema, home: homeSchema, hotel: hotelSchema } as ContentSchemas;
  const config = cmsConfig({ schemas, site: content.site, contentPath: contentPath(content) });
  return [
    { path: `${ADMIN_DIR}/index.html`, contents: adminPage(content) },
    { path: `${ADMIN_DIR}/config.json`, contents: JSON.stringify(config, null, 2) + "\n" },
    { path: `${ADMIN_DIR}/pages.json`, contents: JSON.stringify(pageUrls(content, routes)) + "\n" },
    { path: `${ADMIN_DIR}/hotelsite-cms.js`, contents: adminScript() },
    ...bundleWithFonts(),
    { path: `${ADMIN_DIR}/vendor/immutable.es.js`, contents: readVendor(importMap().from) },
    { path: `${ADMIN_DIR}/chunks/react-dom.js`, contents: packageFile("dist/chunks/react-dom.js") },
  ];
}
