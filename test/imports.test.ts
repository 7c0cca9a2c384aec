// No import cycles in src/ (type-only imports included), and no React in the main thread: dependency-cruiser,
// with the rules in .dependency-cruiser.json, over every module. A cycle means two modules can only be understood
// together; React is loaded by the rendering threads alone.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO } from "./support/fixture.js";

describe("the module graph of src/", () => {
  it("has no import cycles, and nothing the CLI imports loads the renderer (React)", { timeout: 60_000 }, async () => {
    const bin = path.join(REPO, "node_modules", ".bin", "depcruise");
    const { stdout } = await promisify(execFile)(bin, ["src", "--config", ".dependency-cruiser.json", "--output-type", "json"], { cwd: REPO, maxBuffer: 64 * 1024 * 1024 });
    const result = JSON.parse(stdout) as { summary: { violations: { from: string; to: string; cycle?: { name: string }[] }[]; totalCruised: number } };
    // Every TypeScript module was read (a missing parser would cruise nothing and find nothing).
    expect(result.summary.totalCruised).toBeGreaterThan(50);
    const violations = result.summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name), v.to].join(" -> "));
    expect(violations).toEqual([]);
  });
});
