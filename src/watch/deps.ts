// The dependency map of incremental rebuilds: which kind of input a changed file is, and which pages read it.
// Pages name the content they read in `sources` ("site", "strings", "home", "hotel:<id>"); templates are
// mapped to pages by their template name. Pure: paths and pages in, decisions out.
import path from "node:path";
import type { Page } from "../site/pages.js";
import type { Content } from "../types.js";

/** What a batch of changed files touches. */
export interface ChangeSet {
  /** Every changed path, as given. */
  files: Set<string>;
  /** Site settings, UI strings, schemas or whole folders changed: everything is rebuilt. */
  all: boolean;
  /** Content sources whose files changed: "home", "hotel:<id>". */
  sources: Set<string>;
  /** Content-relative paths of changed non-YAML files (images). */
  images: Set<string>;
  /** Changed files the templates module is (or may be) built from. */
  templates: Set<string>;
  /** The stylesheet, client script or static files changed. */
  assets: boolean;
  /** Schema files changed (validators are compiled once per process). */
  schemas: boolean;
}

/** Where the inputs live, and what the last good build knows about the templates folder. */
export interface ChangeRoots {
  contentDir: string;
  templatesDir: string;
  schemasDir?: string;
  /** Files the compiled templates were built from. */
  templateInputs?: Set<string>;
  /** Files the bundled assets were built from. */
  assetInputs?: Set<string>;
}

/** An empty change set. */
export function noChanges(): ChangeSet {
  return { files: new Set(), all: false, sources: new Set(), images: new Set(), templates: new Set(), assets: false, schemas: false };
}

/** Both change sets together (changes a failed run leaves for the next one). */
export function mergeChanges(a: ChangeSet, b: ChangeSet): ChangeSet {
  return {
    files: new Set([...a.files, ...b.files]),
    all: a.all || b.all,
    sources: new Set([...a.sources, ...b.sources]),
    images: new Set([...a.images, ...b.images]),
    templates: new Set([...a.templates, ...b.templates]),
    assets: a.assets || b.assets,
    schemas: a.schemas || b.schemas,
  };
}

/** `child` relative to `dir` with "/" separators, or null when it is not inside. */
function inside(dir: string, child: string): string | null {
  const rel = path.relative(dir, child);
  if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join("/");
}

/** Sorts changed absolute paths into what they affect. Unknown files under templates/ count as both kinds. */
export function classifyChanges(paths: Iterable<string>, roots: ChangeRoots): ChangeSet {
  const set = noChanges();
  for (const p of paths) {
    const abs = path.resolve(p);
    set.files.add(abs);
    const inContent = inside(roots.contentDir, abs);
    const inTemplates = inside(roots.templatesDir, abs);
    const inSchemas = roots.schemasDir ? inside(roots.schemasDir, abs) : null;
    if (inSchemas !== null) {
      set.schemas = true;
      set.all = true;
    } else if (inContent !== null) {
      const hotel = /^hotels\/([^/]+)\.ya?ml$/.exec(inContent);
      if (hotel) set.sources.add(`hotel:${hotel[1]}`);
      else if (inContent === "home.yaml") set.sources.add("home");
      else if (/\.ya?ml$/.test(inContent) || !path.extname(inContent)) set.all = true;
      else set.images.add(inContent);
    } else if (inTemplates !== null) {
      const isTemplate = roots.templateInputs?.has(abs);
      const isAsset = roots.assetInputs?.has(abs);
      if (isTemplate || !isAsset) set.templates.add(abs);
      if (isAsset || !isTemplate) set.assets = true;
    } else {
      set.all = true;
    }
  }
  return set;
}

/** The sources that show changed images: hotels using one, or everything for the site's own images. */
export function imageSources(images: Set<string>, content: Content | undefined, into: Set<string>): boolean {
  if (!content || !images.size) return false;
  for (const h of content.hotels) if (h.image && images.has(h.image)) into.add(`hotel:${h.id}`);
  return images.has(content.site.defaultImage) || images.has(content.site.homeImage);
}

/** What must be re-rendered: every page, or pages of these templates and pages reading these sources. */
export interface DirtyScope {
  all: boolean;
  sources: Set<string>;
  templates: Set<string>;
}

/**
 * The pages to render again: all of them, or those that read a changed source (before or after the change),
 * use a changed template, or did not exist in the previous build.
 */
export function dirtyPages(pages: Page[], previous: Map<string, Page> | undefined, scope: DirtyScope): Page[] {
  if (!previous || scope.all) return pages;
  const reads = (p: Page | undefined) => !!p && p.sources.some((s) => scope.sources.has(s));
  return pages.filter((p) => {
    const old = previous.get(p.outFile);
    return !old || old.template !== p.template || scope.templates.has(p.template) || reads(p) || reads(old);
  });
}
