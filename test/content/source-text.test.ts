// rereadText gives a stamped file's text again only while the file is the one that was stamped: same size and
// modification time, a regular file, not a link, still UTF-8.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm, stat, symlink, unlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeUtf8, rereadText, type FileStamp } from "../../src/content/source-text.js";
import { ContentErrors } from "../../src/errors.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-source-text-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes a file and stamps it as load does. */
async function stamped(name: string, text: string | Uint8Array): Promise<FileStamp> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  const info = await stat(file);
  return { path: file, size: info.size, mtimeMs: info.mtimeMs };
}

describe("rereadText", () => {
  it("reads an unchanged file's text again, decoded as load decoded it (BOM dropped)", async () => {
    const stamp = await stamped("same.yaml", "\ufeffname: 東京\n");
    expect(rereadText(stamp)).toBe("name: 東京\n");
    expect(rereadText(stamp)).toBe(decodeUtf8(new TextEncoder().encode("\ufeffname: 東京\n"), "x"));
  });

  it("gives nothing for a file whose size changed", async () => {
    const stamp = await stamped("longer.yaml", "a: 1\n");
    await writeFile(stamp.path, "a: 12\n");
    expect(rereadText(stamp)).toBeUndefined();
  });

  it("gives nothing for a file of the same size saved at another time", async () => {
    const stamp = await stamped("touched.yaml", "a: 1\n");
    await writeFile(stamp.path, "a: 2\n");
    const later = new Date(stamp.mtimeMs + 5000);
    await utimes(stamp.path, later, later);
    expect(rereadText(stamp)).toBeUndefined();
  });

  it("gives nothing for a file that is gone, or was replaced by a link or a named pipe", async () => {
    const gone = await stamped("gone.yaml", "a: 1\n");
    await unlink(gone.path);
    expect(rereadText(gone)).toBeUndefined();

    const linked = await stamped("linked.yaml", "a: 1\n");
    const target = await stamped("target.yaml", "a: 1\n");
    await unlink(linked.path);
    await symlink(target.path, linked.path);
    expect(rereadText({ ...linked, mtimeMs: target.mtimeMs })).toBeUndefined();

    const piped = await stamped("piped.yaml", "a: 1\n");
    await unlink(piped.path);
    execFileSync("mkfifo", [piped.path]);
    // Returns at once (the pipe is opened without waiting for a writer), with nothing.
    expect(rereadText(piped)).toBeUndefined();
  });

  it("gives nothing for a file that is no longer UTF-8", async () => {
    const stamp = await stamped("bytes.yaml", "a: x\n");
    await writeFile(stamp.path, new Uint8Array([0x61, 0x3a, 0x20, 0xff, 0x0a]));
    await utimes(stamp.path, new Date(stamp.mtimeMs), new Date(stamp.mtimeMs));
    expect(rereadText(stamp)).toBeUndefined();
  });
});

describe("decodeUtf8", () => {
  it("refuses UTF-16 and invalid bytes with their place", () => {
    const error = (bytes: number[]) => {
      try {
        decodeUtf8(new Uint8Array(bytes), "x.yaml");
      } catch (e) {
        return (e as ContentErrors).errors.map((x) => x.format());
      }
      return [];
    };
    expect(error([0xff, 0xfe, 0x61, 0x00])[0]).toMatch(/^x\.yaml:1:1 is saved as UTF-16/);
    expect(error([0x61, 0x0a, 0x62, 0xc3])[0]).toMatch(/^x\.yaml:2:2 is not valid UTF-8/);
  });
});
