// The pipeline, in order: load -> validate -> resolve -> render -> write, run the same way by `build` (no
// previous state, everything changed) and by `watch` (the previous run's state and the files that changed).
// Each stage keeps what it made, keyed by its inputs, and the next run reuses what did not change: load keeps
// parsed files by path, validate keeps each file's own findings, resolve keeps each page with the inputs it
// recorded, the templates are compiled once per run that touches them. A failed run changes nothing.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ContentError, ContentErrors, shownPath, type Warning } from "./errors.js";
import { loadContent, type LoadCache } from "./content/load.js";
import { validateContent } from "./content/validate.js";
import { imageFiles } from "./images/stage.js";
import { bundleAssets, type Assets, type OutputFile } from "./render/assets.js";
import { startPool, threadsFor, type Limits, type RenderedPage, type RenderPool } from "./render/pool.js";
import { terminalProgress } from "./util/progress.js";
import { checkTemplatesFolder } from "./render/template-files.js";
import { affectedTemplates } from "./render/template-graph.js";
import { loadTemplates, type LoadedTemplates } from "./render/templates.js";
import { changedInputs, Fields, input, inputValues, type InputValues } from "./site/inputs.js";
import { Memo } from "./util/memo.js";
import { deadLinks, fileForUrl, type LinkedPage } from "./site/links.js";
import type { Page } from "./site/pages.js";
import { NO_FOCUS, planLoad, planRender, type PageBefore, type RenderPlan } from "./plan.js";
import { writeBatches, type Written } from "./batches.js";
import { copyFiles, routeFiles } from "./site/publish.js";
import { Readers } from "./site/readers.js";
import { siteResolver, type Coverage, type KeptCards, type PageSlot, type PageSummary, type ResolvedSite, type SiteResolver } from "./site/resolve.js";
import type { Content, LoadedContent } from "./types.js";
import { isWithin, packageRoot } from "./util/paths.js";
import { deepFreeze, freezeContent } from "./util/deep-freeze.js";
import { pauseFor } from "./util/test-pause.js";
import { checkOutput, openOutput, recover, writeChanged, type CopiedFile, type OutputSink } from "./write/writer.js";

/** Options of a run: where the content, templates and output are. */
export interface PipelineOptions {
  contentDir: string;
  outDir: string;
  /** Defaults to the templates bundled with hotelsite (templates/ beside package.json). */
  templatesDir?: string;
  baseUrl?: string;
  cwd?: string;
  /** The build's date (copyright year); tests fix it. */
  now?: Date;
  /** URL of the live-reload script every page loads (watch); build output never has it. */
  devScript?: string;
  /** Replace an output folder that hotelsite did not write (no marker) and is not empty. */
  force?: boolean;
  /** The last stage to run: "resolve" for `check` (nothing rendered or written), "render" for {@link rehearse} (nothing written), else everything. */
  until?: "resolve" | "render" | "write";
  /** The state is kept for a next run (watch): every page is resolved whole and kept. A build lets each go once rendered. */
  keep?: boolean;
  /** Rendering threads (default: HOTELSITE_THREADS, else from the pages and the cores: render/pool.ts threadsFor). */
  threads?: number;
  /** Limits on template code: time per page, memory per rendering thread. */
  limits?: Limits;
  /** Watch's live preview: the output files its clients show (rendered and written first), told of each batch on disk. */
  preview?: { shown(): Iterable<string>; written(files: string[]): void };
}

/** Milliseconds spent in each stage. */
export type Timings = Record<"load" | "validate" | "resolve" | "render" | "images" | "write", number>;

/** What one run did: what watch prints, build returns and tests assert on. */
export interface RunReport {
  ok: boolean;
  /** True when every page was rendered. */
  full: boolean;
  /** The changed files that started the run (relative to the working directory), empty for a first run. */
  changed: string[];
  /** Output files of the pages rendered, in the plan's order (what an editor waits for first). */
  rendered: string[];
  /** Why each page was rendered again (a run on a previous state): the input or template that changed, or "new page". */
  why: Record<string, string>;
  /** A run written in several batches: the first batch's pages, and when they were on disk (ms from the run's start). */
  firstBatch?: { pages: number; ms: number };
  /** Output files written because their bytes changed (or all of them when the folder was swapped in). */
  written: string[];
  /** Output files removed because the site no longer has them. */
  removed: string[];
  /** Pages the site has after the run (the last good count when it failed). */
  pages: number;
  warnings: Warning[];
  /** Content and template errors of a failed run, located. */
  errors: ContentError[];
  /** A failure that is not the user's (a bug, or the disk): kept with its stack. */
  failure?: Error;
  /** Things worth telling the user (a schema change needs a restart). */
  notes: string[];
  /** Image variants this run encoded, and where they were kept (content/.generated/images: to be committed). */
  encoded?: { variants: number; dir?: string };
  ms: number;
  timings: Partial<Timings>;
}

/** Everything a run keeps for the next one: each stage's result, keyed by what it was made from. */
export interface State {
  load: LoadCache;
  loaded: LoadedContent;
  content: Content;
  warnings: Warning[];
  inputs: InputValues;
  /**
   * What validate, inputValues and resolve worked out from the loaded objects (a file's own findings, a hotel's
   * inputs, resolved texts): the next run is handed the unchanged files' same objects, and works out the rest.
   */
  memo: Memo;
  /** The site as resolved: every page's summary, the inputs each page read, coverage and routes. */
  site: ResolvedSite;
  /** Every page whole, for the next run to keep what it can (check, watch and any run on a previous state; a build keeps none). */
  pages?: Page[];
  /** `pages` by output file, made when the next run first looks one up. */
  pageIndex?: Map<string, Page>;
  /** Translation coverage by source and language. */
  coverage: Map<string, Coverage>;
  /** Which pages read each input, for the next run's plan (site/readers.ts): kept by watch from its first run. */
  readers?: Readers;
  /** Watch's home-page cards, each with the inputs it read, for the next run to take again (resolve.ts). */
  cards?: KeptCards;
  templates?: LoadedTemplates;
  assets?: Assets;
  /** Internal links and element ids of every rendered page, for the dead-link and #fragment check. */
  links: Map<string, { links: string[]; ids: string[] }>;
  /** The image stage's result (encoded: variants this run encoded, for the report and the first-build test). */
  images?: { key: string; copies: CopiedFile[]; encoded: number; cached: number; committedDir?: string };
  /** The publishing files of the last run, and what its route files read (site/publish.ts). */
  publish?: Publish;
  /** Every output file of the site, relative to the output folder. */
  paths: Set<string>;
  /** Changed files of runs that failed since this state was made: the next run takes them in too. */
  pending: Set<string>;
  /** The rendering threads, with the templates loaded (watch keeps them; whoever drops the state closes them). */
  pool?: RenderPool;
}

/** A run's publishing files: those made from the routes with the inputs they read, and those that show copy. */
export interface Publish {
  routes: OutputFile[];
  inputs: readonly string[];
  copy: OutputFile[];
}

/** Every publishing file, the route files first. */
const publishing = (p: Publish): OutputFile[] => [...p.routes, ...p.copy];

/** The variants a run's image stage encoded, when it ran (a kept image stage encoded nothing this run). */
const encodedBy = (imaged: NonNullable<State["images"]>, prev?: State): Pick<RunReport, "encoded"> =>
  imaged !== prev?.images && imaged.encoded ? { encoded: { variants: imaged.encoded, dir: imaged.committedDir } } : {};

/** A run's result: the state the next run starts from (the previous one when this run failed) and its report. */
export interface RunResult {
  state?: State;
  report: RunReport;
}

/** The templates folder a run uses. */
export function templatesDirFor(opts: Pick<PipelineOptions, "templatesDir" | "cwd">): string {
  const cwd = opts.cwd ?? process.cwd();
  if (opts.templatesDir) return path.resolve(cwd, opts.templatesDir);
  return path.join(packageRoot(), "templates");
}

/** The folder of the JSON Schemas validation is compiled from (read once per process). */
export function schemasDir(): string {
  return path.join(packageRoot(), "src", "content", "schemas");
}

/** A stopwatch that records each stage's time under its name. */
function stopwatch(timings: Partial<Timings>) {
  return async <T>(stage: keyof Timings, run: () => T | Promise<T>): Promise<T> => {
    await pauseFor(stage);
    const start = performance.now();
    // Pages are resolved as the rendering threads take them (pageSource): that time is resolve's, not render's.
    const resolvedBefore = timings.resolve ?? 0;
    try {
      return await run();
    } finally {
      const inner = stage === "resolve" ? 0 : (timings.resolve ?? 0) - resolvedBefore;
      const duration = performance.now() - start - inner;
      timings[stage] = (timings[stage] ?? 0) + duration;
      // Also on the performance timeline, where the benchmark's probe reads it from a real CLI process.
      performance.measure(`hotelsite:${stage}`, { start, duration });
      if (inner > 0) performance.measure("hotelsite:resolve", { start, duration: inner });
    }
  };
}

/** Coverage entries by source and language, the new ones over the kept ones, for sources that still exist. */
function mergeCoverage(kept: Map<string, Coverage> | undefined, fresh: Coverage[], content: Content, prune: boolean): Map<string, Coverage> {
  const out = new Map(kept);
  for (const c of fresh) out.set(`${c.source}\u0000${c.lang}`, c);
  // A source goes away only with its hotel or a language: look for such entries only then.
  if (prune) for (const [key, c] of out) if (!(c.source in content.files)) out.delete(key);
  return out;
}

/**
 * The files of `now` whose contents differ from the same path's in `before` (the last good run's, which it
 * wrote or found on disk): the 2.2 MB sitemap of a 4,008-page site is not encoded and read back on every save.
 */
export function changedSince(before: OutputFile[] | undefined, now: OutputFile[]): OutputFile[] {
  if (!before) return now;
  const old = new Map(before.map((f) => [f.path, f.contents]));
  return now.filter((f) => !sameContents(old.get(f.path), f.contents));
}

/** True when two file contents are the same string or the same bytes. */
function sameContents(a: OutputFile["contents"] | undefined, b: OutputFile["contents"]): boolean {
  if (a === b) return true;
  if (a === undefined || typeof a === "string" || typeof b === "string") return false;
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/**
 * One run of the pipeline. `previous` is the last good run's state (undefined for a build or the first run
 * of watch); `changed` the absolute paths of the files that changed since, or "all". Writes the whole output
 * folder (atomic swap) when there is no previous state, else only the files whose bytes changed.
 */
export async function run(previous: State | undefined, changed: Set<string> | "all", opts: PipelineOptions): Promise<RunResult> {
  const started = performance.now();
  // Keyed in pipeline order, whatever order the stages finish in (a build resolves inside render).
  const timings: Partial<Timings> = { load: undefined, validate: undefined, resolve: undefined, render: undefined, images: undefined, write: undefined };
  const time = stopwatch(timings);
  const cwd = opts.cwd ?? process.cwd();
  const contentDir = path.resolve(cwd, opts.contentDir);
  const outDir = path.resolve(cwd, opts.outDir);
  const templatesDir = templatesDirFor(opts);
  const shown = (abs: string) => shownPath(abs, cwd);
  const now = opts.now ?? new Date();
  const prev = changed === "all" ? undefined : previous;
  const files = new Set(changed === "all" ? [] : [...(previous?.pending ?? []), ...changed].map((f) => path.resolve(cwd, f)));
  // The plan: what to load again (from the changed files), then, once the site is resolved, what to render and why.
  const load = planLoad(prev, files, { contentDir, templatesDir, schemasDir: schemasDir() });
  const notes = load.schemas ? ["a schema changed: validation uses the schemas hotelsite started with; restart watch to apply it"] : [];
  const report = { changed: changed === "all" ? [] : [...changed].map((f) => shown(path.resolve(cwd, f))).sort(), notes, timings };
  const toRender = opts.until !== "resolve";
  let sink: OutputSink | undefined;
  let writing = false;
  let firstBatch: RunReport["firstBatch"];
  // The rendering threads: the last run's when they still work, else a first one started now, so that it loads
  // React while this thread loads the content (more join it once the page count is known).
  const kept = previous?.pool && !previous.pool.broken ? previous.pool : undefined;
  const starting = kept || !toRender ? undefined : startPool(1, opts.limits);
  // Its failure (no worker script) is the run's, taken up where the run awaits it, never an unhandled rejection.
  starting?.catch(() => {});
  let pool: RenderPool | undefined = kept;

  try {
    // A first run writes the whole folder: put back what a killed build left aside, and refuse an output
    // location that is not ours to replace before spending time on the site.
    const place = { outDir, protect: [cwd], sources: [contentDir, templatesDir], force: opts.force };
    if (!prev && toRender) {
      await recover(outDir);
      await checkOutput(place);
    }
    // A missing templates folder is named before the templates and the assets are each looked for inside it.
    if (toRender && (load.templates || load.assets)) await checkTemplatesFolder(templatesDir, cwd);
    const [loaded, templates, assets] = await time("load", () =>
      Promise.all([
        load.content === "none" ? { ...prev!.loaded, cache: prev!.load } : loadContent({ contentDir, cwd, previous: prev?.load, changed: load.content === "all" ? undefined : load.content.files }),
        toRender && load.templates ? loadTemplates({ templatesDir, cwd }) : prev?.templates,
        toRender && load.assets ? bundleAssets({ templatesDir, cwd }) : prev?.assets,
      ]),
    );
    // A failed run's state is the one before it, whose memo still serves: what it kept is keyed by the objects.
    const memo = prev?.memo ?? previous?.memo ?? new Memo();
    const { content, warnings } =
      prev && loaded.cache === prev.load ? { content: prev.content, warnings: prev.warnings } : await time("validate", () => validateContent(loaded, memo));
    if (freezeContent) deepFreeze(content);

    // What changed since the last run, input by input: the plan decides from it which pages to resolve again.
    const inputs = content === prev?.content ? prev.inputs : inputValues(content, memo);
    const changedIn = prev ? changedInputs(prev.inputs, inputs) : undefined;
    // Watch keeps the home pages' cards from run to run, each with what it read (resolve.ts).
    const cards = opts.keep ? { kept: changedIn && prev?.cards, changed: changedIn ?? new Set<string>() } : undefined;
    const resolver = siteResolver(content, { baseUrl: opts.baseUrl, now, memo, cards });
    const slots = resolver.slots;
    const coverageOf = (found: Coverage[]) => mergeCoverage(prev?.coverage, found, content, !changedIn || changedIn.has(input.hotelList) || changedIn.has(input.site));
    const stateOf = (site: ResolvedSite, pages: Page[] | undefined): State => ({ load: loaded.cache, loaded, content, warnings, inputs, memo, site, pages, coverage: coverageOf(site.coverage), cards: resolver.cards, links: new Map(), paths: new Set(), pending: new Set() });
    if (!toRender) {
      const pages = await time("resolve", () => [...resolver.pages()]);
      const state = stateOf({ ...resolver.site(), pages }, pages);
      return { state, report: { ...report, ok: true, full: true, rendered: [], why: {}, written: [], removed: [], pages: pages.length, warnings, errors: [], ms: performance.now() - started } };
    }

    // The rendering threads load the templates (again only when they or the asset links changed).
    pool ??= await starting!;
    if (!kept) pool.grow(threadsFor(slots.length, opts.threads));
    const names = await time("render", () => pool!.load({ templatesUrl: templates!.url, assets: assets!.links, templatesDir, cwd, devScript: opts.devScript }));

    // The plan, before any page is resolved: from what each page recorded last time, which pages to resolve again
    // and render, why, and in which order (what an editor waits for first: the pages the preview shows, then
    // those made from the saved files).
    const causes = { first: !prev, templates: changedTemplates(prev, templates!, { files, names, templatesDir }), assets: JSON.stringify(assets!.links) !== JSON.stringify(prev?.assets?.links) };
    const focus = prev ? { shown: new Set(opts.preview?.shown()), own: ownPages(slots, content, new Set([...files].map(shown))) } : NO_FOCUS;
    // Watch's first run starts the index (a later run on a state without one makes it from the state's pages).
    const readers = prev ? (prev.readers ?? Readers.of(prev.site.inputs)) : opts.keep ? new Readers() : undefined;
    // A page is known when the last run kept it (pageBefore); a state kept without its pages knows none.
    const reading = readers && changedIn && prev!.pages && { reading: readers.pagesOf(changedIn), known: (s: PageSlot) => prev!.site.inputs.has(s.outFile) };
    const plan = planRender(slots, { before: (slot) => recordedBefore(prev, slot), changed: changedIn ?? new Set(), readers: reading || undefined, causes, focus });
    const source = pageSource({ slots, plan, prev, resolver, keep: !!prev || !!opts.keep, timings });

    // A first run's threads write each page into the output's staging folder as they render it; later runs
    // render the plan's batches once the output paths are known (below), get the bytes back and write only what
    // changed, batch by batch.
    const rendered: RenderedPage[] = prev ? [] : await time("render", async () => {
      if (opts.until !== "render") sink = await openOutput(place);
      // A first build of a large site renders for seconds: a count on a terminal (nothing in CI or pipes).
      const progress = terminalProgress("Rendering pages");
      return pool!.render(source.of(slots), sink?.staging, (n) => progress.update(n, slots.length)).finally(progress.end);
    });

    // The route files (sitemap, host rules) are kept while none of the inputs they read changed, and then no page
    // need be resolved before its batch; else they are made again from every page's head, every page resolved first.
    const keptRoutes = prev?.publish && changedIn && !prev.publish.inputs.some((id) => changedIn.has(id)) ? prev.publish : undefined;
    if (prev && !keptRoutes) await time("resolve", () => source.resolveAll());
    const found = resolver.site();
    const site: ResolvedSite = {
      ...found,
      // Every page's recorded inputs: those resolved now, else the previous run's.
      inputs: prev ? new Map(slots.map((s) => [s.outFile, found.inputs.get(s.outFile) ?? prev.site.inputs.get(s.outFile)!])) : found.inputs,
      // A later run's list fills in as its batches' pages are resolved.
      pages: (source.pages ?? rendered.map((r) => r.page)) as PageSummary[],
    };
    const state = stateOf(site, source.pages as Page[] | undefined);
    // Renamed hotels' fallback pages show their page's title: those pages are resolved now.
    const renamed = new Set(content.hotels.filter((h) => h.aliases?.length).map((h) => h.id));
    const titled = prev ? [...source.of(slots.filter((s) => s.hotel !== undefined && renamed.has(s.hotel)))] : site.pages;
    const out = await outputsOf({ prev, site, slots, content, assets: assets!, keptRoutes, titled, baseUrl: opts.baseUrl, contentDir, time });
    const { links, paths } = out;
    for (const r of rendered) links.set(r.page.outFile, { links: r.links, ids: r.ids });
    const devFile = opts.devScript && fileForUrl(opts.devScript);
    const known = { has: (file: string) => file === devFile || paths.has(file) };
    // Every page's ids are looked up, so a #fragment into a page not rendered this run is checked too.
    const deadIn = (checked: LinkedPage[]) => deadLinks(checked, known, shown(outDir), (file) => links.get(file)?.ids);

    // Write. A first run: its pages are in the staging folder; the rest goes in beside them and the folder is swapped
    // in once every link resolves. A later run: the plan's batches, each rendered, checked and written in turn. A
    // rehearsal (until "render") writes nothing.
    let done: Written = { written: [], removed: [], rendered };
    if (!prev) {
      const dead = deadIn(rendered.map((r) => ({ outFile: r.page.outFile, links: r.links, ids: r.ids })));
      if (dead.length) throw new ContentErrors(dead);
      if (sink) done = await time("write", () => commitFirst(sink!, rendered, [...assets!.files, ...publishing(out.publish)], out.copies));
      sink = undefined;
    } else {
      done = await writeBatches({
        plan,
        render: (batch) => time("render", () => pool!.render(source.of(batch))),
        links,
        deadIn,
        // The changed publishing files, new assets and image copies go with the first batch (its pages link them);
        // what the site no longer has goes last, once no page links it.
        extra: { files: [...changedSince(prev.publish && publishing(prev.publish), publishing(out.publish)), ...(assets === prev.assets ? [] : assets!.files)], copies: out.copies.filter((c) => !prev.paths.has(c.path)) },
        remove: out.removed,
        write: opts.until === "render" ? undefined : (files, copies, remove) => {
          // From here a failure may leave some files written: the kept state then forgets what publish wrote.
          writing = true;
          return time("write", () => writeChanged({ outDir, files, copies, remove }));
        },
        written: (pages) => {
          if (plan.batches.length > 1) firstBatch ??= { pages: pages.length, ms: performance.now() - started };
          opts.preview?.written(pages);
        },
      });
    }
    // The pages resolved as their batches were taken recorded their inputs after `site` was made: the next run plans
    // from these. The index of who read what follows, only now that the run has succeeded (a failed run keeps the last).
    if (site.inputs !== found.inputs) for (const [file, read] of found.inputs) site.inputs.set(file, read);
    readers?.update(prev?.site.inputs ?? new Map(), found.inputs);
    Object.assign(state, { templates, assets, links, images: out.imaged, paths, publish: out.publish, readers, pool: opts.keep ? pool : undefined });
    if (!opts.keep) await pool.close();
    if (previous?.pool && previous.pool !== pool) await previous.pool.close();
    const pages = site.pages.length;
    return {
      state,
      report: { ...report, ok: true, full: done.rendered.length === pages, rendered: done.rendered.map((r) => r.page.outFile), why: prev ? plan.why : {}, firstBatch, written: done.written.sort(), removed: done.removed.sort(), pages, warnings, errors: [], ms: performance.now() - started, ...encodedBy(out.imaged, prev) },
    };
  } catch (e) {
    // A first run's staging folder is thrown away whole; the last good output stays as it was.
    await sink?.abort();
    // The previous state stays; the files of this run are taken in again by the next one. A write that failed
    // part way may have replaced publishing files: the next run compares them all with the disk again.
    const state = previous && { ...previous, pending: new Set([...previous.pending, ...files]), ...(writing ? { publish: undefined } : {}) };
    // The rendering threads go on with the kept state (watch), or stop with the run.
    pool ??= await starting?.catch(() => undefined);
    if (state && opts.keep) state.pool = pool;
    else await pool?.close();
    if (previous?.pool && previous.pool !== pool) await previous.pool.close();
    const base = { ...report, ok: false, full: false, rendered: [], why: {}, written: [], removed: [], pages: previous?.site.pages.length ?? 0, warnings: [] };
    const ms = performance.now() - started;
    if (e instanceof ContentErrors) return { state, report: { ...base, errors: e.errors, ms } };
    return { state, report: { ...base, errors: [], failure: e instanceof Error ? e : new Error(String(e)), ms } };
  }
}

/**
 * A save's work done once, nothing written and nothing kept: one hotel's default-language text is taken as
 * changed, so its file is read and validated again and its page and the home page are resolved, rendered and
 * checked. Watch does it after the first build, which ran none of a save's paths (resolving a few pages, getting
 * their bytes back): the first save then runs compiled code, not code warming up. The hotel is
 * one no footer lists (a footer's hotel is on every page). Returns that run's report (none without hotels).
 */
export async function rehearse(state: State, opts: PipelineOptions): Promise<RunReport | undefined> {
  const { hotels, site } = state.content;
  const popular: readonly string[] = site.popularDestinations;
  const hotel = hotels.find((h) => !popular.includes(h.id)) ?? hotels[0];
  const file = hotel && state.content.files[input.hotel(hotel.id)];
  const group = hotel && state.inputs.get(input.hotel(hotel.id));
  if (!file || !group) return undefined;
  // The last run's inputs as if that text had been something else: the pages that read it are made again.
  const text = input.text(input.hotel(hotel.id), site.languages[0].code);
  const inputs: InputValues = new Map(state.inputs).set(input.hotel(hotel.id), new Map(group).set(text, new Fields({}, true)));
  const cwd = opts.cwd ?? process.cwd();
  return (await run({ ...state, inputs }, new Set([path.resolve(cwd, file)]), { ...opts, until: "render" })).report;
}

/** Which page templates a template edit changed ("all": one every page uses), on this run's and the last run's template graphs. */
function changedTemplates(prev: State | undefined, templates: LoadedTemplates, o: { files: Set<string>; names: string[]; templatesDir: string }): "all" | Set<string> {
  if (!prev?.templates || templates.hash === prev.templates.hash) return new Set();
  const changed = [...o.files].filter((f) => isWithin(o.templatesDir, f));
  const now = affectedTemplates(templates.graph, { templatesDir: o.templatesDir, names: o.names, changed });
  const before = affectedTemplates(prev.templates.graph, { templatesDir: o.templatesDir, names: o.names, changed });
  return now === "all" || before === "all" ? "all" : new Set([...now, ...before]);
}

/** The previous run's page at a page's output file as planning sees it: the inputs it recorded, and its template. */
function recordedBefore(prev: State | undefined, slot: PageSlot): PageBefore | undefined {
  const page = prev && pageBefore(prev, slot);
  const inputs = page && prev!.site.inputs.get(page.outFile);
  return inputs && { inputs, template: page.template };
}

/** A run's pages as the rendering threads take them. */
interface PageSource {
  /** The pages in page order, filled in as they are resolved; undefined for a build, which keeps none. */
  pages?: (Page | undefined)[];
  /** The pages of `slots`, each resolved when it is taken (when a rendering thread is ready for it). */
  of(slots: Iterable<PageSlot>): Generator<Page>;
  /** Resolves every page not resolved yet. */
  resolveAll(): void;
}

/**
 * This run's pages: the previous run's where the plan keeps them (or renders them as they were), the others
 * resolved one by one as they are taken, their time counted into the resolve stage. A build keeps none (memory
 * holds the pages in flight); `keep` (watch, and any run on a previous state) keeps every one for the next run.
 */
function pageSource(o: { slots: PageSlot[]; plan: RenderPlan<PageSlot>; prev?: State; resolver: SiteResolver; keep: boolean; timings: Partial<Timings> }): PageSource {
  const { prev, plan, resolver, timings } = o;
  const planned = new Set(plan.pages);
  const pages: (Page | undefined)[] = prev ? o.slots.map((s) => (!planned.has(s) || plan.again.has(s) ? pageBefore(prev, s) : undefined)) : [];
  const pageOf = (slot: PageSlot): Page => {
    const have = pages[slot.at];
    if (have) return have;
    const start = performance.now();
    const page = resolver.page(slot);
    timings.resolve = (timings.resolve ?? 0) + performance.now() - start;
    if (o.keep) pages[slot.at] = page;
    return page;
  };
  return {
    pages: o.keep ? pages : undefined,
    *of(slots) {
      for (const slot of slots) yield pageOf(slot);
    },
    resolveAll() {
      for (const slot of o.slots) pageOf(slot);
    },
  };
}

/** The files of a run besides its pages, and what the dead-link check and the next run need of them. */
interface Outputs {
  /** sitemap.xml, robots.txt, host rules, flags; alias pages, the language banner's copy. */
  publish: Publish;
  /** The image stage's result (kept while the images are the same). */
  imaged: NonNullable<State["images"]>;
  copies: CopiedFile[];
  /** Every output file of the site. */
  paths: Set<string>;
  /** Output files of the previous run that this one does not have. */
  removed: string[];
  /** Internal links and ids of every page rendered so far, by output file (the previous run's, less what went away). */
  links: Map<string, { links: string[]; ids: string[] }>;
}

/**
 * A run's files beside its pages. `keptRoutes`: the previous run's, when none of the inputs its route files read
 * changed (else they are made from every page's head); `titled`: the pages renamed hotels' fallback pages show.
 */
async function outputsOf(o: { prev?: State; site: ResolvedSite; slots: PageSlot[]; content: Content; assets: Assets; keptRoutes?: Publish; titled: PageSummary[]; baseUrl?: string; contentDir: string; time: ReturnType<typeof stopwatch> }): Promise<Outputs> {
  const { prev, site, content, assets } = o;
  const routes = o.keptRoutes ? { files: o.keptRoutes.routes, inputs: o.keptRoutes.inputs } : routeFiles(site, content);
  const publish: Publish = { routes: routes.files, inputs: routes.inputs, copy: copyFiles({ ...site, pages: o.titled }, content) };
  const files = publishing(publish);
  // The image stage runs again only when an image, its focal point (its phone crop) or the site's address changed.
  const imageKey = JSON.stringify([o.baseUrl, content.site.baseUrl, [...content.images].map(([r, i]) => [r, i.hash, i.focus?.x, i.focus?.y])]);
  const imaged = prev?.images?.key === imageKey ? prev.images : { key: imageKey, ...(await o.time("images", () => imageFiles({ images: content.images, contentDir: o.contentDir, routes: site.routes }))) };
  const copies = imaged.copies;
  // A save that keeps every output path (most do) keeps the previous run's set of them: 17,000 at 4,008 pages.
  const same = !!prev && samePathsAs(prev, o.slots, files, assets, copies);
  const links = new Map(prev?.links);
  if (!same) for (const f of links.keys()) if (!site.inputs.has(f)) links.delete(f);
  const paths = same ? prev!.paths : new Set([...o.slots.map((s) => s.outFile), ...files.map((f) => f.path), ...assets.files.map((f) => f.path), ...copies.map((c) => c.path)]);
  const removed = prev && !same ? [...prev.paths].filter((p) => !paths.has(p)) : [];
  return { publish, imaged, copies, paths, removed, links };
}

/** A first run's write: the files beside the pages go into the staging folder, which is swapped in. */
async function commitFirst(sink: OutputSink, rendered: RenderedPage[], files: OutputFile[], copies: CopiedFile[]): Promise<Written> {
  for (const f of files) sink.write(f);
  for (const c of copies) sink.copy(c);
  await sink.commit({ files: rendered.length, linked: rendered.filter((r) => r.linked).length, paths: rendered.map((r) => r.page.outFile) });
  return { written: [...rendered.map((r) => r.page.outFile), ...files.map((f) => f.path), ...copies.map((c) => c.path)], removed: [], rendered };
}

/**
 * Output files of the pages made from a changed file (`files` as content.files shows them): a hotel's pages from
 * its file, the home pages from theirs.
 */
function ownPages(slots: PageSlot[], content: Content, files: Set<string>): Set<string> {
  const own = new Set<string>();
  const changed = new Set(Object.keys(content.files).filter((source) => files.has(content.files[source])));
  if (!changed.size) return own;
  for (const s of slots) if (changed.has(s.kind === "hotel" ? input.hotel(s.hotel!) : s.kind === "home" ? "home" : "")) own.add(s.outFile);
  return own;
}

/** True when a run's output paths are the previous run's: the same pages in order, publishing files, assets and image copies. */
function samePathsAs(prev: State, slots: PageSlot[], publish: OutputFile[], assets: Assets, copies: CopiedFile[]): boolean {
  const before = prev.site.pages;
  const kept = prev.publish && publishing(prev.publish);
  return (
    assets === prev.assets &&
    copies === prev.images?.copies &&
    !!kept &&
    publish.length === kept.length &&
    publish.every((f, i) => f.path === kept[i].path) &&
    slots.length === before.length &&
    slots.every((s, i) => s.outFile === before[i].outFile)
  );
}

/**
 * The previous run's page at a page's output file (a state kept for a next run holds its pages whole): found at
 * the same place in the page order unless pages came or went, else by an index made once.
 */
function pageBefore(state: State, slot: PageSlot): Page | undefined {
  const same = state.pages?.[slot.at];
  if (same?.outFile === slot.outFile) return same;
  if (!state.pages) return undefined;
  state.pageIndex ??= new Map(state.pages.map((p) => [p.outFile, p]));
  return state.pageIndex.get(slot.outFile);
}
