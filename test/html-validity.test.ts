// Every built page passes the Nu HTML Checker (vnu, the W3C validator's engine) with zero errors.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../src/build.js";
import { REPO } from "./support/fixture.js";
import { galleryFixture } from "./support/gallery-fixture.js";

const VNU = path.join(REPO, "node_modules/vnu-jar/build/dist/vnu.jar");
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-vnu-"));
  await build({ contentDir: path.join(REPO, "content"), outDir: path.join(dir, "dist"), cwd: REPO });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("Nu HTML Checker", () => {
  it("finds no error on any page of the bundled site", async () => {
    expect(await vnuErrors(path.join(dir, "dist"))).toEqual([]);
  });

  it("finds no error on the pages of a hotel with a photo gallery (the bundled site has none)", async () => {
    const fx = await galleryFixture();
    try {
      await build({ contentDir: fx.content, outDir: path.join(fx.dir, "dist"), cwd: fx.dir });
      expect(await vnuErrors(path.join(fx.dir, "dist"))).toEqual([]);
    } finally {
      await fx.cleanup();
    }
  });
});

/** The Nu checker's errors on the HTML files of a folder, one line each (file:column message). */
async function vnuErrors(folder: string): Promise<string[]> {
  // vnu exits 1 when it reports errors; its JSON report is on stderr either way.
  const run = promisify(execFile)("java", ["-jar", VNU, "--errors-only", "--skip-non-html", "--format", "json", folder], { maxBuffer: 64 * 1024 * 1024 });
  const stderr = await run.then((r) => r.stderr, (e: { stderr?: string; code?: unknown }) => {
    if (e.code === "ENOENT") throw new Error("java is not installed: run `npm run setup` (it installs a JRE for the validator)");
    return e.stderr ?? "";
  });
  return (JSON.parse(stderr).messages as { type: string; message: string; url: string; firstColumn?: number }[])
    .filter((m) => m.type === "error")
    .map((m) => `${path.relative(folder, m.url.replace(/^file:/, ""))}:${m.firstColumn ?? 0} ${m.message}`);
}
