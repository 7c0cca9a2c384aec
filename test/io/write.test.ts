// The guarded writer: replaces a file by a temporary file and a rename, keeping its mode, and refuses links,
// FIFOs, read-only files and folders outside the root before writing anything.
import { execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileError } from "../../src/io/file-error.js";
import { writeGuarded } from "../../src/io/write.js";

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
