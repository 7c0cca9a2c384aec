import { mkdir, mkdtemp, readdir, readFile, rm, writeFile, chmod } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OutputFile } from "../../src/render/assets.js";
import type { OpenOptions } from "../../src/write/sink.js";
import { assertInside, openOutput, OutputError, recover } from "../../src/write/writer.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-writer-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A build's output with every file in hand: the folder replaced whole, or left untouched. */
async function writeOutput(opts: OpenOptions & { files: OutputFile[] }): Promise<void> {
  const { files, ...open } = opts;
  const out = await openOutput(open);
  try {
    for (const f of files) out.write(f);
  } catch (e) {
    await out.abort();
    throw e;
  }
  await out.commit();
}

describe("openOutput, every file in hand", () => {
  it("replaces the output folder whole: stale files disappear", async () => {
    const out = path.join(dir, "dist");
    await writeOutput({ outDir: out, files: [{ path: "a.html", contents: "1" }, { path: "old/x.html", contents: "x" }] });
    await writeOutput({ outDir: out, files: [{ path: "a.html", contents: "2" }, { path: "b/c.html", contents: "3" }] });
    expect(await readFile(path.join(out, "a.html"), "utf8")).toBe("2");
    expect((await readdir(out)).sort()).toEqual([".hotelsite-output", "a.html", "b"]);
    // The first output is kept beside it as the spare, which the next build is written in.
    expect((await readdir(dir)).sort()).toEqual([".dist.hotelsite-spare", "dist"]);
  });

  it("refuses paths that leave the output folder", () => {
    for (const bad of ["../x", "/etc/passwd", "a/../../b", "a\\b", "", "a/./b"]) expect(() => assertInside(bad)).toThrow(/outside the output folder/);
    expect(() => assertInside("zh/grand-hyatt-dubai/index.html")).not.toThrow();
  });

  it("refuses to replace a folder it must protect", async () => {
    await expect(writeOutput({ outDir: dir, files: [], protect: [path.join(dir, "content")] })).rejects.toThrow(OutputError);
  });

  it("fails with a plain message on a read-only location and keeps the old output", async () => {
    if (process.getuid?.() === 0) {
      // root ignores permissions; a file where the parent folder should be is just as unwritable.
      const blocker = path.join(dir, "file");
      await writeFile(blocker, "");
      await expect(writeOutput({ outDir: path.join(blocker, "dist"), files: [{ path: "a", contents: "" }] })).rejects.toThrow(/cannot write the output|not a folder|ENOTDIR|EEXIST/);
      return;
    }
    const parent = path.join(dir, "ro");
    await mkdir(parent);
    await writeOutput({ outDir: path.join(parent, "dist"), files: [{ path: "a", contents: "old" }] });
    await chmod(parent, 0o500);
    await expect(writeOutput({ outDir: path.join(parent, "dist"), files: [{ path: "a", contents: "new" }] })).rejects.toThrow(OutputError);
    expect(await readFile(path.join(parent, "dist/a"), "utf8")).toBe("old");
  });
});

describe("recover", () => {
  it("puts back an output folder a killed build had moved aside, and removes dead temp folders", async () => {
    const dead = 2 ** 22 + 12345; // above Linux's default pid_max: no such process
    await mkdir(path.join(dir, `.dist.hotelsite-old-${dead}`));
    await writeFile(path.join(dir, `.dist.hotelsite-old-${dead}`, "index.html"), "good");
    await mkdir(path.join(dir, `.dist.hotelsite-tmp-${dead}`));
    await recover(path.join(dir, "dist"));
    expect((await readdir(dir)).sort()).toEqual(["dist"]);
    expect(await readFile(path.join(dir, "dist/index.html"), "utf8")).toBe("good");
  });
});
