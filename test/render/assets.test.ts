// bundleAssets: the stylesheet and the script are named by their bytes, so the same templates give the same
// names from any working folder (a CI clone, a global install), and other bytes give other names.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleAssets } from "../../src/render/assets.js";
import { REPO } from "../support/fixture.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-assets-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const names = (a: Awaited<ReturnType<typeof bundleAssets>>) => [a.links.css, a.links.js];

describe("bundleAssets", () => {
  it("names the stylesheet and the script by their bytes, whatever folder the build runs from", async () => {
    const here = await bundleAssets({ templatesDir: path.join(REPO, "templates"), cwd: REPO });
    const there = await bundleAssets({ templatesDir: path.join(REPO, "templates"), cwd: dir });
    expect(names(there)).toEqual(names(here));
    expect(here.links.js).toMatch(/^\/assets\/site\.[0-9A-F]{8}\.js$/);
  });

  it("gives the script another name when its bytes change, and the stylesheet the same", async () => {
    const copy = path.join(dir, "copy", "templates");
    await cp(path.join(REPO, "templates"), copy, { recursive: true });
    const before = await bundleAssets({ templatesDir: copy, cwd: dir });
    const main = path.join(copy, "client", "main.ts");
    await writeFile(main, `${await readFile(main, "utf8")}\nconsole.log("changed");\n`);
    const after = await bundleAssets({ templatesDir: copy, cwd: dir });
    expect(after.links.css).toBe(before.links.css);
    expect(after.links.js).not.toBe(before.links.js);
  });
});
