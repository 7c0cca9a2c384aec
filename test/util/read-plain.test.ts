// readPlainSync: one synchronous read of a regular file, at most maxBytes, of an exact size when asked, into a
// kept buffer when given one; a link as the last step is declined.
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPlainSync } from "../../src/util/read-plain.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-read-plain-"));
  await writeFile(path.join(dir, "ten.txt"), "0123456789");
  await symlink(path.join(dir, "ten.txt"), path.join(dir, "ten-link.txt"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("readPlainSync", () => {
  it("reads at most maxBytes, and declines a link as the last step", () => {
    expect(readPlainSync(path.join(dir, "ten.txt"), { maxBytes: 10 })?.bytes.toString()).toBe("0123456789");
    expect(readPlainSync(path.join(dir, "ten.txt"), { maxBytes: 9 })).toBeUndefined();
    expect(readPlainSync(path.join(dir, "ten-link.txt"), { maxBytes: 10 })).toBeUndefined();
  });

  it("declines another size than the one asked for, and reads into the caller's buffer, growing it", () => {
    expect(readPlainSync(path.join(dir, "ten.txt"), { maxBytes: 100, size: 11 })).toBeUndefined();
    const scratch = { buffer: Buffer.alloc(4) };
    const read = readPlainSync(path.join(dir, "ten.txt"), { maxBytes: 100, size: 10, scratch });
    expect(read?.bytes.toString()).toBe("0123456789");
    expect(read?.bytes.buffer).toBe(scratch.buffer.buffer);
    expect(scratch.buffer.length).toBeGreaterThanOrEqual(11);
  });
});
