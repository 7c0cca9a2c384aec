// What a run will do, as data, before it does it (pipeline.ts carries it out): which sources to load again, and
// which pages to render and why. Pure: from the changed files, the previous run's state and the new site.
import path from "node:path";
import { isWithin } from "./util/paths.js";

/** The previous run's bundles, as far as planning needs them: the files each was made from. */
export interface PreviousInputs {
  templates?: { inputs: string[] };
  assets?: { inputs: string[] };
}

/** What to load again: the content (all of it, some files, or none), the templates, the assets. */
export interface LoadPlan {
  content: "all" | "none" | { files: Set<string> };
  templates: boolean;
  assets: boolean;
  /** A schema changed: validation keeps the schemas hotelsite started with (the run says so). */
  schemas: boolean;
}

/** Where a run's sources are. */
export interface PlanDirs {
  contentDir: string;
  templatesDir: string;
  schemasDir: string;
}

/**
 * The load plan for a run on `prev` (none: everything) given the changed files (absolute). A file in the content
 * folder is read again alone, unless it is a folder (no extension) or something outside every source folder
 * changed: then everything is. A templates file goes to the bundle made of it; a new one to both.
 */
export function planLoad(prev: PreviousInputs | undefined, files: Set<string>, dirs: PlanDirs): LoadPlan {
  if (!prev) return { content: "all", templates: true, assets: true, schemas: false };
  const plan: LoadPlan = { content: "none", templates: !prev.templates, assets: !prev.assets, schemas: false };
  let everything = false;
  let folder = false;
  const content = new Set<string>();
  for (const file of files) {
    if (isWithin(dirs.schemasDir, file)) plan.schemas = true;
    else if (isWithin(dirs.contentDir, file)) {
      content.add(file);
      folder ||= !path.extname(file);
    } else if (isWithin(dirs.templatesDir, file)) {
      const inTemplates = prev.templates?.inputs.includes(file) ?? true;
      const inAssets = prev.assets?.inputs.includes(file) ?? true;
      plan.templates ||= inTemplates || !inAssets;
      plan.assets ||= inAssets || !inTemplates;
    } else everything = true;
  }
  if (everything) return { content: "all", templates: true, assets: true, schemas: plan.schemas };
  if (folder) plan.content = "all";
  else if (content.size) plan.content = { files: content };
  return plan;
}

/** A page to render, as planning sees it. */
interface Planned {
  outFile: string;
  template: string;
  /** "home", "hotel" or "notFound": a language's home page is the entry every other page links to. */
  kind: string;
}

/** Why pages render when some templates changed or every page must ("all"), besides their own recorded reasons. */
export interface RenderCauses {
  /** No previous run: every page is new to the output. */
  first: boolean;
  /** Templates whose pages render again, or "all" (a template every page uses). */
  templates: "all" | Set<string>;
  /** The asset names (hashed CSS/JS) changed: every page links them. */
  assets: boolean;
}

/** Which planned pages an editor waits for: those a live preview shows, then those made from the files saved. */
export interface RenderFocus {
  /** Output files that live-reload clients show now (watch's preview; none in a build). */
  shown: ReadonlySet<string>;
  /** Output files of the pages made from a changed file: a saved hotel's own page in each language. */
  own: ReadonlySet<string>;
}

/** No preview and no saved file: the pages go in page order, the home pages first. */
export const NO_FOCUS: RenderFocus = { shown: new Set(), own: new Set() };

/**
 * Pages in one batch of a run's rest (after the pages the focus names): a batch is rendered, checked for dead
 * links and written before the next is written, so at 4,008 pages the first of 1,336 reach the disk long before
 * the last, while each batch's check and write cost little beside its rendering.
 */
export const BATCH_PAGES = 128;

/** The pages to render in order (`pages`), with why, and the batches they are written in (`pages` is their concatenation). */
export interface RenderPlan<P> {
  pages: P[];
  why: Record<string, string>;
  batches: P[][];
}

/**
 * The pages to render with why: every page on a first run, a change every page reads or new asset names; else
 * the pages resolved again (`resolvedWhy`: the input that changed, or "new page") and the pages of changed
 * templates. In the order an editor waits for them, each group a batch: the pages a live preview shows, the
 * pages of the saved files (`focus`), the home pages, then the rest in page order, BATCH_PAGES at a time.
 */
export function planRender<P extends Planned>(pages: P[], reused: Set<P>, resolvedWhy: Record<string, string>, causes: RenderCauses, focus: RenderFocus = NO_FOCUS): RenderPlan<P> {
  const every = causes.first ? "first build" : causes.templates === "all" ? "a template every page uses changed" : causes.assets ? "the asset names changed" : undefined;
  const reasons = new Map<P, string>();
  for (const p of pages) {
    const reason = every ?? (!reused.has(p) ? (resolvedWhy[p.outFile] ?? "new page") : (causes.templates as Set<string>).has(p.template) ? `template "${p.template}" changed` : undefined);
    if (reason) reasons.set(p, reason);
  }
  const groups: P[][] = [[], [], [], []];
  for (const p of reasons.keys()) groups[focus.shown.has(p.outFile) ? 0 : focus.own.has(p.outFile) ? 1 : p.kind === "home" ? 2 : 3].push(p);
  const [shown, own, home, rest] = groups;
  const batches = [shown, own, home].filter((b) => b.length);
  for (let i = 0; i < rest.length; i += BATCH_PAGES) batches.push(rest.slice(i, i + BATCH_PAGES));
  const ordered = batches.flat();
  const why: Record<string, string> = {};
  for (const p of ordered) why[p.outFile] = reasons.get(p)!;
  return { pages: ordered, why, batches };
}
