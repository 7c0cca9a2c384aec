// Incremental rebuilds for watch (and the benchmark): the build pipeline's own stages, run again only where a
// change reaches. Content is reloaded whole (it is fast), but only the pages that read a changed file are
// rendered, and only files whose bytes changed are written, in place, into the served folder.
import { existsSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { imageCopies, templatesDirFor, type BuildOptions } from "../build.js";
import { loadContent } from "../content/load.js";
import { validateContent } from "../content/validate.js";
import { ContentError, ContentErrors, type Warning } from "../errors.js";
import { bundleAssets, type Assets } from "../render/assets.js";
import { renderSite } from "../render/pool.js";
import { loadTemplates, type LoadedTemplates } from "../render/templates.js";
import { deadLinks, fileForUrl } from "../site/links.js";
import type { Page } from "../site/pages.js";
import { publishFiles } from "../site/publish.js";
import { resolveSite, type ResolvedSite } from "../site/resolve.js";
import type { Content } from "../types.js";
import { packageRoot } from "../util/paths.js";
import { writeChanged, writeOutput } from "../write/writer.js";
import { classifyChanges, dirtyPages, imageSources, mergeChanges, noChanges, type ChangeSet } from "./deps.js";
import { affectedTemplates, readTemplateGraph, type ImportGraph } from "./template-graph.js";

/** Options for {@link createRebuilder}: a build's options, plus watch's. */
export interface RebuilderOptions extends BuildOptions {
  /** URL of the live-reload script every page loads (watch mode); build output never has it. */
  devScript?: string;
}

/** What one run did: the rebuild report watch prints and tests assert on. */
export interface RebuildReport {
  ok: boolean;
  /** True when every page was rendered (first run, settings, strings, shared templates or assets). */
  full: boolean;
  /** The changed files that started the run (relative to the working directory), empty for a first run. */
  changed: string[];
  /** Output files of the pages rendered, in page order. */
  rendered: string[];
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
  ms: number;
}

/** The incremental builder. Calls are serialised: a call waits for the one before it. */
export interface Rebuilder {
  /** Builds everything (the first run of watch, and the benchmark's baseline). */
  full(): Promise<RebuildReport>;
  /** Rebuilds what the changed files (absolute paths, or relative to cwd) affect. */
  rebuild(changed: Iterable<string>): Promise<RebuildReport>;
  /** The folders whose files the output depends on: what watch watches. */
  readonly roots: string[];
  readonly outDir: string;
  readonly contentDir: string;
}

/** The last good build: everything a next run reuses. */
interface State {
  content: Content;
  site: ResolvedSite;
  warnings: Warning[];
  templates: LoadedTemplates;
  graph: ImportGraph;
  assets: Assets;
  pages: Map<string, Page>;
  /** Every output file of the site, relative to the output folder. */
  paths: Set<string>;
}

/** Makes an incremental builder over one content folder, templates folder and output folder. */
export function createRebuilder(opts: RebuilderOptions): Rebuilder {
  const cwd = opts.cwd ?? process.cwd();
  const contentDir = path.resolve(cwd, opts.contentDir);
  const outDir = path.resolve(cwd, opts.outDir);
  const templatesDir = templatesDirFor(opts);
  const schemasDir = path.join(packageRoot(), "src", "content", "schemas");
  const now = opts.now ?? new Date();
  const shown = (abs: string) => path.relative(cwd, abs) || ".";
  let state: State | undefined;
  let failed: ChangeSet = noChanges();
  let chain: Promise<unknown> = Promise.resolve();

  const serial = (fn: () => Promise<RebuildReport>): Promise<RebuildReport> => {
    const next = chain.then(fn);
    chain = next.catch(() => undefined);
    return next;
  };

  async function run(changes: ChangeSet): Promise<RebuildReport> {
    const started = performance.now();
    const prev = state;
    const todo = mergeChanges(failed, changes);
    const changed = [...changes.files].map(shown).sort();
    const notes = todo.schemas ? ["a schema changed: validation uses the schemas hotelsite started with; restart watch to apply it"] : [];
    try {
      const reloadTemplates = !prev || todo.templates.size > 0;
      const templates = reloadTemplates ? await loadTemplates({ templatesDir, cwd }) : prev.templates;
      const graph = reloadTemplates ? await readTemplateGraph({ templatesDir, cwd }) : prev.graph;
      const assets = !prev || todo.assets ? await bundleAssets({ templatesDir, cwd }) : prev.assets;

      const contentChanged = !prev || todo.all || todo.sources.size > 0 || todo.images.size > 0;
      let { content, site, warnings } = prev ?? ({} as Partial<State>);
      if (contentChanged) {
        const loaded = await loadContent({ contentDir, cwd });
        ({ content, warnings } = validateContent(loaded));
        site = resolveSite(content, { baseUrl: opts.baseUrl, now });
      }

      const sources = new Set(todo.sources);
      const names = Object.keys(templates.module.pages);
      const touched = (g: ImportGraph | undefined) => (g ? affectedTemplates(g, { templatesDir, names, changed: todo.templates }) : "all");
      const fromTemplates = [touched(graph), touched(prev?.graph)];
      const all =
        !prev ||
        todo.all ||
        imageSources(todo.images, content, sources) ||
        imageSources(todo.images, prev.content, sources) ||
        JSON.stringify(assets.links) !== JSON.stringify(prev.assets.links) ||
        (templates.hash !== prev.templates.hash && fromTemplates.includes("all"));
      const templateNames = new Set(templates.hash === prev?.templates.hash ? [] : fromTemplates.flatMap((t) => (t === "all" ? [] : [...t])));
      const dirty = dirtyPages(site!.pages, prev?.pages, { all, sources, templates: templateNames });

      const rendered = await renderSite(dirty, {
        templates: templates.module,
        templatesHash: templates.hash,
        assets: assets.links,
        templatesDir,
        cwd,
        devScript: opts.devScript,
      });
      const publish = publishFiles(site!, content!);
      const copies = await imageCopies(site!, content!, contentDir);
      const pageFiles = rendered.map((r) => ({ path: r.page.outFile, contents: r.contents }));
      const paths = new Set([...site!.pages.map((p) => p.outFile), ...publish.map((f) => f.path), ...assets.files.map((f) => f.path), ...copies.map((c) => c.path)]);
      const known = new Set(paths);
      if (opts.devScript) known.add(fileForUrl(opts.devScript));
      const dead = deadLinks(rendered.map((r) => ({ outFile: r.page.outFile, links: r.links })), known, shown(outDir));
      if (dead.length) throw new ContentErrors(dead);

      let written: string[];
      let removed: string[] = [];
      if (!prev) {
        const files = [...pageFiles, ...assets.files, ...publish];
        await writeOutput({ outDir, files, copies, protect: [cwd], sources: [contentDir, templatesDir], force: opts.force });
        written = [...files.map((f) => f.path), ...copies.map((c) => c.path)].sort();
      } else {
        ({ written, removed } = await writeChanged({
          outDir,
          files: [...pageFiles, ...publish, ...(assets === prev.assets ? [] : assets.files)],
          copies: copies.filter((c) => !prev.paths.has(c.path)),
          remove: [...prev.paths].filter((p) => !paths.has(p)),
        }));
      }

      state = { content: content!, site: site!, warnings: warnings!, templates, graph, assets, pages: new Map(site!.pages.map((p) => [p.outFile, p])), paths };
      failed = noChanges();
      return {
        ok: true,
        full: dirty.length === site!.pages.length,
        changed,
        rendered: rendered.map((r) => r.page.outFile),
        written,
        removed,
        pages: site!.pages.length,
        warnings: warnings!,
        errors: [],
        notes,
        ms: performance.now() - started,
      };
    } catch (e) {
      failed = todo;
      const base = { ok: false, full: false, changed, rendered: [], written: [], removed: [], pages: prev?.site.pages.length ?? 0, warnings: [], notes };
      const ms = performance.now() - started;
      if (e instanceof ContentErrors) return { ...base, errors: e.errors, ms };
      return { ...base, errors: [], failure: e instanceof Error ? e : new Error(String(e)), ms };
    }
  }

  const roots = [contentDir, templatesDir, ...(existsSync(schemasDir) ? [schemasDir] : [])];
  return {
    roots,
    outDir,
    contentDir,
    // Everything: content, every template and the assets are read again and every page is rendered.
    full: () => serial(() => run({ ...noChanges(), all: true, assets: true, templates: new Set([path.join(templatesDir, "index.tsx")]) })),
    rebuild: (changedPaths) =>
      serial(() =>
        run(
          classifyChanges(
            [...changedPaths].map((p) => path.resolve(cwd, p)),
            {
              contentDir,
              templatesDir,
              schemasDir,
              templateInputs: state && new Set(state.graph.keys()),
              assetInputs: state && new Set(state.assets.inputs),
            },
          ),
        ),
      ),
  };
}
