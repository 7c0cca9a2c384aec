// A compiled template set (and its bundled assets) is used again while every file it was made from holds the same
// bytes, so most builds run no compiler: the bundled templates ship compiled in lib/ (`npm run compile`), a site's
// own are kept in the user cache.
import path from "node:path";
import { digest } from "../io/cache.js";
import { esbuildVersion } from "../util/esbuild.js";
import { packageRoot } from "../util/paths.js";
import { readPlainSync } from "../util/read-plain.js";
import type { ImportGraph } from "./template-graph.js";

/** The templates hotelsite ships, whose compiles `npm run compile` keeps in lib/. */
export const bundledTemplates = () => path.join(packageRoot(), "templates");
/** The package's lib/, where the bundled templates' compiles are kept. */
export const libDir = () => path.join(packageRoot(), "lib");

/** What a kept compile must have been made by: the compiler, its options, hotelsite's place (React's and the fonts' paths), the templates folder's file names. */
export const compileKey = (options: object, names: string[]) => digest(JSON.stringify([esbuildVersion(), options, packageRoot(), names]));

/** What one compile made, kept beside its module: what it was made from, and by what. */
export interface Manifest {
  /** The compiler, its options and the templates folder's file names: another key means compile again. */
  key: string;
  /** The module's file name, templates-<digest of its code>.mjs. */
  module: string;
  /** Every file the module was made from (relative to the templates folder) with the digest of its bytes. */
  inputs: [string, string][];
  /** Which of them imports which, relative like the inputs. */
  graph: [string, string[]][];
}

/** Largest file a template set is made from that is checked by its bytes (real ones are a few KB; BudouX's models 80). */
const MAX_INPUT_BYTES = 16 * 1024 * 1024;

const fileDigest = (file: string) => {
  const read = readPlainSync(file, { maxBytes: MAX_INPUT_BYTES });
  return read && digest(read.bytes);
};

/** Each input relative to the templates folder with the digest of its bytes (undefined when one cannot be read back). */
export function inputDigests(templatesDir: string, inputs: string[]): [string, string][] | undefined {
  const out: [string, string][] = [];
  for (const file of inputs) {
    const d = fileDigest(file);
    if (!d) return undefined;
    out.push([path.relative(templatesDir, file), d]);
  }
  return out;
}

/** The recorded inputs as absolute paths, when every one still holds the bytes its digest says (a kept compile is current). */
export function currentInputs(templatesDir: string, recorded: unknown): string[] | undefined {
  const pairs = Array.isArray(recorded) && recorded.every((r) => Array.isArray(r) && typeof r[0] === "string" && typeof r[1] === "string") ? (recorded as [string, string][]) : undefined;
  const abs = pairs?.map(([rel]) => path.resolve(templatesDir, rel));
  return pairs?.every(([, d], i) => fileDigest(abs![i]) === d) ? abs : undefined;
}

/** The manifest of a compile (undefined when an input cannot be read back: that compile is not kept). */
export function manifestOf(o: { key: string; module: string; templatesDir: string; inputs: string[]; graph: ImportGraph }): Manifest | undefined {
  const rel = (abs: string) => path.relative(o.templatesDir, abs);
  const inputs = inputDigests(o.templatesDir, o.inputs);
  return inputs && { key: o.key, module: o.module, inputs, graph: [...o.graph].map(([file, imports]) => [rel(file), imports.map(rel)]) };
}

/** The inputs and import graph a kept manifest records, when it was made by `key` and its inputs hold the same bytes. */
export function stillCurrent(text: string | undefined, key: string, templatesDir: string): { module: string; inputs: string[]; graph: ImportGraph } | undefined {
  let m: Manifest;
  try {
    m = JSON.parse(text ?? "null") as Manifest;
  } catch {
    return undefined;
  }
  if (m?.key !== key || !/^templates-[0-9a-f]{16}\.mjs$/.test(m.module) || !Array.isArray(m.graph)) return undefined;
  const inputs = currentInputs(templatesDir, m.inputs);
  const abs = (rel: string) => path.resolve(templatesDir, rel);
  return inputs && { module: m.module, inputs, graph: new Map(m.graph.map(([file, imports]) => [abs(file), imports.map(abs)])) };
}
