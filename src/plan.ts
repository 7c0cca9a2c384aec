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

/**
 * The pages to render (in page order) with why: every page on a first run, a change every page reads or new
 * asset names; else the pages resolved again (`resolvedWhy`: the input that changed, or "new page") and the
 * pages of changed templates.
 */
export function planRender<P extends Planned>(pages: P[], reused: Set<P>, resolvedWhy: Record<string, string>, causes: RenderCauses): { pages: P[]; why: Record<string, string> } {
  const every = causes.first ? "first build" : causes.templates === "all" ? "a template every page uses changed" : causes.assets ? "the asset names changed" : undefined;
  const why: Record<string, string> = {};
  const out = pages.filter((p) => {
    const reason = every ?? (!reused.has(p) ? (resolvedWhy[p.outFile] ?? "new page") : (causes.templates as Set<string>).has(p.template) ? `template "${p.template}" changed` : undefined);
    if (reason) why[p.outFile] = reason;
    return !!reason;
  });
  return { pages: out, why };
}
