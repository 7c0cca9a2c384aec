// Compiles the TSX templates with esbuild when a build runs, cached by content hash for the rendering threads to import.
import { cacheFile, digest, userCache } from "../io/cache.js";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as esbuild from "esbuild";
import { esbuildApi } from "../util/esbuild.js";
import { ContentErrors } from "../errors.js";
import { cacheDir } from "../util/paths.js";
import { packageResolution } from "./package-imports.js";
import { checkTemplateFiles } from "./template-files.js";
import { esbuildErrors } from "./template-errors.js";
import { importGraph, type ImportGraph } from "./template-graph.js";

export type { TemplateModule } from "./template-module.js";

/** A compiled template set and the source files it was made from (what watch must watch). */
export interface LoadedTemplates {
  /** file: URL of the compiled module (data: when the cache cannot be written), for the rendering threads. */
  url: string;
  inputs: string[];
  hash: string;
  /** Which template file imports which (the compile's own metafile): what a template change reaches. */
  graph: ImportGraph;
}

/** Compiles templates/index.tsx (or throws ContentErrors for template syntax errors); the rendering threads import it. */
export async function loadTemplates(opts: { templatesDir: string; cwd?: string }): Promise<LoadedTemplates> {
  const cwd = opts.cwd ?? process.cwd();
  await checkTemplateFiles(opts.templatesDir, cwd);
  const entry = path.join(opts.templatesDir, "index.tsx");
  // A build that cannot cache anywhere still builds: the module is then imported from memory.
  const cache = userCache();
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuildApi.build({
      entryPoints: [entry],
      // Source map paths are relative to where the module will live, so stack traces name the .tsx files.
      outfile: path.join(cache ?? cacheDir(), "templates.mjs"),
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      target: "node20",
      jsx: "automatic",
      // React is hotelsite's own copy (the one react-dom renders with), wherever the templates are.
      ...packageResolution(/^react(-dom)?(\/.*)?$/),
      sourcemap: "inline",
      sourcesContent: false,
      logLevel: "silent",
      absWorkingDir: cwd,
      define: { "process.env.NODE_ENV": '"production"' },
    });
  } catch (e) {
    const failure = e as esbuild.BuildFailure;
    if (failure.errors) throw new ContentErrors(esbuildErrors(failure.errors, cwd, e));
    throw e;
  }
  const code = result.outputFiles[0].text;
  const hash = digest(code);
  // Named by its hash and kept only while it holds exactly this code: a planted or cut module is written again.
  const file = cacheFile(`templates-${hash}.mjs`, code);
  const url = file ? pathToFileURL(file).href : `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`;
  const inputs = Object.keys(result.metafile.inputs).map((p) => path.resolve(cwd, p));
  return { url, inputs, hash, graph: importGraph(result.metafile, cwd) };
}
