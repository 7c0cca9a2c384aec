// Every pattern in the content schemas comes with a message that states the form it wants and an example,
// and ajv's pattern errors are printed with that message (never "is not in the expected form").
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/fixture.js";

const SCHEMAS = path.join(REPO, "src/content/schemas");
/** Patterns whose form is stated in the hint (the affiliate checks name the allowed hosts there). */
const HINTED = new Set(["hotel.schema.json#/properties/affiliateLink", "site.schema.json#/properties/affiliate/properties/link"]);
/** The "no control characters" pattern is reported with the character and its place, not a form. */
const CONTROL = "^[^\\u0000-";

/** Every object under `node` that has a pattern, with its JSON pointer, skipping propertyNames (language keys). */
function patterns(node: unknown, pointer = ""): { pointer: string; at: Record<string, unknown> }[] {
  if (!node || typeof node !== "object") return [];
  const out: { pointer: string; at: Record<string, unknown> }[] = [];
  const obj = node as Record<string, unknown>;
  if (typeof obj.pattern === "string" && !obj.pattern.startsWith(CONTROL) && !pointer.endsWith("/propertyNames")) out.push({ pointer, at: obj });
  for (const [k, v] of Object.entries(obj)) out.push(...patterns(v, `${pointer}/${k}`));
  return out;
}

describe("pattern messages", () => {
  const all = readdirSync(SCHEMAS)
    .filter((f) => f.endsWith(".schema.json"))
    .flatMap((f) => patterns(JSON.parse(readFileSync(path.join(SCHEMAS, f), "utf8"))).map((p) => ({ ...p, id: `${f}#${p.pointer}` })));

  it("finds the schemas' patterns (the walk itself works)", () => {
    expect(all.map((p) => p.id)).toContain("site.schema.json#/properties/themeColor");
    expect(all.length).toBeGreaterThan(12);
  });

  it("gives every pattern a message with the expected form and an example", () => {
    const missing = all.filter((p) => !HINTED.has(p.id) && !/^must .*\(e\.g\. [^)]+\)/.test(String(p.at.patternErrorMessage ?? ""))).map((p) => p.id);
    expect(missing).toEqual([]);
  });
});
