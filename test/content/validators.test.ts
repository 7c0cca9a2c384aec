// The cached standalone validators (src/content/validators.ts) agree with ajv compiling the schemas in memory.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadValidators } from "../../src/content/validators.js";
import { cacheDir } from "../../src/util/paths.js";
import { REPO } from "../support/fixture.js";
import hotelSchema from "../../src/content/schemas/hotel.schema.json" with { type: "json" };
import siteSchema from "../../src/content/schemas/site.schema.json" with { type: "json" };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

describe("loadValidators", () => {
  it("takes the standalone module from lib/ (npm run compile) or keeps it in the user cache, under a content-hashed name", async () => {
    loadValidators();
    // Which of the two depends on whether this checkout's lib/ holds the module for these schemas: one of them does.
    const named = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).filter((n) => /^validators-[0-9a-f]{16}\.cjs$/.test(n));
    expect([...(await named(path.join(REPO, "lib"))), ...(await named(cacheDir()))].length).toBeGreaterThanOrEqual(1);
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
