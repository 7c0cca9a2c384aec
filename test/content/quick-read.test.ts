// quick-read: the cheap read of a content file. It reads a plain file whole and stamps it with its real path (the
// folder's real path, which load resolved once).
import { mkdir, mkdtemp, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quickParse } from "../../src/content/quick-read.js";

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
});
