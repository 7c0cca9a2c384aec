// The parse cache: a content file's data is given back only while the file on disk is the one that was parsed
// (size, inode, modification and change times), never for a file saved in the last SETTLED_MS, and a cache file
// that is not one is ignored. Real files, real times.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { lstatSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEPT_CACHES, openParseCache, pruneCaches } from "../../src/content/parse-cache.js";
import type { FileStamp } from "../../src/content/source-text.js";

let dir: string;
let content: string;
let caches: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-parse-cache-"));
  content = path.join(dir, "content");
  caches = path.join(dir, "caches");
  await mkdir(content);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Writes a content file last modified a minute ago (settled), and its stamp as a parse would make it. */
async function settled(name: string, text: string): Promise<{ file: string; stamp: FileStamp }> {
  const file = path.join(content, name);
  await writeFile(file, text);
  const past = new Date(Date.now() - 60_000);
  await utimes(file, past, past);
  const info = lstatSync(file);
  return { file, stamp: { path: file, size: info.size, mtimeMs: info.mtimeMs } };
}

/** A cache written by two builds with the given files parsed (the first writes none), opened as the next build opens it. */
function reopened(files: { file: string; stamp: FileStamp; data: unknown }[]) {
  for (let build = 0; build < 2; build++) {
    const cache = openParseCache(content, caches);
    for (const f of files) cache.set(f.file, f.data, f.stamp);
    cache.save();
  }
  return openParseCache(content, caches);
}

describe("openParseCache", () => {
  it("writes a folder's first build's cache without entries (CI builds once) and its second build's with them", async () => {
    const a = await settled("a.yaml", "id: a\n");
    const build = () => {
      const cache = openParseCache(content, caches);
      const kept = cache.get(a.file);
      if (!kept) cache.set(a.file, { id: "a" }, a.stamp);
      cache.save();
      return kept;
    };
    expect([build(), build(), build()]).toEqual([undefined, undefined, { data: { id: "a" }, stamp: a.stamp }]);
    expect(await readdir(caches)).toHaveLength(1);
  });

  it("gives back a file's data while the file is the one that was parsed", async () => {
    const a = await settled("a.yaml", "id: a\n");
    const cache = reopened([{ ...a, data: { id: "a", list: [1, "two"] } }]);
    expect(cache.get(a.file)).toEqual({ data: { id: "a", list: [1, "two"] }, stamp: a.stamp });
  });

  it("forgets a file saved again (even at the same size), touched, or replaced by a link", async () => {
    const a = await settled("a.yaml", "id: a\n");
    const b = await settled("b.yaml", "id: b\n");
    const c = await settled("c.yaml", "id: c\n");
    const cache = reopened([a, b, c].map((f) => ({ ...f, data: { f: f.file } })));
    await writeFile(a.file, "id: x\n");
    await chmod(b.file, 0o600);
    await rm(c.file);
    await symlink(a.file, c.file);
    expect([cache.get(a.file), cache.get(b.file), cache.get(c.file)]).toEqual([undefined, undefined, undefined]);
  });

  it("keeps no file modified in the last moments, nor one that changed after it was read", async () => {
    const fresh = path.join(content, "fresh.yaml");
    await writeFile(fresh, "id: fresh\n");
    const info = lstatSync(fresh);
    const moved = await settled("moved.yaml", "id: moved\n");
    const cache = reopened([
      { file: fresh, stamp: { path: fresh, size: info.size, mtimeMs: info.mtimeMs }, data: 1 },
      { file: moved.file, stamp: { ...moved.stamp, mtimeMs: moved.stamp.mtimeMs - 5000 }, data: 2 },
    ]);
    expect([cache.get(fresh), cache.get(moved.file)]).toEqual([undefined, undefined]);
  });

  it("keeps only the files asked for since it was opened (a deleted hotel's data goes)", async () => {
    const a = await settled("a.yaml", "id: a\n");
    const b = await settled("b.yaml", "id: b\n");
    const second = reopened([
      { ...a, data: "a" },
      { ...b, data: "b" },
    ]);
    expect(second.get(a.file)?.data).toBe("a");
    second.save();
    const third = openParseCache(content, caches);
    expect([third.get(a.file)?.data, third.get(b.file)]).toEqual(["a", undefined]);
  });

  it("ignores a cache file that is not one, and writes it anew", async () => {
    const a = await settled("a.yaml", "id: a\n");
    reopened([{ ...a, data: "a" }]);
    const [name] = await readdir(caches);
    await writeFile(path.join(caches, name), "not a cache");
    const broken = openParseCache(content, caches);
    expect(broken.get(a.file)).toBeUndefined();
    broken.set(a.file, "again", a.stamp);
    broken.save();
    expect(openParseCache(content, caches).get(a.file)?.data).toBe("again");
  });

  it("ignores a cache cut short (a build killed while writing it left half a file)", async () => {
    const a = await settled("a.yaml", "id: a\n");
    const b = await settled("b.yaml", "id: b\n");
    reopened([
      { ...a, data: "a".repeat(1000) },
      { ...b, data: "b".repeat(1000) },
    ]);
    const [name] = await readdir(caches);
    const whole = await readFile(path.join(caches, name));
    await writeFile(path.join(caches, name), whole.subarray(0, whole.length - 500));
    const cut = openParseCache(content, caches);
    expect([cut.get(a.file), cut.get(b.file)]).toEqual([undefined, undefined]);
  });

  it("makes its folder the cache's way: one private level, never through a link, a shared folder or /proc/self", async () => {
    const a = await settled("a.yaml", "id: a\n");
    const save = (at: string) => {
      const c = openParseCache(content, at);
      c.set(a.file, { id: "a" }, a.stamp);
      c.save();
    };
    save(caches);
    expect(lstatSync(caches).mode & 0o777).toBe(0o700);
    const elsewhere = path.join(dir, "elsewhere");
    await mkdir(elsewhere);
    await symlink(elsewhere, path.join(dir, "linked"));
    save(path.join(dir, "linked"));
    const shared = path.join(dir, "shared");
    await mkdir(shared);
    await chmod(shared, 0o777);
    save(shared);
    save(path.join(dir, "missing", "two", "levels"));
    save("/proc/self/hotelsite-cache");
    expect(await readdir(elsewhere)).toEqual([]);
    expect(await readdir(shared)).toEqual([]);
    expect(await readdir(dir)).toEqual(["caches", "content", "elsewhere", "linked", "shared"].sort());
  });

  it("keeps the caches of the most recently built content folders only", async () => {
    for (let i = 0; i < KEPT_CACHES + 3; i++) {
      const other = path.join(dir, `content-${i}`);
      await mkdir(other);
      const file = path.join(other, "a.yaml");
      await writeFile(file, "id: a\n");
      const past = new Date(Date.now() - 60_000);
      await utimes(file, past, past);
      const info = lstatSync(file);
      const cache = openParseCache(other, caches);
      cache.set(file, i, { path: file, size: info.size, mtimeMs: info.mtimeMs });
      cache.save();
    }
    expect((await readdir(caches)).length).toBe(KEPT_CACHES);
  });

  it("keeps the newest caches within a size for them all, and the newest one whatever its size", async () => {
    await mkdir(caches);
    for (let i = 0; i < 5; i++) {
      await writeFile(path.join(caches, `c${i}.bin`), "x".repeat(100));
      const at = new Date(Date.now() - i * 60_000);
      await utimes(path.join(caches, `c${i}.bin`), at, at);
    }
    pruneCaches(caches, { count: 16, bytes: 250 });
    expect((await readdir(caches)).sort()).toEqual(["c0.bin", "c1.bin"]);
    pruneCaches(caches, { count: 16, bytes: 10 });
    expect(await readdir(caches)).toEqual(["c0.bin"]);
  });
});
