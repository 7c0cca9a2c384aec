// The pipeline, in order: load -> validate -> resolve -> render -> write. `build` and `check` are this file;
// watch calls the same functions.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ContentErrors, type Warning } from "./errors.js";
import { loadContent } from "./content/load.js";
import { validateContent } from "./content/validate.js";
import { bundleAssets, type OutputFile } from "./render/assets.js";
import { renderPages } from "./render/render.js";
import { loadTemplates } from "./render/templates.js";
import { deadLinks } from "./site/links.js";
import { publishFiles } from "./site/publish.js";
import { resolveSite, type Coverage } from "./site/resolve.js";
import type { Page } from "./site/pages.js";
import type { Content } from "./types.js";
import { packageRoot } from "./util/paths.js";
import { writeOutput, type CopiedFile } from "./write/writer.js";

/** Options shared by build and check. */
export interface BuildOptions {
  contentDir: string;
  outDir: string;
  /** Defaults to ./templates when it exists, else the templates bundled with hotelsite. */
  templatesDir?: string;
  baseUrl?: string;
  cwd?: string;
  /** The build's date (copyright year); tests fix it. */
  now?: Date;
  minify?: boolean;
}

/** Milliseconds spent in each stage. */
export type Timings = Record<"load" | "validate" | "resolve" | "render" | "write", number>;

/** What a check found: pages, translation coverage, warnings. */
export interface CheckResult {
  content: Content;
  pages: Page[];
  coverage: Coverage[];
  warnings: Warning[];
  timings: Partial<Timings>;
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

/** A stopwatch that records each stage's time under its name. */
function stopwatch(timings: Partial<Timings>) {
  return async <T>(stage: keyof Timings, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await run();
    } finally {
      timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
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
  return { content, pages, coverage, warnings, timings };
}

/** The whole pipeline: a complete output folder, or an error and the previous output untouched. */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const cwd = opts.cwd ?? process.cwd();
  const templatesDir = templatesDirFor(opts);
  const timings: Partial<Timings> = {};
  const time = stopwatch(timings);
  const contentDir = path.resolve(cwd, opts.contentDir);

  const [loaded, templates, assets] = await time("load", () =>
    Promise.all([loadContent({ contentDir, cwd }), loadTemplates({ templatesDir, cwd }), bundleAssets({ templatesDir, cwd })]),
  );
  const { content, warnings } = await time("validate", () => validateContent(loaded));
  const site = await time("resolve", () => resolveSite(content, { baseUrl: opts.baseUrl, now: opts.now ?? new Date() }));
  const rendered = await time("render", () =>
    renderPages(site.pages, { templates: templates.module, assets: assets.links, templatesDir, cwd, minify: opts.minify ?? true }),
  );

  const files: OutputFile[] = [
    ...rendered.map((r) => ({ path: r.page.outFile, contents: r.html })),
    ...assets.files,
    ...publishFiles(site, content),
  ];
  const copies: CopiedFile[] = [...content.images].map(([ref, info]) => ({
    path: site.routes.image(ref, info).slice(1),
    from: path.join(contentDir, ref),
  }));
  const outDir = path.resolve(cwd, opts.outDir);
  const dead = deadLinks(
    rendered.map((r) => ({ outFile: r.page.outFile, html: r.html })),
    new Set([...files.map((f) => f.path), ...copies.map((c) => c.path)]),
    path.relative(cwd, outDir) || ".",
  );
  if (dead.length) throw new ContentErrors(dead);
  const written = await time("write", () => writeOutput({ outDir, files, copies, protect: [cwd, contentDir, templatesDir] }));
  return { content, pages: site.pages, coverage: site.coverage, warnings, timings, files: written.files, outDir };
}
