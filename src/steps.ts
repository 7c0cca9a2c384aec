// The steps both executors run (build.ts for a clean run, update.ts for a save), each timed by one wrapper, in
// the order they run: load -> validate -> resolve -> render -> images -> write (Hugo's hugo_sites_build.go).
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ContentErrors, shownPath } from "./errors.js";
import { loadContent, type LoadCache } from "./content/load.js";
import type { ParseBeside } from "./content/quick-read.js";
import { validateContent } from "./content/validate.js";
import { imageFiles } from "./images/stage.js";
import { bundleAssets, type Assets, type OutputFile } from "./render/assets.js";
import { checkTemplateFiles, checkTemplatesFolder } from "./render/template-files.js";
import { loadTemplates, type LoadedTemplates } from "./render/templates.js";
import { deadLinks, fileForUrl, type LinkedPage } from "./site/links.js";
import { routeFiles } from "./site/publish.js";
import { recordedContent } from "./site/record.js";
import type { Coverage, ResolvedSite } from "./site/resolve.js";
import type { Routes } from "./site/routes.js";
import { Recorder } from "./site/reads.js";
import type { Imaged, PageLinks, RunOptions, RunReport, Timings } from "./state.js";
import type { Content, LoadedContent } from "./types.js";
import { packageRoot } from "./util/paths.js";
import type { Memo } from "./util/memo.js";

/** The templates folder a run uses. */
export function templatesDirFor(opts: Pick<RunOptions, "templatesDir" | "cwd">): string {
  const cwd = opts.cwd ?? process.cwd();
  if (opts.templatesDir) return path.resolve(cwd, opts.templatesDir);
  return path.join(packageRoot(), "templates");
}

/** The folder of the JSON Schemas validation is compiled from (read once per process). */
export function schemasDir(): string {
  return path.join(packageRoot(), "src", "content", "schemas");
}

/** A run's folders and clock, resolved once. */
export function runContext(opts: RunOptions) {
  const cwd = opts.cwd ?? process.cwd();
  const contentDir = path.resolve(cwd, opts.contentDir);
  const outDir = path.resolve(cwd, opts.outDir);
  const templatesDir = templatesDirFor(opts);
  return { opts, cwd, contentDir, outDir, templatesDir, now: opts.now ?? new Date(), shown: (abs: string) => shownPath(abs, cwd), timings: { load: undefined, validate: undefined, resolve: undefined, render: undefined, images: undefined, write: undefined } as Partial<Timings>, started: performance.now() };
}

/** A run's context. */
export type RunContext = ReturnType<typeof runContext>;

/** Runs one step and adds its time to the stage's (less the time `resolving` moved to resolve's). */
export async function timed<T>(ctx: RunContext, stage: keyof Timings, run: () => T | Promise<T>): Promise<T> {
  const { timings } = ctx;
  const start = performance.now();
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
}

/** Resolves one page inside another step, its time counted as resolve's. */
export function resolving<T>(ctx: RunContext, resolve: () => T): T {
  const start = performance.now();
  try {
    return resolve();
  } finally {
    ctx.timings.resolve = (ctx.timings.resolve ?? 0) + performance.now() - start;
  }
}

/** What to load: the content (all of it, some files, or the last run's), the templates, the assets. */
export interface Loading {
  content: "all" | Set<string> | { kept: LoadedContent & { cache: LoadCache } };
  templates: boolean | LoadedTemplates;
  assets: boolean | Assets;
  previous?: LoadCache;
  /** A thread that parses content files beside the main thread (see content/quick-read.ts). */
  parse?: ParseBeside;
  /** Told the templates and assets once they are known and the content files parsed, before the load ends (the threads import them meanwhile). */
  ready?: (templates: LoadedTemplates, assets: Assets) => void;
}

/** The load step: the content, the compiled templates and the bundled assets, side by side. */
export async function load(ctx: RunContext, what: Loading) {
  const { cwd, contentDir, templatesDir } = ctx;
  // A missing templates folder is named before the templates and the assets are each looked for inside it.
  if (what.templates === true || what.assets === true) await checkTemplatesFolder(templatesDir, cwd);
  const [loaded, templates, assets] = await timed(ctx, "load", () => {
    // The templates folder's file names (what a kept compile or bundle is keyed by), listed once for both.
    const names = what.templates === true || what.assets === true ? checkTemplateFiles(templatesDir, cwd) : undefined;
    const templates = what.templates === true ? names!.then((n) => loadTemplates({ templatesDir, cwd, names: n })) : (what.templates as LoadedTemplates);
    const assets = what.assets === true ? names!.then((n) => bundleAssets({ templatesDir, cwd, names: n })) : (what.assets as Assets);
    // Not before the content is parsed: a large site's first rendering thread parses too, and would import them first.
    let parsed!: () => void;
    const parsing = new Promise<void>((resolve) => (parsed = resolve));
    if (what.ready) Promise.all([templates, assets, parsing]).then(([t, a]) => what.ready!(t, a), () => {});
    const kept = typeof what.content === "object" && "kept" in what.content ? what.content.kept : undefined;
    if (kept) parsed();
    return Promise.all([
      kept ?? loadContent({ contentDir, cwd, previous: what.previous, changed: what.content instanceof Set ? what.content : undefined, parse: what.parse, parsed }),
      templates,
      assets,
    ]);
  });
  return { loaded, templates, assets };
}

/** The validate step. */
export const validate = (ctx: RunContext, loaded: LoadedContent, memo: Memo) => timed(ctx, "validate", () => validateContent(loaded, memo));

/** What the image stage's result depends on: every image's bytes and focal point, and the site's address. */
export function imageKey(ctx: RunContext, content: Content): string {
  return JSON.stringify([ctx.opts.baseUrl, content.site.baseUrl, [...content.images].map(([r, i]) => [r, i.hash, i.focus?.x, i.focus?.y])]);
}

/** The images step: every variant found or encoded, and the copies the output gets. */
export async function images(ctx: RunContext, content: Content, routes: Routes): Promise<Imaged> {
  const done = await timed(ctx, "images", () => imageFiles({ images: content.images, contentDir: ctx.contentDir, routes }));
  return { key: imageKey(ctx, content), copies: done.copies, encoded: done.encoded, cached: done.cached, committedDir: done.committedDir };
}

/** The route files (site/publish.ts), with what they read, recorded as a page's reads are. */
export function routes(site: ResolvedSite, content: Content) {
  const recorder = new Recorder();
  recorder.page();
  const files = routeFiles(site, recordedContent(content, (i) => recorder.use(i)));
  return { files, reads: recorder.inputs() };
}

/** The dead-link check of some pages, against the site's output paths and every page's ids. */
export function linkCheck(ctx: RunContext, paths: { has(file: string): boolean }, links: ReadonlyMap<string, PageLinks>) {
  const devFile = ctx.opts.devScript && fileForUrl(ctx.opts.devScript);
  const known = { has: (file: string) => file === devFile || paths.has(file) };
  return (checked: LinkedPage[]) => deadLinks(checked, known, ctx.shown(ctx.outDir), (file) => links.get(file)?.ids);
}

/** Coverage entries by source and language, the new ones over the kept ones, for sources that still exist. */
export function mergeCoverage(kept: ReadonlyMap<string, Coverage> | undefined, fresh: Coverage[], content: Content, prune: boolean): Map<string, Coverage> {
  const out = new Map(kept);
  for (const c of fresh) out.set(`${c.source}\u0000${c.lang}`, c);
  // A source goes away only with its hotel or a language: look for such entries only then.
  if (prune) for (const [key, c] of out) if (!(c.source in content.files)) out.delete(key);
  return out;
}

/** The files of `now` whose contents differ from `before`'s (the last good run's): a 2.2 MB sitemap is not rewritten each save. */
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

/** The report of a run that failed: its errors, or its bug with the stack. */
export function failed(ctx: RunContext, e: unknown, base: Pick<RunReport, "changed" | "notes" | "pages">): RunReport {
  const report = { ...base, ok: false, full: false, rendered: [], why: {}, written: [], removed: [], warnings: [], timings: ctx.timings, ms: performance.now() - ctx.started };
  if (e instanceof ContentErrors) return { ...report, errors: e.errors };
  return { ...report, errors: [], failure: e instanceof Error ? e : new Error(String(e)) };
}
