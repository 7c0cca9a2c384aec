// writeChanged: watch's in-place writer writes only what changed and removes what the site no longer has.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeChanged } from "../../src/write/writer.js";

let dir: string;
let out: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-write-changed-"));
  out = path.join(dir, "dist");
  await mkdir(path.join(out, "a"), { recursive: true });
  await writeFile(path.join(out, "same.html"), "same");
  await writeFile(path.join(out, "a/old.html"), "old");
  // An old modification time, so a rewrite would show.
  const past = new Date("2020-01-01T00:00:00Z");
  await utimes(path.join(out, "same.html"), past, past);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("writeChanged", () => {
  it("writes new and changed files, leaves identical files untouched, and reports which it wrote", async () => {
    const r = await writeChanged({
      outDir: out,
      files: [
        { path: "same.html", contents: "same" },
        { path: "a/old.html", contents: "new" },
        { path: "b/c/new.html", contents: new TextEncoder().encode("fresh") },
      ],
    });
    expect(r).toEqual({ written: ["a/old.html", "b/c/new.html"], removed: [] });
    expect(await readFile(path.join(out, "a/old.html"), "utf8")).toBe("new");
    expect(await readFile(path.join(out, "b/c/new.html"), "utf8")).toBe("fresh");
    expect((await stat(path.join(out, "same.html"))).mtime.toISOString()).toBe("2020-01-01T00:00:00.000Z");
    // No temp file is left beside the written ones.
    expect((await readdir(path.join(out, "a"))).sort()).toEqual(["old.html"]);
  });

  it("compares bytes when the sizes are equal, and views into a larger buffer by their own bytes", async () => {
    const whole = new TextEncoder().encode("xxsameyy");
    const r = await writeChanged({
      outDir: out,
      files: [
        { path: "same.html", contents: whole.subarray(2, 6) },
        { path: "a/old.html", contents: "olD" },
      ],
    });
    expect(r.written).toEqual(["a/old.html"]);
    expect(await readFile(path.join(out, "a/old.html"), "utf8")).toBe("olD");
    expect((await stat(path.join(out, "same.html"))).mtime.toISOString()).toBe("2020-01-01T00:00:00.000Z");
    const grown = await writeChanged({ outDir: out, files: [{ path: "same.html", contents: whole.subarray(2, 7) }] });
    expect(grown.written).toEqual(["same.html"]);
    expect(await readFile(path.join(out, "same.html"), "utf8")).toBe("samey");
  });

  it("copies files only when the target's bytes differ", async () => {
    await writeFile(path.join(dir, "img.svg"), "<svg/>");
    const first = await writeChanged({ outDir: out, files: [], copies: [{ path: "assets/img.svg", from: path.join(dir, "img.svg") }] });
    const again = await writeChanged({ outDir: out, files: [], copies: [{ path: "assets/img.svg", from: path.join(dir, "img.svg") }] });
    expect(first.written).toEqual(["assets/img.svg"]);
    expect(again.written).toEqual([]);
  });

  it("removes files the site no longer has, and the folders they leave empty", async () => {
    const r = await writeChanged({ outDir: out, files: [], remove: ["a/old.html", "missing.html"] });
    expect(r.removed).toEqual(["a/old.html"]);
    expect((await readdir(out)).sort()).toEqual(["same.html"]);
  });

  it("refuses any path outside the output folder before writing anything", async () => {
    await expect(writeChanged({ outDir: out, files: [{ path: "ok.html", contents: "x" }, { path: "../escape.html", contents: "x" }] })).rejects.toThrow(/outside the output folder/);
    await expect(writeChanged({ outDir: out, files: [], remove: ["../same.html"] })).rejects.toThrow(/outside the output folder/);
    expect((await readdir(dir)).sort()).toEqual(["dist"]);
    expect((await readdir(out)).sort()).toEqual(["a", "same.html"]);
  });

  it("never writes through a link or into a FIFO standing at its temporary names", async () => {
    await writeFile(path.join(dir, "victim.txt"), "mine");
    await writeFile(path.join(dir, "img.svg"), "<svg/>");
    await symlink(path.join(dir, "victim.txt"), path.join(out, `a/old.html.hotelsite-tmp-${process.pid}`));
    await mkdir(path.join(out, "assets"));
    execFileSync("mkfifo", [path.join(out, `assets/img.svg.hotelsite-tmp-${process.pid}`)]);
    const r = await writeChanged({ outDir: out, files: [{ path: "a/old.html", contents: "new" }], copies: [{ path: "assets/img.svg", from: path.join(dir, "img.svg") }] });
    expect(r.written).toEqual(["a/old.html", "assets/img.svg"]);
    expect(await readFile(path.join(dir, "victim.txt"), "utf8")).toBe("mine");
    expect(await readFile(path.join(out, "a/old.html"), "utf8")).toBe("new");
    expect(await readFile(path.join(out, "assets/img.svg"), "utf8")).toBe("<svg/>");
    // What stood there is not ours: left as it was, neither followed nor removed.
    expect((await readdir(path.join(out, "a"))).sort()).toEqual(["old.html", `old.html.hotelsite-tmp-${process.pid}`]);
    expect((await readdir(path.join(out, "assets"))).sort()).toEqual(["img.svg", `img.svg.hotelsite-tmp-${process.pid}`]);
  });
});
