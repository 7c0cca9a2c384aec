// Where a worker thread's script is: lib/<name>.js beside the running bundle, or from the TypeScript sources (the
// tests) a bundle of src/<entry> made once into the cache folder, named by its content hash.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cacheFile, digest } from "../io/cache.js";
import { packageResolution } from "../render/package-imports.js";
import { packageRoot } from "./paths.js";

/** The URL of a worker's script; `entry` is its source below src/ ("render/pool-worker.ts"), compiled to lib/<base>.js. */
export async function workerScript(entry: string, from: string = import.meta.url): Promise<URL> {
  const base = path.basename(entry, ".ts");
  // The compiled CLI is one folder of chunks: a module of it finds the worker beside the entry chunk or one up.
  for (const rel of [`./${base}.js`, `../${base}.js`]) {
    const beside = new URL(rel, from);
    if (existsSync(fileURLToPath(beside))) return beside;
  }
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [path.join(packageRoot(), "src", entry)],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages by absolute URL: the bundle lives in the cache folder, outside hotelsite's node_modules.
    ...packageResolution(/^[^./]/),
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  const file = cacheFile(`${base}-${digest(code)}.mjs`, code);
  if (!file) throw new Error(`cannot write the worker script ${base} into the cache folder`);
  return pathToFileURL(file);
}
