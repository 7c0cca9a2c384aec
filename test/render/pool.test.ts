// The render pool: worker threads give exactly the pages this thread gives, in order, and report template
// errors as located ContentErrors, once per template.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../../src/build.js";
import { ContentErrors } from "../../src/errors.js";
import { availableParallelism } from "node:os";
import { defaultThreads, POOL_MIN_PAGES, POOL_MIN_THREADS, renderSite, workersFor } from "../../src/render/pool.js";
import { renderPages } from "../../src/render/render.js";
import { loadTemplates } from "../../src/render/templates.js";
import { internalLinks } from "../../src/site/links.js";
import type { Page } from "../../src/site/pages.js";
import { FIXTURE, REPO } from "../support/fixture.js";

const assets = { css: "/assets/site.css", js: "/assets/site.js", preload: [] };
const templatesDir = path.join(REPO, "templates");
let pages: Page[];

beforeAll(async () => {
  pages = (await check({ contentDir: FIXTURE, outDir: "", now: new Date("2031-05-01T00:00:00Z") })).pages;
});

describe("workersFor", () => {
  it("renders in this thread alone below the threshold or with one thread, else one worker per other thread", () => {
    expect(workersFor(POOL_MIN_PAGES - 1, { threads: 8 })).toBe(0);
    expect(workersFor(5000, { threads: 1 })).toBe(0);
    expect(workersFor(5000, { threads: 2 })).toBe(1);
    expect(workersFor(5000, { threads: 4 })).toBe(3);
  });

  it("starts no more workers than there are batches beyond this thread's first", () => {
    expect(workersFor(40, { threads: 8, minPages: 1 })).toBe(1);
    expect(workersFor(15, { threads: 8, minPages: 1 })).toBe(0);
    expect(workersFor(15, { threads: 8, minPages: 1, batch: 2 })).toBe(7);
  });
});

describe("defaultThreads", () => {
  it("takes HOTELSITE_THREADS when it is a whole number of at least one", () => {
    expect(defaultThreads({ HOTELSITE_THREADS: "3" })).toBe(3);
    expect(defaultThreads({ HOTELSITE_THREADS: "1" })).toBe(1);
  });

  it("otherwise uses every core, or one thread below POOL_MIN_THREADS cores", () => {
    const cores = availableParallelism();
    const expected = cores >= POOL_MIN_THREADS ? cores : 1;
    expect(defaultThreads({})).toBe(expected);
    expect(defaultThreads({ HOTELSITE_THREADS: "0" })).toBe(expected);
    expect(defaultThreads({ HOTELSITE_THREADS: "many" })).toBe(expected);
  });
});

describe("renderSite in this thread", () => {
  it("renders a small site here, with each page's links", async () => {
    const templates = await loadTemplates({ templatesDir });
    const site = await renderSite(pages, { templates: templates.module, templatesHash: templates.hash, assets, templatesDir, threads: 2 });
    expect(site.map((r) => typeof r.contents)).toEqual(pages.map(() => "string"));
    expect(site.map((r) => r.links)).toEqual(site.map((r) => internalLinks(r.contents as string)));
  });
});

describe("renderSite in worker threads", () => {
  it("renders the same HTML as this thread, page for page, in page order", async () => {
    const templates = await loadTemplates({ templatesDir });
    const opts = { templates: templates.module, assets, templatesDir };
    const here = await renderPages(pages, opts);
    const pooled = await renderSite(pages, { ...opts, templatesHash: templates.hash, threads: 3, minPages: 1, batch: 2, mainThread: false });
    const text = (c: string | Uint8Array) => (typeof c === "string" ? c : new TextDecoder().decode(c));
    expect(pooled.map((r) => r.page.outFile)).toEqual(pages.map((p) => p.outFile));
    expect(pooled.every((r) => r.contents instanceof Uint8Array)).toBe(true);
    expect(pooled.map((r) => text(r.contents))).toEqual(here.map((r) => r.html));
    expect(text(pooled[0].contents).startsWith("<!doctype html><html")).toBe(true);
    expect(pooled.map((r) => r.links)).toEqual(here.map((r) => internalLinks(r.html)));
    expect(pooled[0].links).toEqual(expect.arrayContaining(["/", "/zh/", "/ja/"]));
  });

  it("shares the batches between this thread and the workers, in page order either way", async () => {
    const templates = await loadTemplates({ templatesDir });
    const opts = { templates: templates.module, assets, templatesDir };
    const here = await renderPages(pages, opts);
    const shared = await renderSite(pages, { ...opts, templatesHash: templates.hash, threads: 2, minPages: 1, batch: 1 });
    const text = (c: string | Uint8Array) => (typeof c === "string" ? c : new TextDecoder().decode(c));
    expect(shared.map((r) => text(r.contents))).toEqual(here.map((r) => r.html));
    expect(shared.some((r) => typeof r.contents === "string")).toBe(true);
  });

  describe("with a template that throws", () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), "hotelsite-pool-"));
      await mkdir(path.join(dir, "pages"));
      await writeFile(
        path.join(dir, "index.tsx"),
        [
          `import type { ReactNode } from "react";`,
          `import { Story } from "./pages/Story";`,
          `export function Document({ children }: { children: ReactNode }) { return <html><body>{children}</body></html>; }`,
          `const Plain = () => <p>ok</p>;`,
          `export const pages = { home: Plain, notFound: Plain, showcase: Plain, article: Plain, story: Story };`,
        ].join("\n"),
      );
      await writeFile(path.join(dir, "pages", "Story.tsx"), `export function Story(): never {\n  throw new Error("story is broken");\n}\n`);
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it("fails with one located error for the template, whichever worker met it", async () => {
      const templates = await loadTemplates({ templatesDir: dir, cwd: dir });
      const run = renderSite(pages, { templates: templates.module, templatesHash: templates.hash, assets, templatesDir: dir, cwd: dir, threads: 3, minPages: 1, batch: 2, mainThread: false });
      const error = await run.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentErrors);
      const errors = (error as ContentErrors).errors;
      expect(errors).toHaveLength(1);
      expect(errors[0].message).toBe('template "story" failed on test-brand-beta/index.html: story is broken');
      expect(errors[0].place).toMatchObject({ file: "pages/Story.tsx", line: 2 });
    });
  });
});
