// stagingWriter: writes into a staging folder, synchronously while the disk is fast, asynchronously in flight
// once a round of writes proves slow; a failed write is kept and thrown by settle.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stagingWriter, SYNC_ROUND } from "../../src/write/staging.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-staging-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("stagingWriter", () => {
  it("writes files into folders it creates, synchronously on a fast disk", async () => {
    const w = stagingWriter({ dir, concurrency: 2, linkFrom: path.join(dir, "none") });
    await w.write("zh/a/index.html", "a");
    await w.write("zh/b/index.html", new TextEncoder().encode("b"));
    await w.write("404.html", "nf");
    expect(w.synchronous).toBe(true);
    await w.settle();
    expect(w.files).toBe(3);
    expect((await readdir(path.join(dir, "zh"))).sort()).toEqual(["a", "b"]);
    expect(await readFile(path.join(dir, "zh/b/index.html"), "utf8")).toBe("b");
  });

  it("turns asynchronous after a round of writes slower than the bound, and every file still lands", async () => {
    const w = stagingWriter({ dir, concurrency: 4, linkFrom: dir, slowWriteMs: 0 });
    for (let i = 0; i < SYNC_ROUND - 1; i++) await w.write(`p/${i}/index.html`, String(i));
    expect(w.synchronous).toBe(true);
    await w.write(`p/${SYNC_ROUND - 1}/index.html`, "last of the round");
    expect(w.synchronous).toBe(false);
    for (let i = SYNC_ROUND; i < SYNC_ROUND + 10; i++) await w.write(`p/${i}/index.html`, String(i));
    await w.settle();
    expect((await readdir(path.join(dir, "p"))).length).toBe(SYNC_ROUND + 10);
    expect(await readFile(path.join(dir, `p/${SYNC_ROUND + 9}/index.html`), "utf8")).toBe(String(SYNC_ROUND + 9));
  });

  it("finishes a page's markup, hands over its links at once, and writes the compact HTML", async () => {
    const w = stagingWriter({ dir, concurrency: 1, linkFrom: dir });
    let scan: unknown;
    await w.page("en/index.html", '<link rel="icon" href="/favicon.svg"/><p id="x" hidden="">t</p>', (s) => (scan = s));
    expect(scan).toEqual({ links: ["/favicon.svg"], ids: ["x"] });
    await w.settle();
    expect(await readFile(path.join(dir, "en/index.html"), "utf8")).toBe('<link rel="icon" href="/favicon.svg"><p id="x" hidden>t</p>');
  });

  it("keeps a failed write (a file where a folder must go) and throws it from settle, in either mode", async () => {
    for (const sync of [true, false]) {
      const d = path.join(dir, String(sync));
      await rm(d, { recursive: true, force: true });
      await mkdir(d);
      await writeFile(path.join(d, "a"), "a file");
      const w = stagingWriter({ dir: d, concurrency: 1, linkFrom: dir, sync });
      await w.write("a/b.html", "needs a folder named a").catch(() => {});
      await expect(w.settle()).rejects.toMatchObject({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) });
    }
  });

  it("refuses a path that leaves the staging folder", async () => {
    const w = stagingWriter({ dir, concurrency: 1, linkFrom: dir });
    await expect(w.write("../x.html", "x")).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });
});
