// openOutput: the build's output. A commit swaps the folder in whole with the marker, an abort or a failed
// write leaves the previous output and nothing beside it.
import { spawn } from "node:child_process";
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MARKER } from "../../src/write/marker.js";
import { openOutput } from "../../src/write/sink.js";
import { stagingWriter } from "../../src/write/staging.js";
import { lockName } from "../../src/write/lock.js";
import { recover } from "../../src/write/recover.js";
import { untilInFolder } from "../support/folder-events.js";

let dir: string;
let out: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-sink-"));
  out = path.join(dir, "dist");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

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

  it("deletes a large replaced output in a detached process, which the next build's recovery leaves to it", async () => {
    const build = async (text: string) => {
      const sink = await openOutput({ outDir: out, backgroundDeleteFiles: 1 });
      for (let i = 0; i < 50; i++) sink.write({ path: `p${i}/index.html`, contents: text });
      await sink.commit();
    };
    await build("one");
    await build("two");
    // The detached process renames the trash and deletes it: each step is an event in `dir`.
    await untilInFolder(dir, async () => !(await readdir(dir)).some((n) => n.includes("hotelsite-trash")));
    expect(await readFile(path.join(out, "p0/index.html"), "utf8")).toBe("two");
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

  it("links files whose bytes the replaced output holds, writes the others, whichever thread's writer wrote them", async () => {
    const build = async (changed: string) => {
      const sink = await openOutput({ outDir: out });
      // A rendering thread's writer on the same staging folder, counted into the commit.
      const thread = stagingWriter(sink.staging);
      const linked = [thread.write("a/index.html", '<p id="a">same</p>'), thread.write("b/index.html", `<p id="b">${changed}</p>`)].filter(Boolean).length;
      sink.write({ path: "robots.txt", contents: "User-agent: *\n" });
      sink.write({ path: "sitemap.xml", contents: new TextEncoder().encode(changed) });
      return sink.commit({ files: 2, linked });
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
