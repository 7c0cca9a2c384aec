// Bundles the site's stylesheet, its one small script and their fonts with esbuild, under content-hashed names.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type * as esbuild from "esbuild";
import { esbuildApi } from "../util/esbuild.js";
import { ContentErrors } from "../errors.js";
import { esbuildErrors } from "./template-errors.js";
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

/** Bundles templates/styles/site.css and templates/client/main.ts into assets/, plus templates/static/. */
export async function bundleAssets(opts: { templatesDir: string; cwd?: string }): Promise<Assets> {
  const cwd = opts.cwd ?? process.cwd();
  const outdir = path.join(cwd, "__assets__");
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuildApi.build({
      entryPoints: {
        site: path.join(opts.templatesDir, "styles", "site.css"),
        "site-js": path.join(opts.templatesDir, "client", "main.ts"),
      },
      bundle: true,
      write: false,
      metafile: true,
      minify: true,
      outdir,
      entryNames: "[name].[hash]",
      assetNames: "fonts/[name].[hash]",
      loader: { ".woff2": "file", ".woff": "file", ".svg": "file" },
      format: "iife",
      target: ["es2020", "chrome100", "safari15", "firefox100"],
      platform: "browser",
      logLevel: "silent",
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
  const statics = await staticFiles(path.join(opts.templatesDir, "static"));
  return {
    files: [...files, ...statics.files],
    links: { css: find(/^assets\/site\.[^/]+\.css$/), js: find(/^assets\/site\.[^/]+\.js$/), preload },
    inputs: [...Object.keys(result.metafile.inputs).map((p) => path.resolve(cwd, p)), ...statics.inputs],
  };
}
