// PRODUCT.md's size budget for the code, per file: no file in src/ over 300 lines (the generated types excepted), so
// that each module stays small enough to read whole.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "./support/fixture.js";

describe("src/", () => {
  it("has no TypeScript file over 300 lines but the generated types", async () => {
    const files = (await readdir(path.join(REPO, "src"), { recursive: true })).filter((f) => f.endsWith(".ts") && !f.endsWith("types.generated.ts"));
    expect(files.length).toBeGreaterThan(100);
    const long: string[] = [];
    for (const f of files) {
      const lines = (await readFile(path.join(REPO, "src", f), "utf8")).split("\n").length - 1;
      if (lines > 300) long.push(`${f}: ${lines}`);
    }
    expect(long).toEqual([]);
  });
});
