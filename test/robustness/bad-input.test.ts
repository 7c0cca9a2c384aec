// Runs every case of the bad-input corpus (test/fixtures/bad/cases.ts) through `hotelsite build` in-process:
// the exit code, every error exactly as printed (file:line:column pointer message, hint), and the previous
// output folder byte-for-byte unchanged with nothing left beside it.
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BAD_CASES } from "../fixtures/bad/cases.js";
import { HOSTILE_CASES } from "../fixtures/bad/cases-hostile.js";
import { FILE_CASES } from "../fixtures/bad/cases-hostile-files.js";
import { ROUND_FOUR_CASES, ROUND_FOUR_FILE_CASES } from "../fixtures/bad/cases-hostile-round4.js";
import { SURFACE_CASES } from "../fixtures/bad/cases-hostile-surfaces.js";
import { FIXTURE, runCli } from "../support/fixture.js";
import { caseFolder, fingerprint, leftovers, placesIn, tempRoot, treePrint } from "./support.js";

let root: string;
let dist: string;
let before: Awaited<ReturnType<typeof fingerprint>>;
const vitestStackFormat = Error.prepareStackTrace;

beforeAll(async () => {
  // As bin/hotelsite.js does, so a template's error names its .tsx line rather than the compiled bundle's.
  // Vitest formats stacks itself, which bypasses Node's source maps; the CLI runs without that.
  process.setSourceMapsEnabled(true);
  (Error as { prepareStackTrace?: unknown }).prepareStackTrace = undefined;
  root = await tempRoot("hotelsite-bad-", tmpdir());
  dist = path.join(root, "dist");
  const good = await runCli(["build", "--content", FIXTURE, "--out", dist], root);
  expect(good.err).toBe("");
  expect(good.code).toBe(0);
  before = await fingerprint(dist);
  expect(before.files.length).toBeGreaterThan(15);
});
afterAll(async () => {
  Error.prepareStackTrace = vitestStackFormat;
  await rm(root, { recursive: true, force: true });
});

/** What stderr holds after a build that stopped on these errors. */
function stderrFor(errors: string[]): string {
  const n = errors.length;
  return `${errors.join("\n")}\n\n${n} error${n === 1 ? "" : "s"} found.\nNothing was written; the previous output is unchanged.\n`;
}

describe("the bad-input corpus", () => {
  it("holds at least 30 cases, each named once", () => {
    const names = BAD_CASES.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(30);
    expect(new Set(names).size).toBe(names.length);
  });

  it("holds at least 40 hostile cases (file system, YAML, forms), named apart from the others", () => {
    expect(HOSTILE_CASES.length).toBeGreaterThanOrEqual(40);
    const names = [...BAD_CASES, ...HOSTILE_CASES, ...ROUND_FOUR_CASES, ...SURFACE_CASES].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const c of [...BAD_CASES, ...HOSTILE_CASES, ...ROUND_FOUR_CASES, ...SURFACE_CASES]) {
    it(c.name, async () => {
      const { dir, argv } = await caseFolder(root, c);
      try {
        const out = c.code === 0 ? path.join(dir, "dist") : dist;
        const r = await runCli(["build", ...argv, "--out", out], dir);
        if (c.code === 0) {
          expect(r.err).toBe("");
          expect(r.code).toBe(0);
          const html = await readFile(path.join(out, c.builds!.page), "utf8");
          // Read as shown: headlines bind their last words and place names with no-break spaces.
          const shown = html.replace(/\u00a0/g, " ");
          for (const text of c.builds!.contains) expect(shown).toContain(text);
        } else {
          const errors = typeof c.errors === "function" ? c.errors(placesIn(dir)) : c.errors!;
          expect(errors.length).toBeGreaterThan(0);
          expect(r.err).toBe(stderrFor(errors));
          expect(r.code).toBe(1);
        }
        expect(await fingerprint(dist)).toEqual(before);
        expect(await leftovers(root)).toEqual([]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
});

describe("the hostile corpus of the tool's other files (lock, XLIFF, mark-current targets)", () => {
  it("names each case once", () => {
    const names = [...BAD_CASES, ...HOSTILE_CASES, ...ROUND_FOUR_CASES, ...SURFACE_CASES, ...FILE_CASES, ...ROUND_FOUR_FILE_CASES].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const c of [...FILE_CASES, ...ROUND_FOUR_FILE_CASES]) {
    it(c.name, async () => {
      const { dir } = await caseFolder(root, { name: c.name, content: c.content, around: c.around });
      try {
        const before = await treePrint(dir);
        const r = await runCli(c.argv, dir);
        expect(r.err).toBe(typeof c.stderr === "function" ? c.stderr(placesIn(dir)) : c.stderr);
        expect(r.code).toBe(c.code);
        expect(await treePrint(dir)).toEqual(before);
        expect(await leftovers(root)).toEqual([]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
});
