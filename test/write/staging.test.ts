// stagingWriter: writes into a staging folder synchronously or with writes in flight, whichever a probe of the
// disk found faster; a failed write is kept and thrown by settle.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeWays, stagingWriter } from "../../src/write/staging.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-staging-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("stagingWriter", () => {
  it("writes files into folders it creates, synchronously when told", async () => {
    const w = stagingWriter({ dir, concurrency: 2, linkFrom: path.join(dir, "none"), sync: true });
    await w.write("zh/a/index.html", "a");
    await w.write("zh/b/index.html", new TextEncoder().encode("b"));
    await w.write("404.html", "nf");
    expect(w.synchronous).toBe(true);
    await w.settle();
    expect(w.files).toBe(3);
    expect((await readdir(path.join(dir, "zh"))).sort()).toEqual(["a", "b"]);
    expect(await readFile(path.join(dir, "zh/b/index.html"), "utf8")).toBe("b");
  });

  it("times the disk both ways with page-sized files and leaves nothing of the probe behind", async () => {
    const t = await probeWays(dir, 4);
    expect(t.sync).toBeGreaterThan(0);
    expect(t.async).toBeGreaterThan(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it("unless told the way, writes only after the probe, and the staging folder holds only the real files", async () => {
    const w = stagingWriter({ dir, concurrency: 4, linkFrom: dir });
    for (let i = 0; i < 40; i++) await w.write(`p/${i}/index.html`, String(i));
    await w.settle();
    expect(await readdir(dir)).toEqual(["p"]);
    expect((await readdir(path.join(dir, "p"))).length).toBe(40);
    expect(await readFile(path.join(dir, "p/39/index.html"), "utf8")).toBe("39");
  });

  it("finishes a page's markup, hands over its links at once, and writes the compact HTML", async () => {
    const w = stagingWriter({ dir, concurrency: 1, linkFrom: dir, sync: false });
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

  it("writes synchronously into a folder a copy in flight is still making", async () => {
    const src = path.join(dir, "src.svg");
    await writeFile(src, "<svg/>");
    const out = path.join(dir, "out");
    await mkdir(out);
    const w = stagingWriter({ dir: out, concurrency: 4, linkFrom: path.join(dir, "none"), sync: true });
    await w.copy({ path: "assets/images/a.svg", from: src });
    await w.write("assets/site.css", "body{}");
    await w.settle();
    expect((await readdir(path.join(out, "assets"))).sort()).toEqual(["images", "site.css"]);
    expect(await readFile(path.join(out, "assets/images/a.svg"), "utf8")).toBe("<svg/>");
  });
});
