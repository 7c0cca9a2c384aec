// A fresh clone's first build: the bundled content's variants are committed in content/.generated/images, so a
// build with an empty user cache encodes nothing; and the output never shares storage with them.
import { cp, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";
import { setEnv } from "../support/env.js";
import { REPO } from "../support/fixture.js";

let dir: string;
let result: BuildResult;
const committed = () => path.join(dir, "content", ".generated", "images");
let restoreEnv: () => void;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-first-"));
  await cp(path.join(REPO, "content"), path.join(dir, "content"), { recursive: true });
  // An empty user cache, as on a machine that never ran hotelsite.
  restoreEnv = setEnv({ XDG_CACHE_HOME: path.join(dir, "empty-cache") });
  result = await build({ contentDir: "content", outDir: "dist", cwd: dir });
}, 120_000);
afterAll(async () => {
  restoreEnv?.();
  await rm(dir, { recursive: true, force: true });
});

describe("first build of the bundled content", () => {
  it("re-encodes none of the committed image variants", async () => {
    expect(result.images.encoded).toBe(0);
    expect(result.images.cached).toBeGreaterThan(0);
    // Every committed variant is used (none left over to prune), and nothing went to the user cache.
    expect((await readdir(committed())).length).toBe(result.images.cached);
    expect(await readdir(path.join(dir, "empty-cache", "hotelsite", "images")).catch(() => [])).toEqual([]);
  });

  it("copies variants into the output: an edit of dist/ in place leaves the committed file and the next build as they were", async () => {
    const published = (await readdir(path.join(dir, "dist", "assets", "images"))).find((f) => f.endsWith(".avif"))!;
    const name = published.slice(published.lastIndexOf(".", published.length - 6) + 1);
    const original = await readFile(path.join(committed(), name));
    const inDist = path.join(dir, "dist", "assets", "images", published);
    expect((await stat(inDist)).nlink).toBe(1);
    // Written in place (same inode), as an image editor saving over the file does.
    await writeFile(inDist, "edited");
    expect(await readFile(path.join(committed(), name))).toEqual(original);
    await build({ contentDir: "content", outDir: "dist2", cwd: dir });
    expect(await readFile(path.join(dir, "dist2", "assets", "images", published))).toEqual(original);
  });
});
