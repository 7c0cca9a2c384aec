// The schema validators as ajv standalone code keyed by the schemas' content: shipped in lib/ by `npm run compile`
// (compiling was a quarter of a first build's main thread), else compiled once and kept in hotelsite's cache.
import { createHash } from "node:crypto";
import { createRequire, Module } from "node:module";
import path from "node:path";
import type { ValidateFunction } from "ajv";
import { readSealed, writeSealed } from "../io/cache.js";
import { writeWholeSync } from "../io/write.js";
import { readPlainSync } from "../util/read-plain.js";
import { packageRoot } from "../util/paths.js";
import homeSchema from "./schemas/home.schema.json" with { type: "json" };
import hotelSchema from "./schemas/hotel.schema.json" with { type: "json" };
import siteSchema from "./schemas/site.schema.json" with { type: "json" };
import stringsSchema from "./schemas/strings.schema.json" with { type: "json" };

/** One validator per schema (and per `complete` variant and hotel layout). */
export interface Validators {
  site: ValidateFunction;
  strings: ValidateFunction;
  stringsComplete: ValidateFunction;
  home: ValidateFunction;
  homeComplete: ValidateFunction;
  hotel: ValidateFunction;
  layout(name: string): ValidateFunction | undefined;
}

/** Most bytes the cached module may hold (it is about 300 KB). */
const MAX_MODULE_BYTES = 16 * 1024 * 1024;

const SCHEMAS = [siteSchema, stringsSchema, homeSchema, hotelSchema];
const AJV_OPTIONS = { allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true } as const;
const LAYOUTS = Object.keys(hotelSchema.$defs).filter((k) => k.startsWith("layout-"));

/** Export name -> schema reference, for the standalone module. */
const REFS: Record<string, string> = {
  site: siteSchema.$id,
  strings: stringsSchema.$id,
  stringsComplete: `${stringsSchema.$id}#/$defs/complete`,
  home: homeSchema.$id,
  homeComplete: `${homeSchema.$id}#/$defs/complete`,
  hotel: hotelSchema.$id,
  ...Object.fromEntries(LAYOUTS.map((k) => [k.replace(/-/g, "_"), `${hotelSchema.$id}#/$defs/${k}`])),
};

/** The module's name: it carries a hash of the schemas, the options and ajv's version. */
function moduleName(require: NodeJS.Require): string {
  const ajvVersion = (require("ajv/package.json") as { version: string }).version;
  const key = createHash("sha256").update(JSON.stringify([SCHEMAS, AJV_OPTIONS, REFS, ajvVersion])).digest("hex").slice(0, 16);
  return `validators-${key}.cjs`;
}

/** Writes the module into the compiled package's lib/ (`npm run compile` runs this after bundling). */
export function writePackagedValidators(): void {
  const require = createRequire(path.join(packageRoot(), "package.json"));
  // Whole or not at all: a build reading it meanwhile sees the old module or the new one, never a cut one.
  writeWholeSync(path.join(packageRoot(), "lib", moduleName(require)), generate(require));
}

/** Compiles the schemas with ajv into one standalone CommonJS module's source. */
function generate(require: NodeJS.Require): string {
  const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const standaloneCode = (require("ajv/dist/standalone/index.js") as { default: (ajv: unknown, refs: Record<string, string>) => string }).default;
  const { _ } = require("ajv") as typeof import("ajv");
  const addFormats = require("ajv-formats") as (ajv: unknown) => void;
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
  addFormats(ajv);
  ajv.addVocabulary(["patternErrorMessage"]);
  for (const s of SCHEMAS) ajv.addSchema(s);
  return standaloneCode(ajv, REFS);
}

/** Runs the module's source as if it lived in hotelsite's folder, so `require("ajv/...")` resolves wherever the cache is. */
function evaluate(code: string, file: string): Record<string, ValidateFunction> {
  const m = new Module(file) as Module & { _compile(code: string, file: string): void; paths: string[] };
  m.filename = file;
  m.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(packageRoot());
  m._compile(code, file);
  return m.exports as Record<string, ValidateFunction>;
}

/** The validators: the cached standalone module, generated first when the schemas changed. */
export function loadValidators(): Validators {
  // ajv (and the generated module's helpers) resolve from hotelsite's own package, not from the cache folder.
  const require = createRequire(path.join(packageRoot(), "package.json"));
  const name = moduleName(require);
  const packaged = path.join(packageRoot(), "lib", name);
  // Read guarded (a regular file only, never through a link, a FIFO not waited on): anything else is generated again.
  const read = (at: string) => readPlainSync(at, { maxBytes: MAX_MODULE_BYTES })?.bytes.toString("utf8");
  let code = read(packaged) ?? readSealed(name, MAX_MODULE_BYTES);
  if (code === undefined) {
    code = generate(require);
    writeSealed(name, code);
  }
  const m = evaluate(code, path.join(packageRoot(), name));
  const layouts = new Map(LAYOUTS.map((k) => [k.slice("layout-".length), m[k.replace(/-/g, "_")]]));
  return {
    site: m.site,
    strings: m.strings,
    stringsComplete: m.stringsComplete,
    home: m.home,
    homeComplete: m.homeComplete,
    hotel: m.hotel,
    // A map lookup, not a string built and searched for each of 1,334 hotels on every save.
    layout: (name) => (layouts.has(name) ? layouts.get(name) : undefined),
  };
}
