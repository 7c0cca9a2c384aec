// readRegularFile against real FIFOs, sockets, devices and links: each refused with its reason, none opened
// in a way that blocks, and the size limit enforced on what is read rather than on what stat says.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRegularFile, type ReadResult } from "../../src/content/read-file.js";

let root: string;
let outside: string;
let sockets: Server[] = [];

beforeAll(async () => {
  const base = await mkdtemp(path.join(tmpdir(), "hotelsite-read-"));
  root = path.join(base, "content");
  outside = path.join(base, "outside");
  await mkdir(root);
  await mkdir(outside);
  await writeFile(path.join(root, "ok.yaml"), "a: 1\n");
  await writeFile(path.join(outside, "secret.yaml"), "b: 2\n");
  execFileSync("mkfifo", [path.join(root, "pipe.yaml")]);
  await symlink(path.join(root, "pipe.yaml"), path.join(root, "to-pipe.yaml"));
  await symlink("/dev/zero", path.join(root, "zero.yaml"));
  await symlink(path.join(outside, "secret.yaml"), path.join(root, "out.yaml"));
  await symlink("ok.yaml", path.join(root, "in.yaml"));
  await symlink("loop.yaml", path.join(root, "loop.yaml"));
  await symlink("nowhere.yaml", path.join(root, "dangling.yaml"));
  await mkdir(path.join(root, "dir.yaml"));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path.join(root, "sock.yaml"), resolve));
  sockets.push(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  sockets = [];
  await rm(path.dirname(root), { recursive: true, force: true });
});

const read = (name: string, maxBytes = 1024) => readRegularFile(path.join(root, name), { root, maxBytes });
const refusal = (r: ReadResult) => ("refused" in r ? { kind: r.refused.kind, reason: r.refused.reason } : "read");

describe("readRegularFile", () => {
  it("reads a regular file and a link to one inside the folder", async () => {
    const direct = await read("ok.yaml");
    const linked = await read("in.yaml");
    expect("bytes" in direct && direct.bytes.toString()).toBe("a: 1\n");
    expect("bytes" in linked && linked.bytes.toString()).toBe("a: 1\n");
  });

  it("refuses a FIFO without opening it (returns rather than waiting for a writer)", async () => {
    expect(refusal(await read("pipe.yaml"))).toEqual({ kind: "not-regular", reason: "is a named pipe (FIFO), not a regular file" });
    expect(refusal(await read("to-pipe.yaml"))).toEqual({
      kind: "not-regular",
      reason: `is a named pipe (FIFO) (through a link to ${path.join(root, "pipe.yaml")}), not a regular file`,
    });
  });

  it("refuses a socket and a character device", async () => {
    expect(refusal(await read("sock.yaml"))).toEqual({ kind: "not-regular", reason: "is a socket, not a regular file" });
    // /dev/zero is outside the folder: without a root it is refused for what it is.
    const zero = await readRegularFile(path.join(root, "zero.yaml"), { maxBytes: 1024 });
    expect(refusal(zero)).toEqual({ kind: "not-regular", reason: "is a character device (through a link to /dev/zero), not a regular file" });
  });

  it("refuses a link that leaves the folder, naming where it goes", async () => {
    expect(refusal(await read("out.yaml"))).toEqual({ kind: "outside", reason: `is a link to ${path.join(outside, "secret.yaml")}, outside its folder` });
    expect(refusal(await read("zero.yaml"))).toEqual({ kind: "outside", reason: "is a link to /dev/zero, outside its folder" });
  });

  it("says what is missing, a broken link, a folder or a loop", async () => {
    expect(refusal(await read("nope.yaml"))).toEqual({ kind: "missing", reason: "does not exist" });
    expect(refusal(await read("dangling.yaml"))).toEqual({ kind: "broken-link", reason: "is a link to a file that does not exist" });
    expect(refusal(await read("dir.yaml"))).toEqual({ kind: "folder", reason: "is a folder, not a file" });
    expect(refusal(await read("loop.yaml"))).toEqual({ kind: "unreadable", reason: "is a link that loops (or was replaced by a link while being read)" });
  });

  it("enforces the limit on bytes read: one byte over is refused, the limit itself is read", async () => {
    await writeFile(path.join(root, "big.yaml"), "x".repeat(2048));
    await writeFile(path.join(root, "edge.yaml"), "y".repeat(1024));
    const big = await read("big.yaml");
    expect(refusal(big)).toEqual({ kind: "too-large", reason: "is 2048 bytes, larger than the 1024 bytes allowed" });
    expect("refused" in big && big.refused.size).toBe(2048);
    const edge = await read("edge.yaml");
    expect("bytes" in edge && edge.bytes.length).toBe(1024);
  });

  it("enforces the limit on a file whose stat size is 0 (/proc files grow as they are read)", async () => {
    const r = await readRegularFile("/proc/self/status", { maxBytes: 16 });
    expect(refusal(r)).toEqual({ kind: "too-large", reason: "is 17 bytes, larger than the 16 bytes allowed" });
    expect("refused" in r && r.refused.size).toBe(17);
  });
});
