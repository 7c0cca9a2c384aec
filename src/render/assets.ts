// Bundles the site's stylesheet, its one small script and their fonts with esbuild, under content-hashed names; kept
// like the compiled templates while the files they are made from hold the same bytes (lib/ for the bundled set).
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type * as esbuild from "esbuild";
import { digest, readSealed, writeSealed } from "../io/cache.js";
import { writeWholeSync } from "../io/write.js";
import { esbuildApi } from "../util/esbuild.js";
import { packageRoot } from "../util/paths.js";
import { readPlainSync } from "../util/read-plain.js";
import { ContentErrors } from "../errors.js";
import { esbuildErrors } from "./template-errors.js";
import { checkTemplateFiles } from "./template-files.js";
import { bundledTemplates, compileKey, currentInputs, inputDigests, libDir } from "./template-manifest.js";
import type { AssetLinks } from "./template-module.js";
import { packageResolution } from "./package-imports.js";

/** A file to write into the output folder. */
export interface OutputFile {
  /** Path relative to the output folder, with "/" separators. */
  path: string;
  contents: string | Uint8Array;
}

/** The bundled assets and the links the Document needs. */
export interface Assets {
  files: OutputFile[];
  links: AssetLinks;
  inputs: string[];
}

/** Files under templates/static/ (favicon and the like), copied to the output root as they are. */
async function staticFiles(dir: string): Promise<{ files: OutputFile[]; inputs: string[] }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const found = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  const files = await Promise.all(found.map(async (f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), contents: await readFile(f) })));
  return { files, inputs: found };
}

/** The options of every bundle (with the entries and the output's place added): part of what a kept bundle is keyed by. */
const OPTIONS = {
  bundle: true,
  write: false,
  metafile: true,
  minify: true,
  entryNames: "[name].[hash]",
  assetNames: "fonts/[name].[hash]",
  loader: { ".woff2": "file", ".woff": "file", ".svg": "file" },
  format: "iife",
  target: ["es2020", "chrome100", "safari15", "firefox100"],
  platform: "browser",
  // Strict, whatever tsconfig.json lies above the templates folder (the repository's made the bundled set's script
  // strict, a copy elsewhere got other bytes): the same folder bundles the same wherever it is.
  tsconfigRaw: { compilerOptions: { strict: true } },
  logLevel: "silent",
} satisfies esbuild.BuildOptions;

/** A bundle as it is kept: what made it, its files (base64) and links; kept beside the compiled templates. */
interface KeptBundle {
  key: string;
  inputs: [string, string][];
  files: [string, string][];
  links: AssetLinks;
}

/** Largest kept bundle (the bundled one is about 100 KB: the stylesheet, the script and two fonts). */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;
const LIB_BUNDLE = "assets-bundle.json";
/** The user cache's bundle for one templates folder. */
const cacheBundle = (templatesDir: string) => `assets-bundle-${digest(templatesDir)}.json`;
const keyOf = (names: string[]) => compileKey(OPTIONS, names);

/** Bundles templates/styles/site.css and templates/client/main.ts (or throws ContentErrors for their mistakes). */
async function compile(templatesDir: string, cwd: string): Promise<Assets> {
  const outdir = path.join(cwd, "__assets__");
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuildApi().build({
      ...OPTIONS,
      entryPoints: { site: path.join(templatesDir, "styles", "site.css"), "site-js": path.join(templatesDir, "client", "main.ts") },
      outdir,
      absWorkingDir: cwd,
      // Fonts the stylesheet imports come from hotelsite's own packages when the templates folder has none.
      ...packageResolution(),
    });
  } catch (e) {
    const failure = e as esbuild.BuildFailure;
    if (failure.errors) throw new ContentErrors(esbuildErrors(failure.errors, cwd, e));
    throw e;
  }
  const files = result.outputFiles.map((f) => {
    const name = path.relative(outdir, f.path).split(path.sep).join("/");
    // Named by a hash of their bytes alone: esbuild's covers the input paths too (another clone would get other names).
    const entry = /^(site|site-js)\.[^/.]+\.(css|js)$/.exec(name);
    const own = entry && `site.${createHash("sha256").update(f.contents).digest("hex").slice(0, 8).toUpperCase()}.${entry[2]}`;
    return { path: `assets/${own ?? name}`, contents: f.contents };
  });
  const find = (re: RegExp) => "/" + (files.find((f) => re.test(f.path))?.path ?? "");
  const preload = files
    .filter((f) => /\.woff2$/.test(f.path) && /display/i.test(f.path))
    .map((f) => ({ href: `/${f.path}`, as: "font", type: "font/woff2" }));
  const links = { css: find(/^assets\/site\.[^/]+\.css$/), js: find(/^assets\/site\.[^/]+\.js$/), preload };
  return { files, links, inputs: Object.keys(result.metafile.inputs).map((p) => path.resolve(cwd, p)) };
}

/** A bundle kept as text (undefined when an input cannot be read back: it is not kept). */
function keptText(templatesDir: string, key: string, b: Assets): string | undefined {
  const inputs = inputDigests(templatesDir, b.inputs);
  const files = b.files.map((f): [string, string] => [f.path, Buffer.from(f.contents).toString("base64")]);
  return inputs && JSON.stringify({ key, inputs, files, links: b.links } satisfies KeptBundle);
}

/** The bundle a kept text records, when it was made by `key` and every file it was made from holds the same bytes. */
function fromKept(text: string | undefined, key: string, templatesDir: string): Assets | undefined {
  let k: KeptBundle;
  try {
    k = JSON.parse(text ?? "null") as KeptBundle;
  } catch {
    return undefined;
  }
  if (k?.key !== key || !Array.isArray(k.files) || typeof k.links?.css !== "string") return undefined;
  const inputs = currentInputs(templatesDir, k.inputs);
  return inputs && { files: k.files.map(([p, b64]) => ({ path: p, contents: Buffer.from(b64, "base64") })), links: k.links, inputs };
}

/** The bundle of a templates folder: kept (lib/ for the bundled set, else the user cache) while its files are the same. */
async function bundle(templatesDir: string, cwd: string, names: string[]): Promise<Assets> {
  const key = keyOf(names);
  const packaged = templatesDir === bundledTemplates() ? readPlainSync(path.join(libDir(), LIB_BUNDLE), { maxBytes: MAX_KEPT_BYTES }) : undefined;
  const found = fromKept(packaged?.bytes.toString("utf8"), key, templatesDir) ?? fromKept(readSealed(cacheBundle(templatesDir), MAX_KEPT_BYTES), key, templatesDir);
  if (found) return found;
  const made = await compile(templatesDir, cwd);
  const text = keptText(templatesDir, key, made);
  if (text) writeSealed(cacheBundle(templatesDir), text);
  return made;
}

/** Bundles templates/styles/site.css and templates/client/main.ts into assets/ (unless a kept bundle is current), plus templates/static/. */
export async function bundleAssets(opts: { templatesDir: string; cwd?: string; names?: string[] }): Promise<Assets> {
  const cwd = opts.cwd ?? process.cwd();
  const made = await bundle(opts.templatesDir, cwd, opts.names ?? (await checkTemplateFiles(opts.templatesDir, cwd)));
  const statics = await staticFiles(path.join(opts.templatesDir, "static"));
  return { files: [...made.files, ...statics.files], links: made.links, inputs: [...made.inputs, ...statics.inputs] };
}

/** Bundles the bundled templates' assets into the package's lib/ (`npm run compile`): a first build then runs no compiler. */
export async function writePackagedAssets(): Promise<void> {
  const templatesDir = bundledTemplates();
  const key = keyOf(await checkTemplateFiles(templatesDir, packageRoot()));
  const text = keptText(templatesDir, key, await compile(templatesDir, packageRoot()));
  if (!text) throw new Error("hotelsite: a file the bundled assets are made from could not be read back");
  writeWholeSync(path.join(libDir(), LIB_BUNDLE), text);
}
