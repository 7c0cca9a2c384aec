// bundleAssets: the stylesheet and the script are named by their bytes, so the same templates give the same
// names from any working folder (a CI clone, a global install), and other bytes give other names. A bundle is kept
// like the compiled templates (lib/ for the bundled set, the user cache for a site's own) while the files it was
// made from hold the same bytes, so most builds start no compiler.
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bundleAssets, writePackagedAssets } from "../../src/render/assets.js";
import { esbuildApi } from "../../src/util/esbuild.js";
import { setEnv } from "../support/env.js";
import { REPO } from "../support/fixture.js";
import { stderrNotes } from "../support/stderr-notes.js";

let dir: string;
let caches = 0;
let restoreEnv: () => void;
/** A user cache of its own from now on (the cache folder is chosen again when the environment names another). */
const freshCache = () => (process.env.XDG_CACHE_HOME = path.join(dir, `xdg-${++caches}`));
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-assets-"));
  restoreEnv = setEnv({ XDG_CACHE_HOME: freshCache() });
});
afterAll(async () => {
  restoreEnv();
  await rm(dir, { recursive: true, force: true });
});
// The real compiler, counted: a kept bundle is one that never reaches it.
vi.mock("../../src/util/esbuild.js", async (original) => {
  const actual = await original<typeof import("../../src/util/esbuild.js")>();
  const real = actual.esbuildApi();
  const api = { ...real, build: vi.fn(real.build) };
  return { ...actual, esbuildApi: () => api };
});
const compiles = vi.mocked(esbuildApi().build);
afterEach(() => compiles.mockClear());

const names = (a: Awaited<ReturnType<typeof bundleAssets>>) => [a.links.css, a.links.js];
/** A copy of the bundled templates, a site's own set as far as hotelsite can tell. */
async function ownTemplates(name: string): Promise<string> {
  const templatesDir = path.join(dir, name, "templates");
  await cp(path.join(REPO, "templates"), templatesDir, { recursive: true });
  return templatesDir;
}

describe("bundleAssets", () => {
  it("names the stylesheet and the script by their bytes, whatever folder the build runs from", async () => {
    const templatesDir = await ownTemplates("names");
    const here = await bundleAssets({ templatesDir, cwd: REPO });
    freshCache();
    const there = await bundleAssets({ templatesDir, cwd: dir });
    expect(compiles).toHaveBeenCalledTimes(2);
    expect(names(there)).toEqual(names(here));
    expect(here.links.js).toMatch(/^\/assets\/site\.[0-9A-F]{8}\.js$/);
  });

  it("gives the script another name when its bytes change, and the stylesheet the same", async () => {
    const copy = await ownTemplates("copy");
    const before = await bundleAssets({ templatesDir: copy, cwd: dir });
    const main = path.join(copy, "client", "main.ts");
    await writeFile(main, `${await readFile(main, "utf8")}\nconsole.log("changed");\n`);
    const after = await bundleAssets({ templatesDir: copy, cwd: dir });
    expect(after.links.css).toBe(before.links.css);
    expect(after.links.js).not.toBe(before.links.js);
  });

  it("bundles a site's own set once, then uses the kept bundle until a file it is made from changes or a file is added", async () => {
    const templatesDir = await ownTemplates("kept");
    const first = await bundleAssets({ templatesDir, cwd: dir });
    expect(compiles).toHaveBeenCalledTimes(1);

    const again = await bundleAssets({ templatesDir, cwd: dir });
    expect(compiles).toHaveBeenCalledTimes(1);
    expect(again.links).toEqual(first.links);
    expect(again.inputs).toEqual(first.inputs);
    expect(again.files.map((f) => [f.path, Buffer.from(f.contents).toString("base64")])).toEqual(first.files.map((f) => [f.path, Buffer.from(f.contents).toString("base64")]));

    const css = path.join(templatesDir, "styles", "site.css");
    await writeFile(css, `${await readFile(css, "utf8")}\n.edited { color: red }\n`);
    const edited = await bundleAssets({ templatesDir, cwd: dir });
    expect(compiles).toHaveBeenCalledTimes(2);
    expect(edited.links.css).not.toBe(first.links.css);

    // A file may change what an import finds: the file list is part of the key, as for the templates.
    await writeFile(path.join(templatesDir, "client", "unused.ts"), "export const unused = 1;\n");
    await bundleAssets({ templatesDir, cwd: dir });
    expect(compiles).toHaveBeenCalledTimes(3);
  });

  it("a kept bundle that is not what its seal says is noted and made again", async () => {
    const templatesDir = await ownTemplates("damaged");
    freshCache();
    const first = await bundleAssets({ templatesDir, cwd: dir });
    const root = path.join(process.env.XDG_CACHE_HOME!, "hotelsite");
    const kept = (await readdir(root)).filter((n) => n.startsWith("assets-bundle-"));
    expect(kept).toHaveLength(1);
    const file = path.join(root, kept[0]);
    await writeFile(file, (await readFile(file, "utf8")).replace(first.links.css.slice(1), "assets/planted.css"));
    const { lines: notes, restore } = stderrNotes();
    try {
      compiles.mockClear();
      const again = await bundleAssets({ templatesDir, cwd: dir });
      expect(compiles).toHaveBeenCalledTimes(1);
      expect(again.links).toEqual(first.links);
      expect(notes).toEqual([`hotelsite: the cache entry ${file} was damaged (it does not hold what its name says); it is made again`]);
    } finally {
      restore();
    }
  });

  it("takes the bundled set's bundle from lib/ with no compile, the same files a compile makes", async () => {
    await writePackagedAssets();
    compiles.mockClear();
    const templatesDir = path.join(REPO, "templates");
    const packaged = await bundleAssets({ templatesDir, cwd: dir });
    expect(compiles).not.toHaveBeenCalled();
    // The same folder by another name (where esbuild finds the repository's tsconfig.json, as for lib/'s): compiled.
    const linked = path.join(dir, "linked-templates");
    await symlink(templatesDir, linked);
    const made = await bundleAssets({ templatesDir: linked, cwd: dir });
    expect(compiles).toHaveBeenCalledTimes(1);
    expect(packaged.links).toEqual(made.links);
    expect(packaged.files.map((f) => [f.path, Buffer.from(f.contents).toString("base64")])).toEqual(made.files.map((f) => [f.path, Buffer.from(f.contents).toString("base64")]));
  });

  it("bundles a copy of the bundled set outside the repository into the same files as lib/'s (no tsconfig.json above it counts)", async () => {
    await writePackagedAssets();
    const packaged = await bundleAssets({ templatesDir: path.join(REPO, "templates"), cwd: dir });
    const copy = await bundleAssets({ templatesDir: await ownTemplates("outside"), cwd: dir });
    expect(copy.links).toEqual(packaged.links);
    expect(copy.files.map((f) => [f.path, Buffer.from(f.contents).toString("base64")])).toEqual(packaged.files.map((f) => [f.path, Buffer.from(f.contents).toString("base64")]));
    expect(Buffer.from(copy.files.find((f) => f.path.endsWith(".js"))!.contents).toString()).toMatch(/^"use strict";/);
  });
});
