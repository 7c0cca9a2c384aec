// openOutput: the build's output. A commit swaps the folder in whole with the marker, an abort or a failed
// write leaves the previous output and nothing beside it.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { link, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MARKER } from "../../src/write/marker.js";
import { openOutput } from "../../src/write/sink.js";
import { lockName } from "../../src/write/lock.js";
import { recover } from "../../src/write/recover.js";

let dir: string;
let out: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-sink-"));
  out = path.join(dir, "dist");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Every file under `root` with its text, by "/"-separated relative path. */
async function tree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(root, full).split(path.sep).join("/")] = await readFile(full, "utf8");
  }
  return out;
}

describe("openOutput", () => {
  it("copies files from the cache folder and from content, never linking them (an edit of the output cannot reach either)", async () => {
    const cache = path.join(dir, "cache");
    const content = path.join(dir, "content");
    await mkdir(cache);
    await mkdir(content);
    await writeFile(path.join(cache, "a.avif"), "variant");
    await writeFile(path.join(content, "b.svg"), "<svg/>");
    const sink = await openOutput({ outDir: out });
    sink.copy({ path: "images/a.avif", from: path.join(cache, "a.avif") });
    sink.copy({ path: "images/b.svg", from: path.join(content, "b.svg") });
    await sink.commit();
    expect((await stat(path.join(out, "images/a.avif"))).ino).not.toBe((await stat(path.join(cache, "a.avif"))).ino);
    await writeFile(path.join(out, "images/a.avif"), "edited in place");
    expect(await readFile(path.join(cache, "a.avif"), "utf8")).toBe("variant");
    expect((await stat(path.join(out, "images/b.svg"))).ino).not.toBe((await stat(path.join(content, "b.svg"))).ino);
    expect(await readFile(path.join(out, "images/b.svg"), "utf8")).toBe("<svg/>");
  });

  it("copyAll copies a few files at a time, other work going on between them, and stops at an abort", async () => {
    const content = path.join(dir, "content");
    await mkdir(content);
    const files = Array.from({ length: 40 }, (_, i) => ({ path: `images/${i}.svg`, from: path.join(content, `${i}.svg`) }));
    for (const [i, f] of files.entries()) await writeFile(f.from, `<svg id="${i}"/>`);
    const staged = path.join(dir, `.dist.hotelsite-tmp-${process.pid}`, "images");
    const sink = await openOutput({ outDir: out });
    const copying = sink.copyAll(files);
    // The work queued behind the first few copies runs before the last ones are made.
    const seen = await new Promise<number>((resolve) => setImmediate(() => resolve(readdirSync(staged).length)));
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(files.length);
    await copying;
    await sink.commit();
    expect(Object.keys(await tree(path.join(out, "images"))).length).toBe(files.length);
    expect(await readFile(path.join(out, "images/39.svg"), "utf8")).toBe('<svg id="39"/>');

    const again = await openOutput({ outDir: path.join(dir, "other") });
    const stopped = again.copyAll(files).then(() => "all copied", (e: Error) => e.message);
    await again.abort();
    expect(await stopped).toBe("hotelsite: write after commit or abort");
    expect((await readdir(dir)).sort()).toEqual(["content", "dist"]);
  });

  it("commits the marker with the files, and releases the folder's lock", async () => {
    const sink = await openOutput({ outDir: out });
    sink.write({ path: "index.html", contents: "home" });
    await sink.commit();
    expect((await readdir(out)).sort()).toEqual([MARKER, "index.html"]);
    expect(await readdir(dir)).toEqual(["dist"]);
  });

  it("on abort leaves the previous output as it was and nothing beside it", async () => {
    await mkdir(out);
    await writeFile(path.join(out, MARKER), '{ "generator": "hotelsite" }');
    await writeFile(path.join(out, "index.html"), "old");
    const sink = await openOutput({ outDir: out });
    sink.write({ path: "index.html", contents: "new" });
    expect((await readdir(dir)).sort()).toEqual([lockName("dist"), "dist", `.dist.hotelsite-tmp-${process.pid}`].sort());
    await sink.abort();
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["dist"]);
  });

  it("fails a write that cannot be made (a file where a folder must go), keeping the previous output", async () => {
    await mkdir(out);
    await writeFile(path.join(out, MARKER), '{ "generator": "hotelsite" }');
    await writeFile(path.join(out, "index.html"), "old");
    const sink = await openOutput({ outDir: out });
    sink.write({ path: "a", contents: "file" });
    expect(() => sink.write({ path: "a/b.html", contents: "needs a folder named a" })).toThrow("cannot write the output to");
    await sink.abort();
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["dist"]);
  });

  it("keeps a second sink on the same folder out until the first is done", async () => {
    const first = await openOutput({ outDir: out });
    first.write({ path: "index.html", contents: "first" });
    // While the first holds the folder a second that will not wait is refused; once it committed one opens.
    await expect(openOutput({ outDir: out, lockWaitMs: 0 })).rejects.toThrow("another hotelsite build");
    const second = openOutput({ outDir: out, lockWaitMs: 5000 });
    await first.commit();
    const s = await second;
    s.write({ path: "index.html", contents: "second" });
    await s.commit();
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("second");
  });

  it("builds the next output in the output it replaced last time (the spare), which ends as exactly what was written", async () => {
    const build = async (files: Record<string, string>) => {
      const sink = await openOutput({ outDir: out });
      for (const f of Object.keys(files)) sink.write({ path: f, contents: files[f] });
      await sink.commit();
    };
    await build({ "a/index.html": "a1", "b/index.html": "b1", "robots.txt": "r" });
    expect((await readdir(dir)).sort()).toEqual(["dist"]);
    await build({ "a/index.html": "a2", "b/index.html": "b1", "robots.txt": "r" });
    // The first output is now the spare, hidden from git.
    expect((await readdir(dir)).sort()).toEqual([".dist.hotelsite-spare", "dist"]);
    expect(await readFile(path.join(dir, ".dist.hotelsite-spare/a/index.html"), "utf8")).toBe("a1");
    expect(await readFile(path.join(dir, ".dist.hotelsite-spare/.gitignore"), "utf8")).toBe("*\n");
    const spareFolder = (await stat(path.join(dir, ".dist.hotelsite-spare"))).ino;
    // Someone dropped a file into the output; the third build has a page less and a page more.
    await writeFile(path.join(out, "stray.txt"), "not ours");
    await build({ "b/index.html": "b1", "c/d/index.html": "c1", "robots.txt": "r" });
    expect((await stat(out)).ino).toBe(spareFolder);
    expect(await tree(out)).toEqual({ [MARKER]: expect.any(String), "b/index.html": "b1", "c/d/index.html": "c1", "robots.txt": "r" });
    expect(await tree(path.join(dir, ".dist.hotelsite-spare"))).toEqual({ [MARKER]: expect.any(String), ".gitignore": "*\n", "a/index.html": "a2", "b/index.html": "b1", "robots.txt": "r", "stray.txt": "not ours" });
  });

  it("keeps a spare's file only when it is the replaced output's own: bytes that come back are written new", async () => {
    const build = async (a: string) => {
      const sink = await openOutput({ outDir: out });
      sink.write({ path: "a.html", contents: a });
      sink.write({ path: "same.html", contents: "same" });
      return sink.commit();
    };
    await build("one");
    // A second name for the first a.html keeps its inode number from being reused.
    await link(path.join(out, "a.html"), path.join(dir, "first-a"));
    const first = await stat(path.join(out, "a.html"));
    await build("two");
    expect(await build("one")).toEqual({ files: 2, linked: 1 });
    // same.html is one file through all three builds; a.html's "one" is a new file, newer than "two" was.
    expect((await stat(path.join(out, "a.html"))).ino).not.toBe(first.ino);
    expect((await stat(path.join(out, "same.html"))).nlink).toBeGreaterThanOrEqual(2);
    expect(await readFile(path.join(out, "a.html"), "utf8")).toBe("one");
  });

  it("clears what stands in the way in the spare, and never writes through a link planted there", async () => {
    const build = async () => {
      const sink = await openOutput({ outDir: out });
      sink.write({ path: "p/index.html", contents: "page" });
      sink.write({ path: "q.html", contents: "file" });
      return sink.commit();
    };
    await build();
    await build();
    const spare = path.join(dir, ".dist.hotelsite-spare");
    const outside = path.join(dir, "outside");
    await mkdir(outside);
    await writeFile(path.join(outside, "index.html"), "theirs");
    // A link where a folder goes, a folder where a file goes.
    await rm(path.join(spare, "p"), { recursive: true });
    await symlink(outside, path.join(spare, "p"));
    await rm(path.join(spare, "q.html"));
    await mkdir(path.join(spare, "q.html"));
    await writeFile(path.join(spare, "q.html", "x"), "x");
    await build();
    expect(await readFile(path.join(outside, "index.html"), "utf8")).toBe("theirs");
    expect(await tree(out)).toEqual({ [MARKER]: expect.any(String), "p/index.html": "page", "q.html": "file" });
    expect((await lstat(path.join(out, "p"))).isDirectory()).toBe(true);
  });

  it("starts a new staging folder when the spare is not a folder (a link to one is never used)", async () => {
    const elsewhere = path.join(dir, "elsewhere");
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, "keep.txt"), "theirs");
    await symlink(elsewhere, path.join(dir, ".dist.hotelsite-spare"));
    const sink = await openOutput({ outDir: out });
    sink.write({ path: "index.html", contents: "home" });
    await sink.commit();
    expect(await tree(out)).toEqual({ [MARKER]: expect.any(String), "index.html": "home" });
    expect(await readdir(elsewhere)).toEqual(["keep.txt"]);
  });

  it("recovery removes a dead process's trash folder and leaves a live one's alone", async () => {
    const dead = 2 ** 22 + 12345; // above Linux's default pid_max: no such process
    const sleeper = spawn("sleep", ["30"]);
    try {
      await mkdir(path.join(dir, `.dist.hotelsite-trash-${dead}`));
      await mkdir(path.join(dir, `.dist.hotelsite-trash-${sleeper.pid}`));
      await recover(out);
      expect((await readdir(dir)).sort()).toEqual([`.dist.hotelsite-trash-${sleeper.pid}`]);
    } finally {
      sleeper.kill();
    }
  });

  it("links files whose bytes the replaced output holds and writes the others", async () => {
    const build = async (changed: string) => {
      const sink = await openOutput({ outDir: out });
      sink.write({ path: "a/index.html", contents: new TextEncoder().encode('<p id="a">same</p>') });
      sink.write({ path: "b/index.html", contents: `<p id="b">${changed}</p>` });
      sink.write({ path: "robots.txt", contents: "User-agent: *\n" });
      sink.write({ path: "sitemap.xml", contents: new TextEncoder().encode(changed) });
      return sink.commit();
    };
    expect(await build("first")).toEqual({ files: 4, linked: 0 });
    const before = await Promise.all(["a/index.html", "b/index.html", "robots.txt", "sitemap.xml"].map((f) => stat(path.join(out, f))));
    expect(await build("second")).toEqual({ files: 4, linked: 2 });
    const after = await Promise.all(["a/index.html", "b/index.html", "robots.txt", "sitemap.xml"].map((f) => stat(path.join(out, f))));
    // The unchanged page and robots.txt are the same files (inodes), the changed page and sitemap new ones.
    expect(after.map((a, i) => a.ino === before[i].ino)).toEqual([true, false, true, false]);
    expect(await readFile(path.join(out, "b/index.html"), "utf8")).toBe('<p id="b">second</p>');
    expect(await readFile(path.join(out, "sitemap.xml"), "utf8")).toBe("second");
  });

  it("writes every file when told not to link, and when the replaced output's file is a link", async () => {
    const build = async (linkPrevious: boolean) => {
      const sink = await openOutput({ outDir: out, linkPrevious });
      sink.write({ path: "a.html", contents: "same" });
      sink.write({ path: "b.html", contents: "same" });
      return sink.commit();
    };
    await build(true);
    await rm(path.join(out, "b.html"));
    await symlink(path.join(out, "a.html"), path.join(out, "b.html"));
    expect(await build(true)).toEqual({ files: 2, linked: 1 });
    expect((await lstat(path.join(out, "b.html"))).isSymbolicLink()).toBe(false);
    expect(await build(false)).toEqual({ files: 2, linked: 0 });
  });

  it("links nothing from behind a folder of the replaced output that is a link (to a folder outside it)", async () => {
    {
      const outside = path.join(dir, "outside");
      await mkdir(outside, { recursive: true });
      await writeFile(path.join(outside, "index.html"), "same");
      const build = async () => {
        const sink = await openOutput({ outDir: out });
        sink.write({ path: "zh/index.html", contents: "same" });
        sink.write({ path: "a.html", contents: "same" });
        return sink.commit();
      };
      await build();
      await rm(path.join(out, "zh"), { recursive: true });
      await symlink(outside, path.join(out, "zh"));
      expect(await build()).toEqual({ files: 2, linked: 1 });
      expect((await stat(path.join(out, "zh/index.html"))).ino).not.toBe((await stat(path.join(outside, "index.html"))).ino);
      expect((await stat(path.join(outside, "index.html"))).nlink).toBe(1);
    }
  });
});
