// Unused interface strings and home copy: keys in the schemas that neither the templates nor the resolver read.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unusedKeys } from "../support/unused-keys.js";
import homeSchema from "../../src/content/schemas/home.schema.json" with { type: "json" };
import stringsSchema from "../../src/content/schemas/strings.schema.json" with { type: "json" };
import { REPO } from "../support/fixture.js";

/** The text of every .ts/.tsx file under the folders that read strings (templates and the resolver). */
async function code(): Promise<string[]> {
  const out: string[] = [];
  for (const dir of ["templates", "src/site", "src/render"]) {
    const entries = await readdir(path.join(REPO, dir), { recursive: true, withFileTypes: true });
    for (const e of entries) if (e.isFile() && /\.tsx?$/.test(e.name)) out.push(await readFile(path.join(e.parentPath, e.name), "utf8"));
  }
  return out;
}

describe("unusedKeys", () => {
  it("counts a key as used when the code names it or builds it from a template literal around a named word", () => {
    const sources = ["const x = t.home + t['menu'];", "const F = ['Dining'] as const; x[`feature${f}Title`];"];
    expect(unusedKeys(["home", "menu", "featureDiningTitle", "featureSpaTitle", "contact"], sources)).toEqual(["featureSpaTitle", "contact"]);
  });

  it("finds in the project only the strings known to be unused", async () => {
    const sources = await code();
    expect(unusedKeys(Object.keys(stringsSchema.$defs.text.properties), sources)).toEqual([]);
    expect(unusedKeys(Object.keys(homeSchema.$defs.text.properties), sources)).toEqual([]);
  });
});
