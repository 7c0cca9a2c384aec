// Compiles the TSX templates with esbuild when they changed, kept by content hash for the rendering threads to import:
// the bundled set ships compiled in lib/, a site's own set is kept in the user cache (template-manifest.ts).
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as esbuild from "esbuild";
import { cacheFile, digest, noteDamaged, readSealed, userCache, writeSealed } from "../io/cache.js";
import { writeWholeSync } from "../io/write.js";
import { esbuildApi } from "../util/esbuild.js";
import { ContentErrors } from "../errors.js";
import { cacheDir, isWithin, packageRoot } from "../util/paths.js";
import { readPlainSync } from "../util/read-plain.js";
import { packageResolution } from "./package-imports.js";
import { checkTemplateFiles } from "./template-files.js";
import { esbuildErrors } from "./template-errors.js";
import { importGraph, type ImportGraph } from "./template-graph.js";
import { bundledTemplates, compileKey, libDir, manifestOf, stillCurrent } from "./template-manifest.js";

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

/** Most bytes a compiled template module may hold (the bundled one is about 500 KB). */
const MAX_MODULE_BYTES = 64 * 1024 * 1024;

/** The options of every compile (with the entry and the output's place added): part of what a kept compile is keyed by. */
const OPTIONS = {
  bundle: true,
  write: false,
  metafile: true,
  platform: "node",
  format: "esm",
  target: "node20",
  jsx: "automatic",
  sourcemap: "inline",
  sourcesContent: false,
  logLevel: "silent",
  define: { "process.env.NODE_ENV": '"production"' },
} satisfies esbuild.BuildOptions;

const LIB_MANIFEST = "templates-manifest.json";
/** The user cache's manifest for one templates folder. */
const cacheManifest = (templatesDir: string) => `templates-manifest-${digest(templatesDir)}.json`;

const keyOf = (names: string[]) => compileKey(OPTIONS, names);

/** Compiles `templatesDir`/index.tsx into code meant to live in `outDir` (or throws ContentErrors for template syntax errors). */
async function compile(o: { templatesDir: string; cwd: string; outDir: string }): Promise<{ code: string; inputs: string[]; graph: ImportGraph }> {
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuildApi().build({
      ...OPTIONS,
      entryPoints: [path.join(o.templatesDir, "index.tsx")],
      // Source map paths are relative to where the module will live, so stack traces name the .tsx files.
      outfile: path.join(o.outDir, "templates.mjs"),
      // React is hotelsite's own copy (the one react-dom renders with), wherever the templates are.
      ...packageResolution(/^react(-dom)?(\/.*)?$/),
      absWorkingDir: o.cwd,
    });
  } catch (e) {
    const failure = e as esbuild.BuildFailure;
    if (failure.errors) throw new ContentErrors(esbuildErrors(failure.errors, o.cwd, e));
    throw e;
  }
  // What the module is made from: every file of the templates folder, and the packages' files that gave it code. A
  // package file the bundle left out (budoux's HTML processor's DOM library, 200 files) is not read at every build.
  const gave = new Set(Object.values(result.metafile.outputs).flatMap((out) => Object.keys(out.inputs).filter((p) => out.inputs[p].bytesInOutput > 0)));
  const inputs = Object.keys(result.metafile.inputs)
    .map((p) => [p, path.resolve(o.cwd, p)])
    .filter(([p, abs]) => gave.has(p) || isWithin(o.templatesDir, abs))
    .map(([, abs]) => abs);
  return { code: result.outputFiles[0].text, inputs, graph: importGraph(result.metafile, o.cwd) };
}

/** A kept compile of `templatesDir` that is still current: lib/'s for the bundled set, else the user cache's. */
function kept(templatesDir: string, key: string): LoadedTemplates | undefined {
  // lib/ first for the bundled set (a build after `npm run compile` opens no cache); the user cache after it, which
  // also holds the bundled set compiled while it is being edited.
  if (templatesDir === bundledTemplates()) {
    const found = keptIn(libDir(), readPlainSync(path.join(libDir(), LIB_MANIFEST), { maxBytes: MAX_MODULE_BYTES })?.bytes.toString("utf8"), { templatesDir, key });
    if (found) return found;
  }
  const cache = userCache();
  return cache ? keptIn(cache, readSealed(cacheManifest(templatesDir), MAX_MODULE_BYTES), { templatesDir, key }) : undefined;
}

/** The compile a manifest in `dir` records, when it is current and its module holds exactly the code its name says. */
function keptIn(dir: string, manifest: string | undefined, o: { templatesDir: string; key: string }): LoadedTemplates | undefined {
  const current = stillCurrent(manifest, o.key, o.templatesDir);
  if (!current) return undefined;
  const file = path.join(dir, current.module);
  const read = readPlainSync(file, { maxBytes: MAX_MODULE_BYTES });
  const hash = read && digest(read.bytes);
  // Named by its hash and used only while it holds exactly that code: a planted or cut module is made again.
  if (hash && current.module === `templates-${hash}.mjs`) return { url: pathToFileURL(file).href, inputs: current.inputs, hash, graph: current.graph };
  if (read) noteDamaged(file);
  return undefined;
}

/** Compiles templates/index.tsx (or throws ContentErrors for template syntax errors) unless a kept compile is current. */
export async function loadTemplates(opts: { templatesDir: string; cwd?: string; names?: string[] }): Promise<LoadedTemplates> {
  const cwd = opts.cwd ?? process.cwd();
  const templatesDir = path.resolve(cwd, opts.templatesDir);
  const key = keyOf(opts.names ?? (await checkTemplateFiles(templatesDir, cwd)));
  const found = kept(templatesDir, key);
  if (found) return found;
  // A build that cannot cache anywhere still builds: the module is then imported from memory.
  const cache = userCache();
  const { code, inputs, graph } = await compile({ templatesDir, cwd, outDir: cache ?? cacheDir() });
  const hash = digest(code);
  const file = cacheFile(`templates-${hash}.mjs`, code);
  const manifest = file && manifestOf({ key, module: path.basename(file), templatesDir, inputs, graph });
  if (manifest) writeSealed(cacheManifest(templatesDir), JSON.stringify(manifest));
  const url = file ? pathToFileURL(file).href : `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`;
  return { url, inputs, hash, graph };
}

/** Compiles the bundled templates into the package's lib/ (`npm run compile`): a first build then runs no compiler. */
export async function writePackagedTemplates(): Promise<void> {
  const templatesDir = bundledTemplates();
  const key = keyOf(await checkTemplateFiles(templatesDir, packageRoot()));
  const { code, inputs, graph } = await compile({ templatesDir, cwd: packageRoot(), outDir: libDir() });
  const module = `templates-${digest(code)}.mjs`;
  const manifest = manifestOf({ key, module, templatesDir, inputs, graph });
  if (!manifest) throw new Error("hotelsite: a file the bundled templates are made from could not be read back");
  // Whole or not at all, the module before its manifest: a build reading them meanwhile sees a set that agrees.
  writeWholeSync(path.join(libDir(), module), code);
  writeWholeSync(path.join(libDir(), LIB_MANIFEST), JSON.stringify(manifest));
}
