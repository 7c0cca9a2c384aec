// quick-read: the cheap read of a content file. It reads a plain file whole and stamps it with its real path (the
// folder's real path, which load resolved once).
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAll, quickParse, SHARED_FROM, type QuickFile } from "../../src/content/quick-read.js";
import { parseYaml } from "../../src/content/yaml.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-quick-read-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("quick-read", () => {
  it("stamps a file reached through a linked folder with its real path, size and mtime", async () => {
    await mkdir(path.join(dir, "real"));
    await symlink(path.join(dir, "real"), path.join(dir, "linked"));
    await writeFile(path.join(dir, "real", "a.yaml"), "id: a\n");
    const info = await stat(path.join(dir, "real", "a.yaml"));
    const parsed = quickParse({ path: path.join(dir, "linked", "a.yaml"), realDir: path.join(dir, "real"), shown: "a.yaml" });
    expect(parsed).toEqual({ data: { id: "a" }, stamp: { path: path.join(dir, "real", "a.yaml"), size: 6, mtimeMs: info.mtimeMs } });
  });

  it("parses a file as a plain parse does, and locates positions in it", async () => {
    const text = "id: h1\ntext:\n  en:\n    name: Hotel 1\n    intro: 東京 1\n";
    await writeFile(path.join(dir, "h1.yaml"), text);
    const parsed = quickParse({ path: path.join(dir, "h1.yaml"), realDir: dir, shown: "h1.yaml" });
    expect(parsed?.data).toEqual(parseYaml(new TextEncoder().encode(text), "x").data);
  });

  it("gives back undefined for every file the careful way must read and report", async () => {
    const odd: [string, string | Buffer | undefined][] = [
      ["bad.yaml", "id: bad\nid: again\n"],
      ["empty.yaml", ""],
      ["big.yaml", "x: " + "a".repeat(1024 * 1024) + "\n"],
      ["latin1.yaml", Buffer.from("id: caf\u00e9\n", "latin1")],
      ["pipe.yaml", undefined],
      ["link.yaml", undefined],
      ["missing.yaml", undefined],
    ];
    for (const [name, text] of odd) if (text !== undefined) await writeFile(path.join(dir, name), text);
    execFileSync("mkfifo", [path.join(dir, "pipe.yaml")]);
    await writeFile(path.join(dir, "good.yaml"), "id: good\n");
    await symlink(path.join(dir, "good.yaml"), path.join(dir, "link.yaml"));
    const parse = (name: string) => quickParse({ path: path.join(dir, name), realDir: dir, shown: name })?.data;
    expect(odd.map(([name]) => parse(name))).toEqual(odd.map(() => undefined));
    expect(parse("good.yaml")).toEqual({ id: "good" });
  });

  it("shares a first load's files with another thread from SHARED_FROM files on, each file parsed once, the results in file order", async () => {
    await mkdir(path.join(dir, "many"));
    const files: QuickFile[] = [];
    for (let i = 0; i < SHARED_FROM; i++) {
      await writeFile(path.join(dir, "many", `h${i}.yaml`), i === 7 ? "id: a\nid: b\n" : `id: h${i}\nn: ${i}\n`);
      files.push({ path: path.join(dir, "many", `h${i}.yaml`), realDir: path.join(dir, "many"), shown: `h${i}.yaml` });
    }
    const there: string[] = [];
    // Another thread's answer, as a rendering thread gives it: later than this thread's own parsing goes on.
    const beside = async (chunk: QuickFile[]) => {
      await new Promise(setImmediate);
      there.push(...chunk.map((f) => f.shown));
      return chunk.map(quickParse);
    };
    const shared = await parseAll(files, beside);
    expect(shared).toEqual(files.map(quickParse));
    expect(shared[7]).toBeUndefined();
    expect(shared[SHARED_FROM - 1]?.data).toEqual({ id: `h${SHARED_FROM - 1}`, n: SHARED_FROM - 1 });
    expect(there.length).toBeGreaterThan(0);
    expect(there.length).toBeLessThan(files.length);
    expect(new Set(there).size).toBe(there.length);

    there.length = 0;
    expect(await parseAll(files.slice(0, SHARED_FROM - 1), beside)).toEqual(files.slice(0, SHARED_FROM - 1).map(quickParse));
    expect(there).toEqual([]);

    // A thread still starting (it has not answered yet) or one that failed to start is given no file: all are parsed here.
    const given: QuickFile[] = [];
    const starting = (chunk: QuickFile[]) => (given.push(...chunk), new Promise<never>(() => {}));
    expect(await parseAll(files, starting)).toEqual(files.map(quickParse));
    const failed = (chunk: QuickFile[]) => (given.push(...chunk), Promise.reject(new Error("no thread")));
    expect(await parseAll(files, failed)).toEqual(files.map(quickParse));
    expect(given).toEqual([]);
  });

  it("fails the parse when a chunk fails on the other thread", async () => {
    const files: QuickFile[] = [];
    for (let i = 0; i < SHARED_FROM; i++) files.push({ path: path.join(dir, "many", `h${i}.yaml`), realDir: path.join(dir, "many"), shown: `h${i}.yaml` });
    const beside = async (chunk: QuickFile[]) => {
      if (chunk.length) throw new Error("the thread's bug");
      return [];
    };
    await expect(parseAll(files, beside)).rejects.toThrow("the thread's bug");
  });
});
