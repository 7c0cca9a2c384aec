// quick-read: the cheap read of a content file. It reads a plain file whole and stamps it with its real path (the
// folder's real path, which load resolved once); it declines a file that grew past fstat's size, and links.
import { mkdir, mkdtemp, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quickParse } from "../../src/content/quick-read.js";
import { readPlainSync } from "../../src/content/source-text.js";

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

  it("reads at most maxBytes, and declines a link as the last step", async () => {
    await writeFile(path.join(dir, "ten.txt"), "0123456789");
    await symlink(path.join(dir, "ten.txt"), path.join(dir, "ten-link.txt"));
    expect(readPlainSync(path.join(dir, "ten.txt"), 10)?.bytes.toString()).toBe("0123456789");
    expect(readPlainSync(path.join(dir, "ten.txt"), 9)).toBeUndefined();
    expect(readPlainSync(path.join(dir, "ten-link.txt"), 10)).toBeUndefined();
  });
});
