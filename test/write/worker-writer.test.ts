// workerWriter: the page worker, a real worker thread. Pages come back with their links, files land as the
// in-thread writer writes them, a failure in the worker reaches settle with its code, and the main thread
// waits once QUEUED jobs are unanswered.
import { performance } from "node:perf_hooks";
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pathToFileURL } from "node:url";
import { check } from "../../src/build.js";
import { renderPage } from "../../src/render/render.js";
import { loadTemplates, templatesModule } from "../../src/render/templates.js";
import { workerWriter, OFFER, QUEUED, SHARE, type Offered } from "../../src/write/worker-writer.js";
import { FIXTURE, REPO } from "../support/fixture.js";

let dir: string;
let staging: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-worker-writer-"));
  staging = path.join(dir, "staging");
  await mkdir(staging);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/**
 * A worker whose only write slot is stalled: a copy from a named pipe cannot finish until something writes into
 * the pipe. The copy is answered once it starts; every job after it waits for the slot, unanswered. `unstall`
 * must run before close (a worker cannot stop while its thread pool waits on the pipe).
 */
async function stalledWriter() {
  const fifo = path.join(dir, "stall.fifo");
  execFileSync("mkfifo", [fifo]);
  const w = await workerWriter({ dir: staging, concurrency: 1, linkFrom: path.join(dir, "cache"), sync: false });
  let stalled = true;
  const unstall = async () => {
    if (stalled) await writeFile(fifo, "S").catch(() => {});
    stalled = false;
  };
  await w.copy({ path: "stalled.bin", from: fifo });
  return { w, unstall };
}

describe("workerWriter", () => {
  it("finishes and writes pages in the worker and hands back each page's links and ids by settle", async () => {
    const w = await workerWriter({ dir: staging, concurrency: 2, linkFrom: path.join(dir, "cache") });
    const scans = new Map<string, unknown>();
    try {
      for (let i = 0; i < 50; i++) await w.page(`p${i}/index.html`, `<meta charSet="utf-8"/><a href="/p${(i + 1) % 50}/" id="n${i}">next</a>`, (s) => scans.set(`p${i}`, s));
      await w.write("robots.txt", "User-agent: *\n");
      await w.write("bytes.bin", new Uint8Array([1, 2, 3]));
      await w.settle();
    } finally {
      await w.close();
    }
    expect(w.files).toBe(52);
    expect(scans.size).toBe(50);
    expect(scans.get("p49")).toEqual({ links: ["/p0/"], ids: ["n49"] });
    expect(await readFile(path.join(staging, "p7/index.html"), "utf8")).toBe('<meta charset="utf-8"><a href="/p8/" id="n7">next</a>');
    expect([...(await readFile(path.join(staging, "bytes.bin")))]).toEqual([1, 2, 3]);
  });

  it("rejects settle with the worker's error and its code when a write fails", async () => {
    await writeFile(path.join(staging, "a"), "a file");
    const w = await workerWriter({ dir: staging, concurrency: 1, linkFrom: dir });
    try {
      await w.write("a/b.html", "needs a folder named a").catch(() => {});
      await expect(w.settle()).rejects.toMatchObject({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) });
    } finally {
      await w.close();
    }
  });

  it("makes the renderer wait once QUEUED jobs are unanswered", async () => {
    const { w, unstall } = await stalledWriter();
    try {
      for (let i = 0; i < QUEUED; i++) await w.write(`x${i}.html`, "x");
      let admitted = false;
      const next = w.write("last.html", "x").then(() => (admitted = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(admitted).toBe(false);
      await unstall();
      await next;
      expect(admitted).toBe(true);
      await w.settle();
    } finally {
      await unstall();
      await w.close();
    }
    expect(await readFile(path.join(staging, "last.html"), "utf8")).toBe("x");
  });

  it("leaves pages to the worker while it keeps up, even when this thread never yields to its event loop", async () => {
    const w = await workerWriter({ dir: staging, concurrency: 2, linkFrom: path.join(dir, "cache"), sync: true });
    let finishedHere = 0;
    try {
      await w.settle(); // the worker is up
      for (let i = 0; i < 3 * SHARE; i++) {
        // A renderer's few milliseconds a page, without a turn of the event loop (where the worker's answers wait).
        const until = performance.now() + 3;
        while (performance.now() < until);
        let scanned = false;
        await w.page(`p${i}/index.html`, `<a href="/p${i}/">p</a>`, () => (scanned = true));
        if (scanned) finishedHere++;
      }
      await w.settle();
    } finally {
      await w.close();
    }
    // Without the shared counter it is every page after the first SHARE; a descheduled worker may cost a page or two.
    expect(finishedHere).toBeLessThan(4);
    expect(await readFile(path.join(staging, "p40/index.html"), "utf8")).toBe('<a href="/p40/">p</a>');
  });

  it("finishes pages in this thread while the worker is behind, leaving it only their writes", async () => {
    const { w, unstall } = await stalledWriter();
    try {
      for (let i = 0; i < SHARE; i++) await w.write(`x${i}.html`, "x");
      // The worker answers nothing now, so links that arrive at once were found in this thread.
      let scan: unknown;
      const posted = w.page("here/index.html", '<link rel="icon" href="/favicon.svg"/><p id="h">here</p>', (s) => (scan = s));
      expect(scan).toEqual({ links: ["/favicon.svg"], ids: ["h"] });
      await unstall();
      await posted;
      await w.settle();
    } finally {
      await unstall();
      await w.close();
    }
    expect(await readFile(path.join(staging, "here/index.html"), "utf8")).toBe('<link rel="icon" href="/favicon.svg"><p id="h">here</p>');
  });

  it("renders the pages it is offered while it keeps up, as this thread renders them, with their links", async () => {
    const pages = (await check({ contentDir: FIXTURE, outDir: "", now: new Date("2031-05-01T00:00:00Z") })).pages.slice(0, 12);
    const templatesDir = path.join(REPO, "templates");
    const templates = await loadTemplates({ templatesDir });
    const assets = { css: "/assets/site.css", js: "/assets/site.js", preload: [] };
    const w = await workerWriter({ dir: staging, concurrency: 2, linkFrom: path.join(dir, "cache"), sync: true });
    const results = new Map<string, Offered>();
    const taken: boolean[] = [];
    try {
      w.renderer({ templatesUrl: pathToFileURL(templatesModule(templates.hash)).href, assets, templatesDir, cwd: REPO });
      // Posted at once, so the worker is at most OFFER jobs behind when it is offered one (the renderer is one of them).
      for (const page of pages) taken.push(await w.offer(page, (r) => results.set(page.outFile, r)));
      await w.settle();
    } finally {
      await w.close();
    }
    expect(taken).toEqual(pages.map((_, i) => i < OFFER - 1));
    for (const page of pages.slice(0, OFFER - 1)) {
      const html = renderPage(page, { templates: templates.module, assets, templatesDir, cwd: REPO });
      expect(await readFile(path.join(staging, page.outFile), "utf8")).toBe(html);
      expect(results.get(page.outFile)?.scan?.links).toContain("/");
    }
  });

  it("hands back a template's error as data with its place, and writes no page for it", async () => {
    const templatesDir = path.join(dir, "templates");
    await mkdir(templatesDir);
    await writeFile(path.join(templatesDir, "index.tsx"), [
      `import type { ReactNode } from "react";`,
      `export function Document({ children }: { children: ReactNode }) { return <html><body>{children}</body></html>; }`,
      `function Broken(): never {`,
      `  throw new Error("home is broken");`,
      `}`,
      `export const pages = { home: Broken };`,
    ].join("\n"));
    const templates = await loadTemplates({ templatesDir, cwd: dir });
    const w = await workerWriter({ dir: staging, concurrency: 1, linkFrom: dir, sync: true });
    let result: Offered | undefined;
    try {
      w.renderer({ templatesUrl: pathToFileURL(templatesModule(templates.hash)).href, assets: { css: "", js: "", preload: [] }, templatesDir, cwd: dir });
      const page = { kind: "home", template: "home", outFile: "index.html", lang: "en" } as unknown as Parameters<typeof w.offer>[0];
      expect(await w.offer(page, (r) => (result = r))).toBe(true);
      await w.settle();
    } finally {
      await w.close();
    }
    expect(result?.error?.message).toBe('template "home" failed on index.html: home is broken');
    expect(result?.error?.place).toMatchObject({ file: "templates/index.tsx", line: 4 });
    await expect(readFile(path.join(staging, "index.html"))).rejects.toMatchObject({ code: "ENOENT" });
  });
});
