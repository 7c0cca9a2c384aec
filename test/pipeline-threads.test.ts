// An end-to-end build of a synthetic site above every size threshold (bench/synth.mjs, 702 pages) at 1, 2 and
// 4 rendering threads: the same files with the same bytes, whichever thread rendered and wrote each page.
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { synth } from "../bench/synth.mjs";
import { build } from "../src/build.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-threads-"));
  await synth({ hotels: 232, out: path.join(dir, "content") });
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every file under `root` with a hash of its bytes, by path. */
async function digest(root: string): Promise<Record<string, string>> {
  const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const out: Record<string, string> = {};
  for (const f of files) {
    const full = path.join(f.parentPath, f.name);
    out[path.relative(root, full)] = createHash("sha256").update(await readFile(full)).digest("hex");
  }
  return out;
}

describe("a build of 702 pages", () => {
  it("writes byte-identical output at 1, 2 and 4 threads", { timeout: 300_000 }, async () => {
    const now = new Date("2031-05-01T00:00:00Z");
    const outputs: Record<string, string>[] = [];
    for (const threads of [1, 2, 4]) {
      const result = await build({ contentDir: path.join(dir, "content"), outDir: path.join(dir, `out-${threads}`), now, threads });
      expect(result.pages.length).toBe(702);
      expect(result.threads).toBe(threads);
      outputs.push(await digest(path.join(dir, `out-${threads}`)));
    }
    expect(Object.keys(outputs[0]).length).toBeGreaterThan(702);
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
  });
});
