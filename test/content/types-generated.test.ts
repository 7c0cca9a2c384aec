// The types generated from the JSON Schemas are current, and they type the interface strings by key.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { UiStrings } from "../../src/types.js";
import { REPO } from "../support/fixture.js";

describe("src/content/types.generated.ts", () => {
  it("is what `npm run types` makes from the schemas now", { timeout: 60_000 }, async () => {
    // @ts-expect-error scripts/types.mjs is plain JavaScript without declarations.
    const { generatedTypes } = (await import("../../scripts/types.mjs")) as { generatedTypes: () => Promise<string> };
    expect(await readFile(path.join(REPO, "src", "content", "types.generated.ts"), "utf8")).toBe(await generatedTypes());
  });

  it("types interface strings by key (npm test's typecheck fails on a key the schema lacks)", () => {
    const t = { contact: "Contact" } as UiStrings;
    // @ts-expect-error `contactt` is not a key of the strings schema: this line only typechecks while that holds.
    const typo: string = t.contactt;
    expect([t.contact, typo]).toEqual(["Contact", undefined]);
  });
});
