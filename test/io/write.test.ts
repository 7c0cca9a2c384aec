// The guarded writer: replaces a file by a temporary file and a rename, keeping its mode, and refuses links,
// FIFOs, read-only files and folders outside the root before writing anything.
import { execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileError } from "../../src/io/file-error.js";
import { CACHE_FILES_KEPT, cacheFile, writeGuarded } from "../../src/io/write.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-write-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => (e instanceof FileError ? e.reason : `not a FileError: ${String(e)}`));

describe("writeGuarded", () => {
  it("replaces a file keeping its mode, and leaves no temporary file", async () => {
    const file = path.join(dir, "a.json");
    await writeFile(file, "old");
    await chmod(file, 0o640);
    await writeGuarded(file, "new", { root: dir });
    expect(await readFile(file, "utf8")).toBe("new");
    expect((await stat(file)).mode & 0o7777).toBe(0o640);
    expect(await readdir(dir)).toEqual(["a.json"]);
  });

  it("creates a missing file", async () => {
    await writeGuarded(path.join(dir, "b.json"), "x");
    expect(await readFile(path.join(dir, "b.json"), "utf8")).toBe("x");
  });

  it("refuses a link, a FIFO and a read-only file, changing nothing", async () => {
    await writeFile(path.join(dir, "target"), "keep");
    await symlink("target", path.join(dir, "link"));
    execFileSync("mkfifo", [path.join(dir, "fifo")]);
    await writeFile(path.join(dir, "ro"), "keep");
    await chmod(path.join(dir, "ro"), 0o444);
    expect(await refusal(writeGuarded(path.join(dir, "link"), "x"))).toBe("is a symbolic link; hotelsite does not write through links");
    expect(await refusal(writeGuarded(path.join(dir, "fifo"), "x"))).toBe("is a named pipe (FIFO), not a regular file, so it is not replaced");
    expect(await refusal(writeGuarded(path.join(dir, "ro"), "x"))).toBe("is read-only, so it was not changed");
    expect(await readlink(path.join(dir, "link"))).toBe("target");
    expect(await readFile(path.join(dir, "target"), "utf8")).toBe("keep");
    expect(await readFile(path.join(dir, "ro"), "utf8")).toBe("keep");
    expect((await readdir(dir)).sort()).toEqual(["fifo", "link", "ro", "target"]);
  });

  it("refuses a file whose folder is a link out of the root", async () => {
    await mkdir(path.join(dir, "root"));
    await mkdir(path.join(dir, "elsewhere"));
    await symlink("../elsewhere", path.join(dir, "root", "sub"));
    const reason = await refusal(writeGuarded(path.join(dir, "root", "sub", "a.json"), "x", { root: path.join(dir, "root") }));
    expect(reason).toMatch(/^is in .*elsewhere, outside .*root, through a link$/);
    expect(await readdir(path.join(dir, "elsewhere"))).toEqual([]);
  });

  it("says a missing folder is missing rather than throwing a bare errno", async () => {
    expect(await refusal(writeGuarded(path.join(dir, "no", "a.json"), "x"))).toBe("cannot be written: its folder does not exist");
  });
});

describe("cacheFile", () => {
  it("writes a new cache file (its folder too), keeps an existing regular one, and leaves no temporary file", async () => {
    const file = path.join(dir, "cache", "m-1.mjs");
    expect(await cacheFile(file, "export {};")).toBe(file);
    expect(await readFile(file, "utf8")).toBe("export {};");
    expect(await cacheFile(file, "ignored: the name says what it holds")).toBe(file);
    expect(await readFile(file, "utf8")).toBe("export {};");
    expect(await readdir(path.dirname(file))).toEqual(["m-1.mjs"]);
  });

  it("does without a name a link or a FIFO holds: never writes through the link, never opens the FIFO", async () => {
    const target = path.join(dir, "elsewhere.mjs");
    await writeFile(target, "theirs");
    await symlink(target, path.join(dir, "linked.mjs"));
    expect(await cacheFile(path.join(dir, "linked.mjs"), "ours")).toBeUndefined();
    expect(await readFile(target, "utf8")).toBe("theirs");
    execFileSync("mkfifo", [path.join(dir, "pipe.mjs")]);
    expect(await cacheFile(path.join(dir, "pipe.mjs"), "ours")).toBeUndefined();
  });

  it("deletes the oldest files of the kind it writes beyond CACHE_FILES_KEPT once a day old, and nothing else", async () => {
    const hash = (i: number) => i.toString(16).padStart(16, "0");
    const aged = async (name: string, daysAgo: number) => {
      await writeFile(path.join(dir, name), "x");
      const at = new Date(Date.now() - daysAgo * 86_400_000);
      await utimes(path.join(dir, name), at, at);
    };
    // 40 compiled template sets, each a day older than the next; 3 of today; others of another kind or name.
    for (let i = 0; i < 40; i++) await aged(`templates-${hash(i)}.mjs`, 2 + i);
    for (let i = 40; i < 43; i++) await aged(`templates-${hash(i)}.mjs`, 0);
    await aged(`worker-${hash(1)}.mjs`, 50);
    await aged("templates-not-a-hash.mjs", 50);
    expect(await cacheFile(path.join(dir, `templates-${hash(99)}.mjs`), "export {};")).toBeDefined();
    const left = (await readdir(dir)).sort();
    // The new one, the 3 of today, and the 28 most recent old ones: 32 of the kind; the other 12 old ones went.
    const templates = left.filter((n) => /^templates-[0-9a-f]{16}\.mjs$/.test(n));
    expect(templates).toHaveLength(CACHE_FILES_KEPT);
    expect(templates).toContain(`templates-${hash(0)}.mjs`);
    expect(templates).not.toContain(`templates-${hash(39)}.mjs`);
    expect(left).toContain(`worker-${hash(1)}.mjs`);
    expect(left).toContain("templates-not-a-hash.mjs");
  });
});
