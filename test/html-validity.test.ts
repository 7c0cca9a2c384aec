// Every built page passes the Nu HTML Checker (vnu, the W3C validator's engine) with zero errors.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../src/build.js";
import { REPO } from "./support/fixture.js";

const VNU = path.join(REPO, "node_modules/vnu-jar/build/dist/vnu.jar");
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-vnu-"));
  await build({ contentDir: path.join(REPO, "content"), outDir: path.join(dir, "dist"), cwd: REPO });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("Nu HTML Checker", () => {
  it("finds no error on any page of the bundled site", async () => {
    // vnu exits 1 when it reports errors; its JSON report is on stderr either way.
    const run = promisify(execFile)("java", ["-jar", VNU, "--errors-only", "--skip-non-html", "--format", "json", path.join(dir, "dist")], { maxBuffer: 64 * 1024 * 1024 });
    const stderr = await run.then((r) => r.stderr, (e: { stderr?: string; code?: unknown }) => {
      if (e.code === "ENOENT") throw new Error("java is not installed: run `npm run setup` (it installs a JRE for the validator)");
      return e.stderr ?? "";
    });
    const messages = (JSON.parse(stderr).messages as { type: string; message: string; url: string; firstColumn?: number }[])
      .filter((m) => m.type === "error")
      .map((m) => `${path.relative(dir, m.url.replace(/^file:/, ""))}:${m.firstColumn ?? 0} ${m.message}`);
    expect(messages).toEqual([]);
  });
});
