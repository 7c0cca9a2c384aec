// What a later run will do, as data, with a reason for each thing (update.ts carries it out): pure, from the changed
// files, what the previous run's pages and route files recorded, and the new site's pages before they are resolved.
import path from "node:path";
import { describeChange, type Input } from "./site/inputs.js";
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

/** What to load again for the changed files (absolute): a content file alone, a template's bundle, else everything. */
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

/** A page of the run, as planning sees it before it is resolved (resolve.ts PageSlot). */
interface Planned {
  outFile: string;
  /** "home", "hotel" or "notFound": a language's home page is the entry every other page links to. */
  kind: string;
}

/** The previous run's page at an output file, as planning sees it: the inputs it recorded, and its template. */
export interface PageBefore {
  inputs: readonly Input[];
  template: string;
}

/** Why pages render when some templates changed or every page must ("all"), besides their own recorded reasons. */
export interface RenderCauses {
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
const NO_FOCUS: RenderFocus = { shown: new Set(), own: new Set() };

/** Pages in one batch of a run's rest: the first pages reach the disk long before the last, at little cost a batch. */
export const BATCH_PAGES = 128;

/** What a run renders: the pages in order (`pages`, the concatenation of `batches`), why each, and how each is made. */
export interface RenderPlan<P> {
  pages: P[];
  why: Record<string, string>;
  batches: P[][];
  /** Pages rendered from the previous run's page as it was (a template or the asset names changed); the others are resolved again. */
  again: Set<P>;
}

/** What planRender weighs besides the pages. */
export interface RenderInputs<P> {
  /** The previous run's page at a page's output file (none: a new page, or a first run). */
  before(p: P): PageBefore | undefined;
  /** The inputs whose values changed since the previous run (inputs.ts changedInputs). */
  changed: ReadonlySet<Input>;
  /** The output files of the last run's pages that read one of `changed` (site/readers.ts); without it every page is read. */
  readers?: { reading: ReadonlySet<string>; known(p: P): boolean };
  causes: RenderCauses;
  focus?: RenderFocus;
}

/** Which pages to resolve and render, why, and in which batches, before any is resolved (docs/architecture.md, step 4). */
export function planRender<P extends Planned>(pages: P[], { before, changed, readers, causes, focus = NO_FOCUS }: RenderInputs<P>): RenderPlan<P> {
  const every = causes.templates === "all" ? "a template every page uses changed" : causes.assets ? "the asset names changed" : undefined;
  // Only the pages that read a changed input, and new ones, when no template asks for others.
  const only = !every && (causes.templates as Set<string>).size === 0 ? readers : undefined;
  // A changed input as the report names it, worked out once per run.
  const named = new Map<Input, string>();
  const name = (id: Input) => named.get(id) ?? named.set(id, `${describeChange(id, changed)} changed`).get(id)!;
  const reasons = new Map<P, string>();
  const again = new Set<P>();
  for (const p of pages) {
    if (only && !only.reading.has(p.outFile) && only.known(p)) continue;
    const was = before(p);
    let input: Input | undefined;
    if (was) for (const id of was.inputs) if (changed.has(id)) { input = id; break; }
    if (!was || input !== undefined) reasons.set(p, every ?? (input === undefined ? "new page" : name(input)));
    else if (every || (causes.templates as Set<string>).has(was.template)) {
      reasons.set(p, every ?? `template "${was.template}" changed`);
      again.add(p);
    }
  }
  const groups: P[][] = [[], [], [], []];
  for (const p of reasons.keys()) groups[focus.shown.has(p.outFile) ? 0 : focus.own.has(p.outFile) ? 1 : p.kind === "home" ? 2 : 3].push(p);
  const [shown, own, home, rest] = groups;
  // Each home page a batch of its own: at 4,008 pages one lists 1,334 hotels, and should not wait for the others'.
  const batches = [shown, own, ...home.map((p) => [p])].filter((b) => b.length);
  for (let i = 0; i < rest.length; i += BATCH_PAGES) batches.push(rest.slice(i, i + BATCH_PAGES));
  const ordered = batches.flat();
  const why: Record<string, string> = {};
  for (const p of ordered) why[p.outFile] = reasons.get(p)!;
  return { pages: ordered, why, batches, again };
}

/** Something the executor keeps from the last run or makes again, and why. */
export interface Decision {
  keep: boolean;
  why: string;
}

/** The route files (site/publish.ts) are kept while nothing they read last time changed, else made again from every page's head. */
export function planRoutes(before: { reads: readonly Input[] } | undefined, changed: ReadonlySet<Input>): Decision {
  if (!before) return { keep: false, why: "the last run's were not written" };
  const read = before.reads.find((i) => changed.has(i));
  return read ? { keep: false, why: `${describeChange(read, changed)} changed` } : { keep: true, why: "nothing they read changed" };
}

/** The image stage runs again only when an image, its focal point (its phone crop) or the site's address changed. */
export function planImages(before: string | undefined, key: string): Decision {
  return before === key ? { keep: true, why: "the images and the site's address are the same" } : { keep: false, why: "an image, a focal point or the site's address changed" };
}

/** The output files of the last run the site no longer has (every other file is rewritten only if its bytes changed). */
export function planRemovals(before: ReadonlySet<string>, now: readonly string[]): { paths: ReadonlySet<string>; remove: { path: string; why: string }[] } {
  // A save that keeps every output path (most do) keeps the last run's set of them: 17,000 at 4,008 pages.
  if (now.length === before.size && now.every((p) => before.has(p))) return { paths: before, remove: [] };
  const paths = new Set(now);
  return { paths, remove: [...before].filter((p) => !paths.has(p)).map((path) => ({ path, why: "the site no longer has it" })) };
}
