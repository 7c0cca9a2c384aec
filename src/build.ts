// The pipeline, in order: load -> validate -> resolve -> render -> write. `build` and `check` are this file;
// watch calls the same functions.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ContentErrors, type Warning } from "./errors.js";
import { loadContent } from "./content/load.js";
import { validateContent } from "./content/validate.js";
import { bundleAssets, type OutputFile } from "./render/assets.js";
import { imageFiles } from "./images/stage.js";
import { renderSite } from "./render/pool.js";
import { loadTemplates } from "./render/templates.js";
import { deadLinks } from "./site/links.js";
import { publishFiles } from "./site/publish.js";
import { resolveSite, type Coverage, type ResolvedSite } from "./site/resolve.js";
import type { Page } from "./site/pages.js";
import type { Content, LoadedContent } from "./types.js";
import { packageRoot } from "./util/paths.js";
import { pauseFor } from "./util/test-pause.js";
import { checkOutput, openOutput, recover, type CopiedFile, type OutputSink } from "./write/writer.js";

/** Options shared by build and check. */
export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** Defaults to the templates bundled with hotelsite (templates/ beside package.json). */
  templatesDir?: string;
  baseUrl?: string;
  cwd?: string;
  /** The build's date (copyright year); tests fix it. */
  now?: Date;
  /** Replace an output folder that hotelsite did not write (no marker) and is not empty. */
  force?: boolean;
}

/** Milliseconds spent in each stage. */
export type Timings = Record<"load" | "validate" | "resolve" | "render" | "images" | "write", number>;

/** What a check found: pages, translation coverage, warnings. */
export interface CheckResult {
  content: Content;
  pages: Page[];
  coverage: Coverage[];
  warnings: Warning[];
  timings: Partial<Timings>;
  /** The parsed files with their source positions, so later findings can point at a line. */
  loaded: LoadedContent;
}

/** What a build did. */
export interface BuildResult extends CheckResult {
  files: number;
  outDir: string;
}

/** The templates folder a build uses. */
export function templatesDirFor(opts: Pick<BuildOptions, "templatesDir" | "cwd">): string {
  const cwd = opts.cwd ?? process.cwd();
  if (opts.templatesDir) return path.resolve(cwd, opts.templatesDir);
  return path.join(packageRoot(), "templates");
}

/** The image stage: every variant of every content image (encoded into the cache when new); watch copies the same. */
export async function imageCopies(site: ResolvedSite, content: Content, contentDir: string): Promise<CopiedFile[]> {
  return (await imageFiles({ images: content.images, contentDir, routes: site.routes })).copies;
}

/** A stopwatch that records each stage's time under its name. */
function stopwatch(timings: Partial<Timings>) {
  return async <T>(stage: keyof Timings, run: () => T | Promise<T>): Promise<T> => {
    await pauseFor(stage);
    const start = performance.now();
    try {
      return await run();
    } finally {
      timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
      // Also on the performance timeline, where the benchmark's probe reads it from a real CLI process.
      performance.measure(`hotelsite:${stage}`, { start });
    }
  };
}

/** load -> validate -> resolve: everything `check` needs, with no template run and nothing written. */
export async function check(opts: BuildOptions): Promise<CheckResult> {
  const timings: Partial<Timings> = {};
  const time = stopwatch(timings);
  const loaded = await time("load", () => loadContent({ contentDir: opts.contentDir, cwd: opts.cwd }));
  const { content, warnings } = await time("validate", () => validateContent(loaded));
  const { pages, coverage } = await time("resolve", () => resolveSite(content, { baseUrl: opts.baseUrl, now: opts.now ?? new Date() }));
  return { content, pages, coverage, warnings, timings, loaded };
}

/** The whole pipeline: a complete output folder, or an error and the previous output untouched. */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const cwd = opts.cwd ?? process.cwd();
  const templatesDir = templatesDirFor(opts);
  const timings: Partial<Timings> = {};
  const time = stopwatch(timings);
  const contentDir = path.resolve(cwd, opts.contentDir);
  const outDir = path.resolve(cwd, opts.outDir);
  // A build killed between its two renames left the last good output aside: put it back even if this build fails.
  await recover(outDir);
  // Refuse an output location that is not ours to replace before spending time on the site.
  const place = { outDir, protect: [cwd], sources: [contentDir, templatesDir], force: opts.force };
  await checkOutput(place);

  const [loaded, templates, assets] = await time("load", () =>
    Promise.all([loadContent({ contentDir, cwd }), loadTemplates({ templatesDir, cwd }), bundleAssets({ templatesDir, cwd })]),
  );
  const { content, warnings } = await time("validate", () => validateContent(loaded));
  const site = await time("resolve", () => resolveSite(content, { baseUrl: opts.baseUrl, now: opts.now ?? new Date() }));
  // Pages stream into the output's staging folder as they are rendered; any failure throws the staging folder away.
  let out = undefined as OutputSink | undefined;
  try {
    const rendered = await time("render", async () => {
      out = await openOutput(place);
      const sink = out;
      return renderSite(site.pages, {
        templates: templates.module,
        templatesHash: templates.hash,
        assets: assets.links,
        templatesDir,
        cwd,
        onPage: (r) => sink.write({ path: r.page.outFile, contents: r.contents }),
      });
    });
    const files: OutputFile[] = [...assets.files, ...publishFiles(site, content)];
    const copies = await time("images", () => imageCopies(site, content, contentDir));
    const dead = deadLinks(
      rendered.map((r) => ({ outFile: r.page.outFile, links: r.links, ids: r.ids })),
      new Set([...rendered.map((r) => r.page.outFile), ...files.map((f) => f.path), ...copies.map((c) => c.path)]),
      path.relative(cwd, outDir) || ".",
    );
    if (dead.length) throw new ContentErrors(dead);
    const written = await time("write", async () => {
      for (const f of files) await out!.write(f);
      for (const c of copies) await out!.copy(c);
      return out!.commit();
    });
    out = undefined;
    return { content, pages: site.pages, coverage: site.coverage, warnings, timings, loaded, files: written.files, outDir };
  } catch (e) {
    await out?.abort();
    throw e;
  }
}
