// quickLoad: content files read and parsed the cheap way, from PARSE_WORKER_MIN_FILES files on both threads taking
// files from one counter. The data must equal a plain parse wherever it was made, positions must still be found
// (the locator reads the file again), and every file the cheap way must not decide comes back undefined.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quickLoad } from "../../src/content/parse-pool.js";
import { parseYaml } from "../../src/content/yaml.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-parse-pool-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A content file on disk, as load hands it to quickLoad. */
async function file(name: string, text: string | Uint8Array) {
  const p = path.join(dir, name);
  await writeFile(p, text);
  return { path: p, realDir: dir, shown: name };
}

const hotel = (i: number) => `id: h${i}\ntext:\n  en:\n    name: Hotel ${i}\n    intro: 東京 ${i}\n`;

describe("quickLoad", () => {
  it("parses on both threads alike, and locates positions in every file", async () => {
    const files = await Promise.all(Array.from({ length: 60 }, (_, i) => file(`h${i}.yaml`, hotel(i))));
    const { sources } = await quickLoad(files, 10);
    sources.forEach((s, i) => {
      expect(s?.file).toBe(`h${i}.yaml`);
      expect(s?.data).toEqual(parseYaml(new TextEncoder().encode(hotel(i)), "x").data);
      expect(s?.locate("/text/en/intro")).toEqual({ line: 5, column: 12 });
    });
  });

  it("gives back undefined, in either thread, for every file the careful way must read and report", async () => {
    const big = "x: " + "a".repeat(1024 * 1024) + "\n";
    execFileSync("mkfifo", [path.join(dir, "pipe.yaml")]);
    await symlink(path.join(dir, "h0.yaml"), path.join(dir, "link.yaml"));
    const odd = [
      await file("bad.yaml", "id: bad\nid: again\n"),
      await file("empty.yaml", ""),
      await file("big.yaml", big),
      await file("latin1.yaml", Buffer.from("id: caf\u00e9\n", "latin1")),
      { path: path.join(dir, "pipe.yaml"), realDir: dir, shown: "pipe.yaml" },
      { path: path.join(dir, "link.yaml"), realDir: dir, shown: "link.yaml" },
      { path: path.join(dir, "missing.yaml"), realDir: dir, shown: "missing.yaml" },
    ];
    const good = await file("good.yaml", "id: good\n");
    // Here alone, and mixed among enough files that both threads take some of them.
    expect((await quickLoad([...odd, good], 100)).sources.map((s) => s?.data)).toEqual([...odd.map(() => undefined), { id: "good" }]);
    const many = Array.from({ length: 20 }, () => [...odd, good]).flat();
    const both = await quickLoad(many, 10);
    expect(both.sources.map((s) => s?.data)).toEqual(many.map((f) => (f === good ? { id: "good" } : undefined)));
  });
});
