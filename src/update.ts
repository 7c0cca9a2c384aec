// A save under watch, read top to bottom: load what changed, validate, find the changed inputs, plan (plan.ts), carry
// out the plan's batches (batches.ts). A failed update keeps the state it started from.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { writeBatches } from "./batches.js";
import { planImages, planLoad, planRemovals, planRender, planRoutes } from "./plan.js";
import { affectedTemplates } from "./render/template-graph.js";
import type { LoadedTemplates } from "./render/templates.js";
import { changedInputs, hotelSource, input, inputValues } from "./site/inputs.js";
import type { Page } from "./site/pages.js";
import { copyFiles } from "./site/publish.js";
import { siteResolver, type PageSlot } from "./site/resolve.js";
import type { Published, RunResult, Session, State } from "./state.js";
import { changedSince, failed, imageKey, images, linkCheck, load, mergeCoverage, resolving, routes, runContext, schemasDir, timed, validate } from "./steps.js";
import type { Content } from "./types.js";
import { isWithin } from "./util/paths.js";
import { writeChanged } from "./write/writer.js";

/** Runs what the files `changed` (absolute, or relative to the working folder) change, on the last good state. */
export async function update(session: Session, state: State, changed: Iterable<string>): Promise<RunResult> {
  const opts = session.options;
  const ctx = runContext(opts);
  const { cwd, contentDir, templatesDir, outDir } = ctx;
  const saved = [...changed].map((f) => path.resolve(cwd, f));
  const files = new Set([...state.pending, ...saved]);
  const loading = planLoad(state, files, { contentDir, templatesDir, schemasDir: schemasDir() });
  const notes = loading.schemas ? ["a schema changed: validation uses the schemas hotelsite started with; restart watch to apply it"] : [];
  const base = { changed: saved.map(ctx.shown).sort(), notes, pages: state.pages.size };
  let writing = false;
  try {
    const what = loading.content === "none" ? { kept: { ...state.loaded, cache: state.load } } : loading.content === "all" ? "all" : loading.content.files;
    const { loaded, templates, assets } = await load(ctx, { content: what, templates: loading.templates || state.templates, assets: loading.assets || state.assets, previous: state.load });
    const { content, warnings } = loaded.cache === state.load ? state : await validate(ctx, loaded, session.memo);
    const inputs = content === state.content ? state.inputs : inputValues(content, session.memo);
    const changedIn = changedInputs(state.inputs, inputs);
    const resolver = siteResolver(content, { baseUrl: opts.baseUrl, now: ctx.now, memo: session.memo });
    const slots = resolver.slots;
    const pool = await session.threads(slots.length);
    const names = await timed(ctx, "render", () => pool.load({ templatesUrl: templates.url, assets: assets.links, templatesDir, cwd, devScript: opts.devScript }));

    // The plan, before any page is resolved, from what each page read last time; the pages an editor waits for first.
    const causes = { templates: changedTemplates(state.templates, templates, { files, names, templatesDir }), assets: JSON.stringify(assets.links) !== JSON.stringify(state.assets.links) };
    const focus = { shown: new Set(opts.preview?.shown()), own: ownPages(slots, content, new Set([...files].map(ctx.shown))) };
    const before = (slot: PageSlot) => {
      const read = state.reads.get(slot.outFile);
      return read && { inputs: read, template: state.pages.get(slot.outFile)!.template };
    };
    const readers = session.readers && { reading: session.readers.pagesOf(changedIn), known: (s: PageSlot) => state.reads.has(s.outFile) };
    const plan = planRender(slots, { before, changed: changedIn, readers, causes, focus });
    const keepRoutes = planRoutes(state.publish, changedIn).keep;
    const keepImages = planImages(state.images.key, imageKey(ctx, content)).keep;

    // This run's pages: the last run's unless the plan resolves them again, each resolved when first asked for.
    const planned = new Set(plan.pages);
    const pages = new Map<string, Page>();
    const pageOf = (slot: PageSlot): Page => {
      let page = pages.get(slot.outFile);
      if (!page) pages.set(slot.outFile, (page = planned.has(slot) && !plan.again.has(slot) ? resolving(ctx, () => resolver.page(slot)) : state.pages.get(slot.outFile)!));
      return page;
    };
    const found = resolver.site();
    const readsNow = () => new Map(slots.map((s) => [s.outFile, found.inputs.get(s.outFile) ?? state.reads.get(s.outFile)!]));
    // Route files made again read every page's head, and renamed hotels' fallback pages their titles: resolved now.
    const made = keepRoutes ? undefined : routes({ ...found, inputs: readsNow(), pages: slots.map(pageOf) }, content);
    const renamed = new Set(content.hotels.filter((h) => h.aliases?.length).map((h) => h.id));
    const copy = copyFiles({ ...found, pages: slots.filter((s) => s.hotel !== undefined && renamed.has(s.hotel)).map(pageOf) }, content);
    const published: Published = made ? { routes: made.files, reads: made.reads, copy } : { ...state.publish!, copy };
    const imaged = keepImages ? state.images : await images(ctx, content, found.routes);
    const publishing = [...published.routes, ...published.copy];
    const { paths, remove } = planRemovals(state.paths, [...slots.map((s) => s.outFile), ...publishing.map((f) => f.path), ...assets.files.map((f) => f.path), ...imaged.copies.map((c) => c.path)]);
    const links = new Map(state.links);
    for (const r of remove) links.delete(r.path);

    let firstBatch: { pages: number; ms: number } | undefined;
    const done = await writeBatches({
      plan,
      render: (batch) => timed(ctx, "render", () => pool.render((function* () { for (const s of batch) yield pageOf(s); })())),
      links,
      deadIn: linkCheck(ctx, paths, links),
      // The changed publishing files, new assets and image copies go with the first batch (its pages link them).
      extra: { files: [...changedSince(state.publish && [...state.publish.routes, ...state.publish.copy], publishing), ...(assets === state.assets ? [] : assets.files)], copies: imaged.copies.filter((c) => !state.paths.has(c.path)) },
      remove: remove.map((r) => r.path),
      write: (files, copies, remove) => {
        // From here a failure may leave some files written: the kept state then forgets what publish wrote.
        writing = true;
        return timed(ctx, "write", () => writeChanged({ outDir, files, copies, remove }));
      },
      written: (files) => {
        if (plan.batches.length > 1) firstBatch ??= { pages: files.length, ms: performance.now() - ctx.started };
        opts.preview?.written(files);
      },
    });

    // Only now that the run succeeded: the index of who read what follows the pages resolved again.
    session.readers?.update(state.reads, found.inputs);
    const coverage = mergeCoverage(state.coverage, found.coverage, content, changedIn.has(input.hotelList) || changedIn.has(input.site));
    const next: State = { load: loaded.cache, loaded, content, warnings, inputs, pages: new Map(slots.map((s) => [s.outFile, pageOf(s)])), reads: readsNow(), coverage, templates, assets, links, images: imaged, publish: published, paths, pending: new Set() };
    const report = { ...base, ok: true, full: done.rendered.length === slots.length, rendered: done.rendered.map((r) => r.page.outFile), why: plan.why, firstBatch, written: done.written.sort(), removed: done.removed.sort(), pages: slots.length, warnings, errors: [], timings: ctx.timings, ms: performance.now() - ctx.started, threads: pool.threads, ...(imaged !== state.images && imaged.encoded ? { encoded: { variants: imaged.encoded, dir: imaged.committedDir } } : {}) };
    return { state: next, report };
  } catch (e) {
    // The next run takes this run's files in again, and compares all publishing files with the disk (some may be written).
    return { state: { ...state, pending: files, publish: writing ? undefined : state.publish }, report: failed(ctx, e, base) };
  }
}

/** Which page templates a template edit changed ("all": one every page uses), on both runs' template graphs. */
function changedTemplates(before: LoadedTemplates, now: LoadedTemplates, o: { files: Set<string>; names: string[]; templatesDir: string }): "all" | Set<string> {
  if (now.hash === before.hash) return new Set();
  const changed = [...o.files].filter((f) => isWithin(o.templatesDir, f));
  const a = affectedTemplates(now.graph, { templatesDir: o.templatesDir, names: o.names, changed });
  const b = affectedTemplates(before.graph, { templatesDir: o.templatesDir, names: o.names, changed });
  return a === "all" || b === "all" ? "all" : new Set([...a, ...b]);
}

/** Output files of the pages made from a changed file (`files` as content.files shows them): a hotel's, the home pages. */
function ownPages(slots: PageSlot[], content: Content, files: Set<string>): Set<string> {
  const changed = new Set(Object.keys(content.files).filter((source) => files.has(content.files[source])));
  return new Set(changed.size ? slots.filter((s) => changed.has(s.kind === "hotel" ? hotelSource(s.hotel!) : s.kind)).map((s) => s.outFile) : []);
}
