// The cached standalone validators (src/content/validators.ts) agree with ajv compiling the schemas in memory.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadValidators } from "../../src/content/validators.js";
import { cacheDir } from "../../src/util/paths.js";
import hotelSchema from "../../src/content/schemas/hotel.schema.json" with { type: "json" };
import siteSchema from "../../src/content/schemas/site.schema.json" with { type: "json" };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

describe("loadValidators", () => {
  it("keeps the standalone module in the cache under a content-hashed name", async () => {
    loadValidators();
    const names = (await readdir(cacheDir())).filter((n) => /^validators-[0-9a-f]{16}\.cjs$/.test(n));
    expect(names.length).toBeGreaterThanOrEqual(1);
  });

  it("reports the same errors as ajv compiling the schema in memory", () => {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addVocabulary(["patternErrorMessage"]);
    ajv.addSchema(siteSchema);
    ajv.addSchema(hotelSchema);
    const v = loadValidators();
    const bad = [{}, { baseUrl: "ftp://x", languages: [{ code: "EN!" }] }, { id: "x", layout: "nope", text: 3 }];
    for (const data of bad) {
      for (const [mine, theirs] of [
        [v.site, ajv.getSchema(siteSchema.$id)!],
        [v.hotel, ajv.getSchema(hotelSchema.$id)!],
      ] as const) {
        expect(mine(data)).toBe(theirs(data));
        const strip = (errors: typeof mine.errors) => (errors ?? []).map((e) => ({ ...e, schema: JSON.stringify(e.schema), parentSchema: JSON.stringify(e.parentSchema) }));
        expect(strip(mine.errors)).toEqual(strip(theirs.errors));
      }
    }
    expect(v.layout("story")).toBeTypeOf("function");
    expect(v.layout("nope")).toBeUndefined();
    // Names are looked up, never read as paths into the module's exports.
    for (const odd of ["__proto__", "constructor", "toString", "Story", ""]) expect(v.layout(odd), odd).toBeUndefined();
    for (const name of ["showcase", "story", "article"]) expect(v.layout(name), name).toBeTypeOf("function");
  });
});
