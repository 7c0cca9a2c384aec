// The cache folder: the user's cache (XDG_CACHE_HOME or ~/.cache), never the package's node_modules, with a
// fallback when it cannot be written.
import { execFile } from "node:child_process";
import { cp, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheDir } from "../../src/util/paths.js";
import { fixtureCopy, REPO } from "../support/fixture.js";

describe("cacheDir", () => {
  it("is $XDG_CACHE_HOME/hotelsite when that is an absolute path", () => {
    expect(cacheDir({ XDG_CACHE_HOME: "/var/cache/me" })).toBe("/var/cache/me/hotelsite");
  });
  it("is ~/.cache/hotelsite otherwise (a relative XDG_CACHE_HOME is ignored, as the spec says)", () => {
    expect(cacheDir({})).toBe(path.join(homedir(), ".cache", "hotelsite"));
    expect(cacheDir({ XDG_CACHE_HOME: "relative/cache" })).toBe(path.join(homedir(), ".cache", "hotelsite"));
  });
});

describe("a build whose cache folder cannot be written", () => {
  let fx: Awaited<ReturnType<typeof fixtureCopy>>;
  beforeAll(async () => {
    fx = await fixtureCopy();
  });
  afterAll(() => fx.cleanup());

  it("still builds (the CLI, with XDG_CACHE_HOME naming a file), caching in the temp folder instead", { timeout: 60_000 }, async () => {
    const notAFolder = path.join(fx.dir, "cache-is-a-file");
    await writeFile(notAFolder, "");
    // A site's own templates: the bundled ones come compiled from lib/, a site's own are compiled into the cache.
    await cp(path.join(REPO, "templates"), path.join(fx.dir, "templates"), { recursive: true });
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(REPO, "bin", "hotelsite.js"), "build", "--content", "content", "--out", "dist", "--templates", "templates"], {
      cwd: fx.dir,
      env: { ...process.env, XDG_CACHE_HOME: notAFolder, TMPDIR: fx.dir },
    });
    expect(stdout).toMatch(/15 pages/);
    expect(await promisify(execFile)("ls", [path.join(fx.dir, `hotelsite-${process.getuid!()}`)]).then((r) => r.stdout)).toMatch(/templates-[0-9a-f]{16}\.mjs/);
  });
});
