// The clean run, read top to bottom: load, validate, resolve streamed into render, images and route files, the
// dead-link check, commit (the staging folder swapped in whole). `check` stops after resolve.
import { performance } from "node:perf_hooks";
import { ContentErrors, type Warning } from "./errors.js";
import { loadContent } from "./content/load.js";
import { validateContent } from "./content/validate.js";
import type { RenderedPage } from "./render/pool.js";
import type { Assets } from "./render/assets.js";
import type { LoadedTemplates } from "./render/templates.js";
import { inputValues } from "./site/inputs.js";
import type { Page } from "./site/pages.js";
import { copyFiles } from "./site/publish.js";
import { Readers } from "./site/readers.js";
import { resolveSite, siteResolver, type Coverage, type PageSummary, type ResolvedSite } from "./site/resolve.js";
import { Session, type RunOptions, type RunResult, type State, type Timings } from "./state.js";
import { failed, images, linkCheck, load, mergeCoverage, resolving, routes, runContext, timed, validate } from "./steps.js";
import type { Content, LoadedContent } from "./types.js";
import { Memo } from "./util/memo.js";
import { terminalProgress } from "./util/progress.js";
import { checkOutput, openOutput, recover, type OutputSink } from "./write/writer.js";

export { templatesDirFor } from "./steps.js";
export type { Timings } from "./state.js";

/** Options shared by build and check. */
export type BuildOptions = Omit<RunOptions, "preview">;

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

/** What a build did: the pages as summaries (a build lets each page go once it is rendered). */
export interface BuildResult extends Omit<CheckResult, "pages"> {
  pages: PageSummary[];
  files: number;
  outDir: string;
  /** Image variants encoded by this build and found already made (committed in content/.generated/images or cached). */
  images: { encoded: number; cached: number; committedDir?: string };
  /** The rendering threads the pages were rendered on. */
  threads: number;
}

/** load -> validate -> resolve: everything `check` needs, with no template run and nothing written. */
export async function check(opts: BuildOptions): Promise<CheckResult> {
  const ctx = runContext(opts);
  const loaded = await timed(ctx, "load", () => loadContent({ contentDir: ctx.contentDir, cwd: ctx.cwd }));
  const { content, warnings } = await timed(ctx, "validate", () => validateContent(loaded, new Memo()));
  const site = await timed(ctx, "resolve", () => resolveSite(content, { baseUrl: opts.baseUrl, now: ctx.now }));
  return { content, pages: site.pages, coverage: site.coverage, warnings, timings: ctx.timings, loaded };
}

/** The whole pipeline: a complete output folder, or an error and the previous output untouched. */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const session = new Session(opts);
  const { result, report } = await runBuild(session, false).finally(() => session.close());
  if (!result) throw report.failure ?? new ContentErrors(report.errors);
  return result;
}

/** A clean run into a staging folder swapped in at the end; `keep` (watch) keeps every page and what it read for update.ts. */
export async function runBuild(session: Session, keep: boolean): Promise<RunResult & { result?: BuildResult }> {
  const opts = session.options;
  const ctx = runContext(opts);
  const place = { outDir: ctx.outDir, protect: [ctx.cwd], sources: [ctx.contentDir, ctx.templatesDir], force: opts.force };
  let sink: OutputSink | undefined;
  try {
    // Put back what a killed build left aside, and refuse an output location that is not ours before any work.
    await recover(ctx.outDir);
    await checkOutput(place);
    session.warm();
    const initOf = (templates: LoadedTemplates, assets: Assets) => ({ templatesUrl: templates.url, assets: assets.links, templatesDir: ctx.templatesDir, cwd: ctx.cwd, devScript: opts.devScript });
    // The threads import the templates as soon as they are known, while this thread loads and checks the content.
    const ready = (templates: LoadedTemplates, assets: Assets) => session.preload(initOf(templates, assets));
    const { loaded, templates, assets } = await load(ctx, { content: "all", templates: true, assets: true, parse: (files) => session.parse(files), ready });
    const init = initOf(templates, assets);
    const { content, warnings } = await validate(ctx, loaded, session.memo);
    const resolver = siteResolver(content, { baseUrl: opts.baseUrl, now: ctx.now, memo: session.memo });
    const slots = resolver.slots;
    const out = (sink = await openOutput(place));
    // The images are found and copied while the threads import the templates and render: the main thread mostly
    // waits for them then. Taken up after the render, which may fail first.
    const imaging = images(ctx, content, resolver.site().routes).then(async (imaged) => (await out.copyAll(imaged.copies), imaged));
    imaging.catch(() => {});
    const pool = await session.threads(slots.length);
    await timed(ctx, "render", () => pool.load(init));
    const pages = new Map<string, Page>();
    const rendered: RenderedPage[] = await timed(ctx, "render", () => {
      // A large site renders for seconds: a count on a terminal (nothing in CI or pipes).
      const progress = terminalProgress("Rendering pages");
      const source = function* () {
        for (const slot of slots) {
          const page = resolving(ctx, () => resolver.page(slot));
          if (keep) pages.set(page.outFile, page);
          yield page;
        }
      };
      const write = (outFile: string, bytes: Uint8Array) => out.write({ path: outFile, contents: bytes });
      return pool.render(source(), { write, onDone: (n) => progress.update(n, slots.length) }).finally(progress.end);
    });
    const found = resolver.site();
    const site: ResolvedSite = { ...found, pages: rendered.map((r) => r.page) };

    // The files beside the pages, the images, and the check of every link before anything is swapped in.
    const published = { ...routes(site, content), copy: copyFiles(site, content) };
    const imaged = await imaging;
    const files = [...assets.files, ...published.files, ...published.copy];
    const paths = new Set([...slots.map((s) => s.outFile), ...files.map((f) => f.path), ...imaged.copies.map((c) => c.path)]);
    const links = new Map(rendered.map((r) => [r.page.outFile, { links: r.links, ids: r.ids }]));
    const dead = linkCheck(ctx, paths, links)(rendered.map((r) => ({ outFile: r.page.outFile, links: r.links, ids: r.ids })));
    if (dead.length) throw new ContentErrors(dead);
    await timed(ctx, "write", async () => {
      for (const f of files) sink!.write(f);
      await sink!.commit();
    });
    sink = undefined;

    const coverage = mergeCoverage(undefined, site.coverage, content, false);
    const written = [...paths].sort();
    const report = { changed: [], notes: [], ok: true, full: true, rendered: rendered.map((r) => r.page.outFile), why: {}, written, removed: [], pages: slots.length, warnings, errors: [], timings: ctx.timings, ms: performance.now() - ctx.started, threads: pool.threads };
    const result: BuildResult = { content, pages: site.pages, coverage: [...coverage.values()], warnings, timings: ctx.timings, loaded, images: { encoded: imaged.encoded, cached: imaged.cached, committedDir: imaged.committedDir }, files: written.length, outDir: ctx.outDir, threads: pool.threads };
    if (!keep) return { report, result };
    session.readers = Readers.of(found.inputs);
    const state: State = { load: loaded.cache, loaded, content, warnings, inputs: inputValues(content, session.memo), pages, reads: found.inputs, coverage, templates, assets, links, images: imaged, publish: { routes: published.files, reads: published.reads, copy: published.copy }, paths, pending: new Set() };
    return { state, report, result };
  } catch (e) {
    // The staging folder is thrown away whole; the last good output stays as it was.
    await sink?.abort();
    return { report: failed(ctx, e, { changed: [], notes: [], pages: 0 }) };
  }
}
