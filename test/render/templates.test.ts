// A compiled template set is used again while the files it was made from hold the same bytes (template-manifest.ts),
// and compiled again when one changes, a file is added, or the kept module is not what its name says.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { stderrNotes } from "../support/stderr-notes.js";
import { manifestOf, stillCurrent } from "../../src/render/template-manifest.js";
import { loadTemplates } from "../../src/render/templates.js";
import { esbuildApi } from "../../src/util/esbuild.js";
import { setEnv } from "../support/env.js";
import { REPO } from "../support/fixture.js";

let dir: string;
let restoreEnv: () => void;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-templates-"));
  restoreEnv = setEnv({ XDG_CACHE_HOME: path.join(dir, "xdg") });
});
afterAll(async () => {
  restoreEnv();
  await rm(dir, { recursive: true, force: true });
});
// The real compiler, counted: a kept compile is one that never reaches it.
vi.mock("../../src/util/esbuild.js", async (original) => {
  const actual = await original<typeof import("../../src/util/esbuild.js")>();
  const real = actual.esbuildApi();
  const api = { ...real, build: vi.fn(real.build) };
  return { ...actual, esbuildApi: () => api };
});
const compiles = vi.mocked(esbuildApi().build);
afterEach(() => compiles.mockClear());

describe("manifestOf and stillCurrent", () => {
  it("round-trip: the inputs and the import graph come back as absolute paths while every input keeps its bytes", async () => {
    const a = path.join(dir, "a.tsx");
    const b = path.join(dir, "b.ts");
    await writeFile(a, 'import { b } from "./b";\nexport const a = b;\n');
    await writeFile(b, "export const b = 1;\n");
    const m = manifestOf({ key: "k1", module: "templates-0123456789abcdef.mjs", templatesDir: dir, inputs: [a, b], graph: new Map([[a, [b]], [b, []]]) })!;
    expect(m.inputs.map(([rel]) => rel)).toEqual(["a.tsx", "b.ts"]);
    expect(m.graph).toEqual([["a.tsx", ["b.ts"]], ["b.ts", []]]);
    const text = JSON.stringify(m);
    expect(stillCurrent(text, "k1", dir)).toEqual({ module: "templates-0123456789abcdef.mjs", inputs: [a, b], graph: new Map([[a, [b]], [b, []]]) });
    // Another compiler or file list, a changed byte, a name that is not a module's, or no manifest: compile again.
    expect(stillCurrent(text, "k2", dir)).toBeUndefined();
    expect(stillCurrent(JSON.stringify({ ...m, module: "../../elsewhere.mjs" }), "k1", dir)).toBeUndefined();
    expect(stillCurrent("{not json", "k1", dir)).toBeUndefined();
    expect(stillCurrent(undefined, "k1", dir)).toBeUndefined();
    await writeFile(b, "export const b = 2;\n");
    expect(stillCurrent(text, "k1", dir)).toBeUndefined();
  });
});

describe("loadTemplates with a site's own templates", () => {
  it("compiles once, then uses the kept module until a template changes or a file is added", { timeout: 60_000 }, async () => {
    const templatesDir = path.join(dir, "own-templates");
    await cp(path.join(REPO, "templates"), templatesDir, { recursive: true });
    const first = await loadTemplates({ templatesDir, cwd: dir });
    expect(compiles).toHaveBeenCalledTimes(1);
    expect(fileURLToPath(first.url)).toBe(path.join(dir, "xdg", "hotelsite", `templates-${first.hash}.mjs`));

    const again = await loadTemplates({ templatesDir, cwd: dir });
    expect(compiles).toHaveBeenCalledTimes(1);
    expect(again).toEqual(first);

    const footer = path.join(templatesDir, "components", "Footer.tsx");
    await writeFile(footer, (await readFile(footer, "utf8")) + "\n// an edit\n");
    await loadTemplates({ templatesDir, cwd: dir });
    expect(compiles).toHaveBeenCalledTimes(2);

    // A file no template imports yet may change what an import finds: the file list is part of the key.
    await writeFile(path.join(templatesDir, "components", "Unused.tsx"), "export const unused = 1;\n");
    await loadTemplates({ templatesDir, cwd: dir });
    expect(compiles).toHaveBeenCalledTimes(3);
  });

  it("records the templates folder's files and the package files that gave the module code, not those the bundle left out", { timeout: 60_000 }, async () => {
    const templatesDir = path.join(dir, "own-templates-inputs");
    await cp(path.join(REPO, "templates"), templatesDir, { recursive: true });
    const { inputs } = await loadTemplates({ templatesDir, cwd: dir });
    const packages = inputs.filter((f) => !f.startsWith(templatesDir + path.sep)).map((f) => f.slice(f.lastIndexOf(`node_modules${path.sep}`) + "node_modules".length + 1));
    // BudouX's parser and models are in the module; the DOM library its HTML processor imports (linkedom) is not.
    expect(packages).toContain(path.join("budoux", "module", "parser.js"));
    expect(packages.filter((f) => !f.startsWith("budoux" + path.sep))).toEqual([]);
    expect(inputs).toContain(path.join(templatesDir, "components", "Footer.tsx"));
  });

  it("a kept module that is not what its name says is noted and compiled again, never imported", { timeout: 60_000 }, async () => {
    const templatesDir = path.join(dir, "own-templates-2");
    await cp(path.join(REPO, "templates"), templatesDir, { recursive: true });
    const first = await loadTemplates({ templatesDir, cwd: dir });
    const file = fileURLToPath(first.url);
    await writeFile(file, 'throw new Error("planted");\n');
    const { lines: notes, restore } = stderrNotes();
    try {
      compiles.mockClear();
      const again = await loadTemplates({ templatesDir, cwd: dir });
      expect(compiles).toHaveBeenCalledTimes(1);
      expect(again.hash).toBe(first.hash);
      expect(await readFile(file, "utf8")).not.toContain("planted");
      expect(notes).toEqual([`hotelsite: the cache entry ${file} was damaged (it does not hold what its name says); it is made again`]);
    } finally {
      restore();
    }
  });
});
