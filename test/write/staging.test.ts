// stagingWriter: writes into a staging folder synchronously, from any number of threads, linking what the
// replaced output already holds.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stagingWriter } from "../../src/write/staging.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-staging-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("stagingWriter", () => {
  it("writes files into folders it creates", async () => {
    const w = stagingWriter({ dir });
    w.write("zh/a/index.html", "a");
    w.write("zh/b/index.html", new TextEncoder().encode("b"));
    w.write("404.html", "nf");
    expect((await readdir(path.join(dir, "zh"))).sort()).toEqual(["a", "b"]);
    expect(await readFile(path.join(dir, "zh/b/index.html"), "utf8")).toBe("b");
  });

  it("writes into folders another writer of the same staging folder made first (another thread)", async () => {
    const a = stagingWriter({ dir });
    const b = stagingWriter({ dir });
    a.write("en/x/index.html", "x");
    b.write("en/y/index.html", "y");
    b.write("en/x/other.html", "o");
    expect((await readdir(path.join(dir, "en/x"))).sort()).toEqual(["index.html", "other.html"]);
  });

  it("throws a failed write (a file it wrote where a folder must go) at once", async () => {
    const w = stagingWriter({ dir });
    w.write("a", "a file");
    expect(() => w.write("a/b.html", "needs a folder named a")).toThrow(expect.objectContaining({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) }));
  });

  it("replaces what an earlier output left where a folder or a file must go (the staging folder may be the spare)", async () => {
    await writeFile(path.join(dir, "a"), "an old file");
    await mkdir(path.join(dir, "b.html"));
    await writeFile(path.join(dir, "b.html", "x"), "x");
    const w = stagingWriter({ dir });
    expect(w.write("a/index.html", "page")).toBe(false);
    expect(w.write("b.html", "file")).toBe(false);
    expect(await readFile(path.join(dir, "a/index.html"), "utf8")).toBe("page");
    expect(await readFile(path.join(dir, "b.html"), "utf8")).toBe("file");
  });

  it("refuses a path that leaves the staging folder", async () => {
    const w = stagingWriter({ dir });
    expect(() => w.write("../x.html", "x")).toThrow();
    expect(await readdir(dir)).toEqual([]);
  });

  it("links a file the previous output holds with the same bytes and says so; writes the others", async () => {
    const previous = path.join(dir, "prev");
    const out = path.join(dir, "out");
    await mkdir(path.join(previous, "en"), { recursive: true });
    await mkdir(out);
    await writeFile(path.join(previous, "en/a.html"), "same");
    await writeFile(path.join(previous, "en/b.html"), "old");
    const w = stagingWriter({ dir: out, previous });
    expect(w.write("en/a.html", "same")).toBe(true);
    expect(w.write("en/b.html", "new")).toBe(false);
    expect((await stat(path.join(out, "en/a.html"))).ino).toBe((await stat(path.join(previous, "en/a.html"))).ino);
    expect(await readFile(path.join(out, "en/b.html"), "utf8")).toBe("new");
  });

  it("copies a file into a folder it makes, never linking it to the file it came from", async () => {
    const src = path.join(dir, "src.svg");
    await writeFile(src, "<svg/>");
    const out = path.join(dir, "out");
    await mkdir(out);
    const w = stagingWriter({ dir: out });
    w.copy({ path: "assets/images/a.svg", from: src });
    w.write("assets/site.css", "body{}");
    expect((await readdir(path.join(out, "assets"))).sort()).toEqual(["images", "site.css"]);
    expect((await stat(path.join(out, "assets/images/a.svg"))).ino).not.toBe((await stat(src)).ino);
    expect(await readFile(path.join(out, "assets/images/a.svg"), "utf8")).toBe("<svg/>");
  });

  it("copies files one after another with their own bytes, cloned or (where the file system cannot clone, as ext4) read and written", async () => {
    const out = path.join(dir, "out");
    await mkdir(out);
    const w = stagingWriter({ dir: out });
    const names = ["a", "b", "c"];
    for (const n of names) await writeFile(path.join(dir, `${n}.svg`), `<svg id="${n}"/>`);
    for (const n of names) expect(w.copy({ path: `img/${n}.svg`, from: path.join(dir, `${n}.svg`) })).toBe(false);
    for (const n of names) {
      expect(await readFile(path.join(out, `img/${n}.svg`), "utf8")).toBe(`<svg id="${n}"/>`);
      expect((await stat(path.join(out, `img/${n}.svg`))).ino).not.toBe((await stat(path.join(dir, `${n}.svg`))).ino);
    }
  });

  it("links a copy from the previous output when that holds the same bytes, never from its source; copies the others", async () => {
    const src = path.join(dir, "src.svg");
    const changed = path.join(dir, "changed.svg");
    await writeFile(src, "<svg/>");
    await writeFile(changed, "<svg>new</svg>");
    const previous = path.join(dir, "prev");
    await mkdir(path.join(previous, "img"), { recursive: true });
    await writeFile(path.join(previous, "img/a.svg"), "<svg/>");
    await writeFile(path.join(previous, "img/b.svg"), "<svg>old</svg>");
    const out = path.join(dir, "out");
    await mkdir(out);
    const w = stagingWriter({ dir: out, previous });
    expect(w.copy({ path: "img/a.svg", from: src })).toBe(true);
    expect(w.copy({ path: "img/b.svg", from: changed })).toBe(false);
    expect((await stat(path.join(out, "img/a.svg"))).ino).toBe((await stat(path.join(previous, "img/a.svg"))).ino);
    expect((await stat(path.join(out, "img/a.svg"))).ino).not.toBe((await stat(src)).ino);
    expect(await readFile(path.join(out, "img/b.svg"), "utf8")).toBe("<svg>new</svg>");
    expect((await stat(path.join(out, "img/b.svg"))).ino).not.toBe((await stat(path.join(previous, "img/b.svg"))).ino);
  });
});
