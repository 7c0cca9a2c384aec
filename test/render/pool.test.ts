// The rendering threads: the same pages at any number of threads, template errors located once, and template
// code held to its limits (time, memory, process.exit) as content errors naming the template and the page.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../../src/build.js";
import { quickParse } from "../../src/content/quick-read.js";
import { ContentErrors } from "../../src/errors.js";
import { PAGES_PER_THREAD, startPool, threadsFor, YOUNG_GENERATION_MB, type Limits } from "../../src/render/pool.js";
import { loadTemplates } from "../../src/render/templates.js";
import { LARGE_PAGE_CHARS } from "../../src/render/worker.js";
import type { Page } from "../../src/site/pages.js";
import { setFlagsFromString } from "node:v8";
import { FIXTURE, REPO } from "../support/fixture.js";

const assets = { css: "/assets/site.css", js: "/assets/site.js", preload: [] };
let pages: Page[];
let dir: string;

beforeAll(async () => {
  pages = (await check({ contentDir: FIXTURE, outDir: "", now: new Date("2031-05-01T00:00:00Z") })).pages;
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-pool-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Renders `pages` with the templates in `templatesDir` on `threads` threads; the pool is closed after. */
async function renderWith(templatesDir: string, threads: number, limits?: Limits, write?: (outFile: string, bytes: Uint8Array) => void) {
  const templates = await loadTemplates({ templatesDir, cwd: templatesDir });
  const pool = await startPool(threads, limits);
  try {
    await pool.load({ templatesUrl: templates.url, assets, templatesDir, cwd: templatesDir });
    return await pool.render(pages, { write });
  } finally {
    await pool.close();
  }
}

/** A template folder whose story template has `body` as its function body. */
async function templatesWith(name: string, body: string): Promise<string> {
  const t = path.join(dir, name);
  await mkdir(path.join(t, "pages"), { recursive: true });
  await writeFile(
    path.join(t, "index.tsx"),
    [
      `import type { ReactNode } from "react";`,
      `import { Story } from "./pages/Story";`,
      `export function Document({ children }: { children: ReactNode }) { return <html><body>{children}</body></html>; }`,
      `const Plain = () => <p>ok</p>;`,
      `export const pages = { home: Plain, notFound: Plain, showcase: Plain, article: Plain, story: Story };`,
    ].join("\n"),
  );
  await writeFile(path.join(t, "pages", "Story.tsx"), `export function Story(): any {\n${body}\n}\n`);
  return t;
}

/** The content errors a rejected render gave. */
async function errorsOf(run: Promise<unknown>) {
  const e = await run.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(ContentErrors);
  return (e as ContentErrors).errors;
}

const story = () => pages.find((p) => p.template === "story")!.outFile;

describe("threadsFor", () => {
  it("gives as many threads as asked or as there are cores beside the main thread's, but never more than the pages pay for", () => {
    expect(threadsFor(100, 8)).toBe(1);
    expect(threadsFor(PAGES_PER_THREAD * 3, 8)).toBe(3);
    expect(threadsFor(PAGES_PER_THREAD * 3, 2)).toBe(2);
    expect(threadsFor(PAGES_PER_THREAD * 40, undefined, { HOTELSITE_THREADS: "4" })).toBe(4);
    expect(threadsFor(0, undefined, { HOTELSITE_THREADS: "4" })).toBe(1);
    expect(threadsFor(PAGES_PER_THREAD * 40, undefined, { HOTELSITE_THREADS: "0" })).toBeGreaterThanOrEqual(1);
    // Unasked: a core is left to the main thread, and one thread renders on one or two cores.
    expect(threadsFor(PAGES_PER_THREAD * 40, undefined, {}, 8)).toBe(7);
    expect(threadsFor(PAGES_PER_THREAD * 40, undefined, {}, 2)).toBe(1);
    expect(threadsFor(PAGES_PER_THREAD * 40, undefined, {}, 1)).toBe(1);
    expect(threadsFor(PAGES_PER_THREAD * 3, undefined, {}, 8)).toBe(3);
  });
});

describe("a render pool", () => {
  it("gives every page's bytes and links in page order, the same at 1 and 3 threads, and hands the same bytes to a build's writer", async () => {
    const templatesDir = path.join(REPO, "templates");
    const one = await renderWith(templatesDir, 1);
    const three = await renderWith(templatesDir, 3);
    expect(one.map((r) => r.page.outFile)).toEqual(pages.map((p) => p.outFile));
    const text = (b?: Uint8Array) => Buffer.from(b!).toString("utf8");
    expect(three.map((r) => text(r.bytes))).toEqual(one.map((r) => text(r.bytes)));
    expect(three.map((r) => r.links)).toEqual(one.map((r) => r.links));
    expect(text(one[0].bytes)).toMatch(/^<!doctype html><html/);

    const handed = new Map<string, string>();
    const written = await renderWith(templatesDir, 2, undefined, (outFile, bytes) => handed.set(outFile, text(bytes)));
    expect(written.every((r) => r.bytes === undefined)).toBe(true);
    expect([...handed.keys()].sort()).toEqual(pages.map((p) => p.outFile).sort());
    for (const [i, r] of written.entries()) expect(handed.get(r.page.outFile)).toBe(text(one[i].bytes));
  });

  it("parses content files on a thread as the main thread does, undefined for those the careful way must read", async () => {
    const files = ["site.yaml", "strings.yaml", "hotels/alpha.yaml", "hotels/missing.yaml"].map((rel) => ({ path: path.join(FIXTURE, rel), realDir: path.dirname(path.join(FIXTURE, rel)), shown: rel }));
    const pool = await startPool(1);
    try {
      const parsed = await pool.parse(files);
      expect(parsed).toEqual(files.map(quickParse));
      expect(parsed[2]?.data).toMatchObject({ id: "alpha" });
      expect(parsed[3]).toBeUndefined();
    } finally {
      await pool.close();
    }
  });

  it("counts each finished page for a progress line, up to the number of pages", async () => {
    const templates = await loadTemplates({ templatesDir: path.join(REPO, "templates"), cwd: REPO });
    const pool = await startPool(2);
    const counts: number[] = [];
    try {
      await pool.load({ templatesUrl: templates.url, assets, templatesDir: path.join(REPO, "templates"), cwd: REPO });
      await pool.render(pages, { onDone: (n) => counts.push(n) });
    } finally {
      await pool.close();
    }
    expect(counts).toEqual(pages.map((_, i) => i + 1));
  });

  it("hands pages to the threads in the order the renders were asked for, and resolves a render once its own pages are answered while a later one still has pages to go", async () => {
    const templatesDir = path.join(REPO, "templates");
    const templates = await loadTemplates({ templatesDir, cwd: REPO });
    const pool = await startPool(1);
    try {
      await pool.load({ templatesUrl: templates.url, assets, templatesDir, cwd: REPO });
      // As watch hands the threads its next batch (a home page) while a hotel's pages in three languages go.
      const answered: string[] = [];
      const first = pool.render(pages.slice(0, 3), { write: (outFile) => answered.push(`first ${outFile}`) });
      const many = Array.from({ length: 10 }, () => pages).flat();
      let secondDone = false;
      const second = pool.render(many, { write: (outFile) => answered.push(`second ${outFile}`) }).then((r) => ((secondDone = true), r));
      expect((await first).map((r) => r.page.outFile)).toEqual(pages.slice(0, 3).map((p) => p.outFile));
      expect(secondDone).toBe(false);
      expect((await second).map((r) => r.page.outFile)).toEqual(many.map((p) => p.outFile));
      // One thread answers in the order it was handed pages: the first render's three before any of the second's.
      expect(answered.slice(0, 4)).toEqual([...pages.slice(0, 3).map((p) => `first ${p.outFile}`), `second ${many[0].outFile}`]);
      expect(answered).toHaveLength(3 + many.length);
    } finally {
      await pool.close();
    }
  });

  it("fails with one located error for a template that throws, whichever thread met it", async () => {
    const t = await templatesWith("throws", `  throw new Error("story is broken");`);
    const errors = await errorsOf(renderWith(t, 3));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe(`template "story" failed on ${story()}: story is broken`);
    expect(errors[0].place).toMatchObject({ file: "pages/Story.tsx", line: 2 });
  });

  it("stops a template that never finishes at the time limit, naming the template and the page", async () => {
    const t = await templatesWith("loops", `  for (;;) {}`);
    const errors = await errorsOf(renderWith(t, 2, { timeoutMs: 2000 }));
    expect(errors).toHaveLength(1);
    // Two threads: whichever story page a thread met first.
    const stories = pages.filter((p) => p.template === "story").map((p) => `template "story" did not finish within 2 s on ${p.outFile}`);
    expect(stories).toContain(errors[0].message);
    expect(errors[0].hint).toMatch(/--timeout/);
  });

  it("names the page in hand at a limit, not an earlier one whose answer waits to travel with the next ones", async () => {
    const t = await templatesWith("loops-later", `  for (;;) {}`);
    // Slow pages first (each holds the thread 50 ms, so the next are queued behind it), then the looping one.
    await writeFile(path.join(t, "index.tsx"), (await readFile(path.join(t, "index.tsx"), "utf8")).replace("showcase: Plain", "showcase: () => { const end = Date.now() + 50; while (Date.now() < end); return <p>slow</p>; }"));
    const showcases = pages.filter((p) => p.template === "showcase");
    const templates = await loadTemplates({ templatesDir: t, cwd: t });
    const pool = await startPool(1, { timeoutMs: 2000 });
    try {
      await pool.load({ templatesUrl: templates.url, assets, templatesDir: t, cwd: t });
      const errors = await errorsOf(pool.render([...showcases, pages.find((p) => p.template === "story")!]));
      expect(errors.map((e) => e.message)).toEqual([`template "story" did not finish within 2 s on ${story()}`]);
    } finally {
      await pool.close();
    }
  });

  it("stops a template that allocates without end at the memory limit", async () => {
    const t = await templatesWith("allocates", `  const all: string[][] = [];\n  for (;;) all.push(new Array(1e5).fill("x"));`);
    const errors = await errorsOf(renderWith(t, 1, { memoryMb: 48, timeoutMs: 60_000 }));
    expect(errors[0].message).toBe(`template "story" ran out of memory (48 MB) on ${story()}`);
  });

  it("gives each thread a small young generation (YOUNG_GENERATION_MB): a page's garbage dies with its render", async () => {
    const t = await templatesWith("young", `  const { resourceLimits } = (process as any).getBuiltinModule("node:worker_threads");\n  return <p>young {resourceLimits.maxYoungGenerationSizeMb}</p>;`);
    const rendered = await renderWith(t, 1);
    const html = new TextDecoder().decode(rendered.find((r) => r.page.template === "story")!.bytes);
    expect(html).toContain(`<p>young ${YOUNG_GENERATION_MB}</p>`);
  });

  it("collects a thread's garbage after each page of LARGE_PAGE_CHARS of a build (pages written as they come), never of a watch run (pages kept)", async () => {
    // V8's gc() in the threads started from here on, as bin/hotelsite.js's shebang gives it; each story page counts the calls.
    setFlagsFromString("--expose-gc");
    const count = `  const g = globalThis as any;\n  if (!g.counted) { const gc = g.gc; g.gc = () => { g.calls = (g.calls ?? 0) + 1; gc(); }; g.counted = true; }`;
    const t = await templatesWith("large", `${count}\n  return <p data-calls={g.calls ?? 0}>{"x".repeat(${LARGE_PAGE_CHARS})}</p>;`);
    const calls = (html: string) => Number(/data-calls="(\d+)"/.exec(html)![1]);
    const stories = pages.filter((p) => p.template === "story").map((p) => p.outFile);
    expect(stories.length).toBeGreaterThan(2);
    const handed = new Map<string, string>();
    await renderWith(t, 1, undefined, (outFile, bytes) => handed.set(outFile, new TextDecoder().decode(bytes)));
    expect(stories.map((f) => calls(handed.get(f)!))).toEqual(stories.map((_, i) => i));
    const sent = await renderWith(t, 1);
    expect(sent.filter((r) => r.page.template === "story").map((r) => calls(new TextDecoder().decode(r.bytes)))).toEqual(stories.map(() => 0));
  });

  it("reports a template that calls process.exit(0) as an error, never as a finished render", async () => {
    const t = await templatesWith("exits", `  process.exit(0);`);
    const errors = await errorsOf(renderWith(t, 1));
    expect(errors[0].message).toBe(`template "story" stopped its rendering thread (exit code 0) on ${story()}`);
    expect(errors[0].hint).toMatch(/process\.exit/);
  });

  it("reports templates whose top-level code throws as a template error, and a pool stopped by a limit as broken", async () => {
    const t = await templatesWith("load-throws", `  return null;\n}\nthrow new Error("cannot start");\nexport function unused() {`);
    const templates = await loadTemplates({ templatesDir: t, cwd: t });
    const pool = await startPool(1);
    try {
      const errors = await errorsOf(pool.load({ templatesUrl: templates.url, assets, templatesDir: t, cwd: t }));
      expect(errors[0].message).toBe("template failed to load: cannot start");
      expect(pool.broken).toBe(false);
    } finally {
      await pool.close();
    }
    const loops = await templatesWith("loops-2", `  for (;;) {}`);
    const looping = await loadTemplates({ templatesDir: loops, cwd: loops });
    const stopped = await startPool(1, { timeoutMs: 500 });
    try {
      await stopped.load({ templatesUrl: looping.url, assets, templatesDir: loops, cwd: loops });
      await errorsOf(stopped.render(pages));
      expect(stopped.broken).toBe(true);
    } finally {
      await stopped.close();
    }
  });
});
