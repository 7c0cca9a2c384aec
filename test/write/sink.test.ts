// openOutput: the streaming sink. Writes stay within the in-flight bound, a commit swaps the folder in whole
// with the marker, an abort or a failed write leaves the previous output and nothing beside it.
import { execFileSync, spawn } from "node:child_process";
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MARKER } from "../../src/write/marker.js";
import { openOutput, WORKER_MIN_PAGES } from "../../src/write/sink.js";
import { lockName } from "../../src/write/lock.js";
import { recover } from "../../src/write/recover.js";

let dir: string;
let out: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-sink-"));
  out = path.join(dir, "dist");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("openOutput", () => {
  it("never has more writes in flight than its bound: the next write waits until one finishes", async () => {
    // Copies from named pipes cannot finish until something writes into the pipe: two stalled writes fill a
    // sink bounded at two, so a third page must wait for a slot.
    const pipes = ["a", "b"].map((n) => path.join(dir, `${n}.fifo`));
    for (const p of pipes) execFileSync("mkfifo", [p]);
    const sink = await openOutput({ outDir: out, concurrency: 2, syncWrites: false });
    await sink.copy({ path: "a.bin", from: pipes[0] });
    await sink.copy({ path: "b.bin", from: pipes[1] });
    let third = false;
    const waiting = sink.write({ path: "c.html", contents: "c" }).then(() => (third = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(third).toBe(false);
    // Opening the pipe for writing lets the stalled copy go on (it may close before the byte lands: EPIPE).
    await writeFile(pipes[0], "A").catch(() => {});
    await waiting;
    expect(third).toBe(true);
    await writeFile(pipes[1], "B").catch(() => {});
    expect(await sink.commit()).toEqual({ files: 3, linked: 0 });
    expect(await readFile(path.join(out, "c.html"), "utf8")).toBe("c");
  });

  it("copies files from the cache folder and from content, never linking them (an edit of the output cannot reach either)", async () => {
    const cache = path.join(dir, "cache");
    const content = path.join(dir, "content");
    await mkdir(cache);
    await mkdir(content);
    await writeFile(path.join(cache, "a.avif"), "variant");
    await writeFile(path.join(content, "b.svg"), "<svg/>");
    const sink = await openOutput({ outDir: out, linkFrom: cache });
    await sink.copy({ path: "images/a.avif", from: path.join(cache, "a.avif") });
    await sink.copy({ path: "images/b.svg", from: path.join(content, "b.svg") });
    await sink.commit();
    expect((await stat(path.join(out, "images/a.avif"))).ino).not.toBe((await stat(path.join(cache, "a.avif"))).ino);
    await writeFile(path.join(out, "images/a.avif"), "edited in place");
    expect(await readFile(path.join(cache, "a.avif"), "utf8")).toBe("variant");
    expect((await stat(path.join(out, "images/b.svg"))).ino).not.toBe((await stat(path.join(content, "b.svg"))).ino);
    expect(await readFile(path.join(out, "images/b.svg"), "utf8")).toBe("<svg/>");
  });

  it("commits the marker with the files, and releases the folder's lock", async () => {
    const sink = await openOutput({ outDir: out });
    await sink.write({ path: "index.html", contents: "home" });
    await sink.commit();
    expect((await readdir(out)).sort()).toEqual([MARKER, "index.html"]);
    expect(await readdir(dir)).toEqual(["dist"]);
  });

  it("on abort leaves the previous output as it was and nothing beside it", async () => {
    await mkdir(out);
    await writeFile(path.join(out, MARKER), '{ "generator": "hotelsite" }');
    await writeFile(path.join(out, "index.html"), "old");
    const sink = await openOutput({ outDir: out });
    await sink.write({ path: "index.html", contents: "new" });
    expect((await readdir(dir)).sort()).toEqual([lockName("dist"), "dist", `.dist.hotelsite-tmp-${process.pid}`].sort());
    await sink.abort();
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["dist"]);
  });

  it("fails the commit when a write failed (a file where a folder must go), keeping the previous output", async () => {
    await mkdir(out);
    await writeFile(path.join(out, MARKER), '{ "generator": "hotelsite" }');
    await writeFile(path.join(out, "index.html"), "old");
    const sink = await openOutput({ outDir: out, concurrency: 1 });
    await sink.write({ path: "a", contents: "file" });
    await sink.write({ path: "a/b.html", contents: "needs a folder named a" }).catch(() => {});
    await expect(sink.commit()).rejects.toThrow("cannot write the output to");
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["dist"]);
  });

  it("waits for a second sink on the same folder until the first is done", async () => {
    const first = await openOutput({ outDir: out });
    await first.write({ path: "index.html", contents: "first" });
    let secondOpen = false;
    const second = openOutput({ outDir: out, lockWaitMs: 5000 }).then((s) => ((secondOpen = true), s));
    await new Promise((r) => setTimeout(r, 200));
    expect(secondOpen).toBe(false);
    await first.commit();
    const s = await second;
    await s.write({ path: "index.html", contents: "second" });
    await s.commit();
    expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("second");
  });

  it("deletes a large replaced output in a detached process, which the next build's recovery leaves to it", async () => {
    const build = async (text: string) => {
      const sink = await openOutput({ outDir: out, backgroundDeleteFiles: 1 });
      for (let i = 0; i < 50; i++) await sink.write({ path: `p${i}/index.html`, contents: text });
      await sink.commit();
    };
    await build("one");
    await build("two");
    const trash = async () => (await readdir(dir)).filter((n) => n.includes("hotelsite-trash"));
    let seen = await trash();
    for (let waited = 0; seen.length && waited < 10_000; waited += 20) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await trash();
    }
    expect(seen).toEqual([]);
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

  it("links files whose bytes the replaced output holds, writes the others, in this thread and in the page worker, each way of writing", async () => {
    const ways = [
      { pages: 1, syncWrites: false },
      { pages: 1, syncWrites: true },
      { pages: WORKER_MIN_PAGES, syncWrites: false },
      { pages: WORKER_MIN_PAGES, syncWrites: true },
    ];
    for (const way of ways) {
      await rm(out, { recursive: true, force: true });
      const build = async (changed: string) => {
        const sink = await openOutput({ outDir: out, ...way });
        await sink.page("a/index.html", '<p id="a">same</p>', () => {});
        await sink.page("b/index.html", `<p id="b">${changed}</p>`, () => {});
        await sink.write({ path: "robots.txt", contents: "User-agent: *\n" });
        await sink.write({ path: "sitemap.xml", contents: new TextEncoder().encode(changed) });
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
    }
  });

  it("writes every file when told not to link, and when the replaced output's file is a link", async () => {
    const build = async (linkPrevious: boolean) => {
      const sink = await openOutput({ outDir: out, linkPrevious });
      await sink.write({ path: "a.html", contents: "same" });
      await sink.write({ path: "b.html", contents: "same" });
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
    for (const syncWrites of [true, false]) {
      await rm(out, { recursive: true, force: true });
      const outside = path.join(dir, `outside-${syncWrites}`);
      await mkdir(outside, { recursive: true });
      await writeFile(path.join(outside, "index.html"), "same");
      const build = async () => {
        const sink = await openOutput({ outDir: out, syncWrites });
        await sink.write({ path: "zh/index.html", contents: "same" });
        await sink.write({ path: "a.html", contents: "same" });
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

  it("with the page worker (a large build) commits the same files as in this thread, and aborts as cleanly", async () => {
    const pages = ["index.html", "zh/index.html", "ja/a/index.html"];
    const markup = (p: string) => `<!doctype html><meta charSet="utf-8"/><a href="/${p}" id="x">${p}</a>`;
    const contents: Record<string, Record<string, string>> = {};
    for (const size of [1, WORKER_MIN_PAGES]) {
      const target = path.join(dir, `out-${size}`);
      const sink = await openOutput({ outDir: target, pages: size });
      const links: string[] = [];
      for (const p of pages) await sink.page(p, markup(p), (scan) => links.push(...scan.links));
      await sink.write({ path: "robots.txt", contents: "User-agent: *\n" });
      await sink.settle();
      expect(links.sort()).toEqual(pages.map((p) => `/${p}`).sort());
      await sink.commit();
      contents[size] = Object.fromEntries(await Promise.all([...pages, "robots.txt"].map(async (p) => [p, await readFile(path.join(target, p), "utf8")])));
    }
    expect(contents[WORKER_MIN_PAGES]).toEqual(contents[1]);
    expect(contents[1]["ja/a/index.html"]).toBe('<!doctype html><meta charset="utf-8"><a href="/ja/a/index.html" id="x">ja/a/index.html</a>');

    const target = path.join(dir, `out-${WORKER_MIN_PAGES}`);
    const sink = await openOutput({ outDir: target, pages: WORKER_MIN_PAGES });
    await sink.page("index.html", "<p>replaced</p>", () => {});
    await sink.abort();
    expect(await readFile(path.join(target, "index.html"), "utf8")).toBe(contents[1]["index.html"]);
    expect((await readdir(dir)).sort()).toEqual(["out-1", `out-${WORKER_MIN_PAGES}`].sort());
  });
});
