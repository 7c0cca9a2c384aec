// Carries out a later run's render plan batch by batch (docs/architecture.md, step 6), so the pages an editor waits
// for reach the disk first, while a failure still reports every error at once, as a run in one piece would.
import { ContentError, ContentErrors } from "./errors.js";
import type { RenderPlan } from "./plan.js";
import type { OutputFile } from "./render/assets.js";
import type { RenderedPage } from "./render/pool.js";
import { addTemplateError } from "./render/template-errors.js";
import { fileForUrl, type LinkedPage } from "./site/links.js";
import type { PageSlot } from "./site/resolve.js";
import type { CopiedFile } from "./write/staging.js";

/** A page rendered, as far as batching looks at it: where it goes and what it links to. */
export interface BatchPage {
  page: { outFile: string };
  links: string[];
}

/** What the pipeline does with a batch. */
export interface BatchSteps<P, R extends BatchPage> {
  /** Renders pages, taking each from the iterable when a thread can start on it; throws ContentErrors for template errors. */
  render(pages: Iterable<P>): Promise<R[]>;
  /** Takes a batch's rendered pages in: the checks from now on see their ids. Batches are taken in order. */
  take(pages: R[]): void;
  /** The dead links of these pages, against every page taken so far (with its new ids) and the others as they are. */
  check(pages: R[]): ContentError[];
  /** Writes these pages (they passed the check), and lets their bytes go. */
  write(pages: R[]): Promise<void>;
}

/** Renders, checks and writes `batches` in order (nothing when `failed` holds errors); throws every batch's errors at the end. */
export async function renderBatches<P extends { outFile: string }, R extends BatchPage>(batches: P[][], steps: BatchSteps<P, R>, failed: ContentError[] = []): Promise<R[]> {
  const batchOf = new Map<string, number>();
  batches.forEach((batch, i) => batch.forEach((p) => batchOf.set(p.outFile, i)));
  // The later batches (after `i`) whose pages a page's links name a #fragment of.
  const laterTargets = (r: R, i: number) => {
    const later = new Set<number>();
    for (const url of r.links) {
      const j = url.indexOf("#") > 0 ? (batchOf.get(fileForUrl(url)) ?? -1) : -1;
      if (j > i) later.add(j);
    }
    return later;
  };
  const rendered: R[] = [];
  const templateErrors: ContentError[] = [];
  const dead = [...failed];
  // The first batch that failed (its render, or its checks): it and the batches after it are not written.
  let firstFailed = failed.length ? -1 : Infinity;
  // Pages whose links name an id a later batch's page does not have yet; pages written, to check again with a batch.
  let held: R[] = [];
  const again = new Map<number, R[]>();
  /** Takes batch i in, checks what can be checked, and writes what passed. */
  const finish = async (i: number, done: R[]) => {
    rendered.push(...done);
    steps.take(done);
    const checked: R[] = again.get(i) ?? [];
    const ready: R[] = [];
    const waiting: R[] = [];
    for (const r of [...held, ...done]) {
      const later = laterTargets(r, i);
      if (!later.size) checked.push(r);
      else if (steps.check([r]).length) {
        waiting.push(r);
        continue;
      } else for (const j of later) again.set(j, [...(again.get(j) ?? []), r]);
      ready.push(r);
    }
    held = waiting;
    const found = checked.length ? steps.check(checked) : [];
    if (found.length) firstFailed = Math.min(firstFailed, i);
    dead.push(...found);
    if (i < firstFailed && ready.length) await steps.write(ready);
  };
  const start = (i: number) => {
    const rendering = steps.render(batches[i]).catch((e: unknown) => {
      if (!(e instanceof ContentErrors)) throw e;
      for (const x of e.errors) addTemplateError(templateErrors, x);
      firstFailed = Math.min(firstFailed, i);
      return undefined;
    });
    // A bug's rejection is taken up when its turn comes, not reported as unhandled meanwhile.
    rendering.catch(() => {});
    return rendering;
  };
  // Two batches in flight, so memory holds two batches' bytes: the next one is resolved and rendered (on another
  // thread) while this one renders and is checked and written (a hotel's own page beside the home page).
  let next = batches.length ? start(0) : undefined;
  for (let i = 0; i < batches.length; i++) {
    const current = next!;
    next = i + 1 < batches.length ? start(i + 1) : undefined;
    const done = await current;
    if (done) await finish(i, done);
  }
  if (templateErrors.length) throw new ContentErrors(templateErrors);
  if (dead.length) throw new ContentErrors(dead);
  return rendered;
}

/** What a run wrote and removed, and the pages it rendered in the plan's order. */
export interface Written {
  written: string[];
  removed: string[];
  rendered: RenderedPage[];
}

/** What a later run's batches are carried out with. */
export interface BatchWrite {
  plan: RenderPlan<PageSlot>;
  render(batch: Iterable<PageSlot>): Promise<RenderedPage[]>;
  /** Every page's links and ids (the batches' go in as each is taken). */
  links: Map<string, { links: string[]; ids: string[] }>;
  deadIn(checked: LinkedPage[]): ContentError[];
  /** Files and copies that go with the first write, and output files removed after the last. */
  extra: { files: OutputFile[]; copies: CopiedFile[] };
  remove: string[];
  write(files: OutputFile[], copies: CopiedFile[], remove: string[]): Promise<{ written: string[]; removed: string[] }>;
  /** Told of each batch's output files once they are on disk. */
  written(files: string[]): void;
}

/** Wires renderBatches to a run: only changed bytes written; when a file went away, the unrendered pages' links checked first. */
export async function writeBatches(o: BatchWrite): Promise<Written> {
  const out: Written = { written: [], removed: [], rendered: [] };
  let extra = o.extra;
  const write = async (files: OutputFile[], remove: string[] = []) => {
    const done = await o.write([...files, ...extra.files], extra.copies, remove);
    extra = { files: [], copies: [] };
    out.written.push(...done.written);
    out.removed.push(...done.removed);
  };
  const planned = new Set(o.plan.pages.map((p) => p.outFile));
  const stale = o.remove.length ? o.deadIn([...o.links].filter(([f]) => !planned.has(f)).map(([outFile, l]) => ({ outFile, ...l }))) : [];
  const linked = (r: RenderedPage): LinkedPage => ({ outFile: r.page.outFile, links: r.links, ids: r.ids });
  out.rendered = await renderBatches(
    o.plan.batches,
    {
      render: o.render,
      take: (pages) => {
        for (const r of pages) o.links.set(r.page.outFile, { links: r.links, ids: r.ids });
      },
      check: (pages) => o.deadIn(pages.map(linked)),
      write: async (pages) => {
        await write(pages.map((r) => ({ path: r.page.outFile, contents: r.bytes! })));
        // On disk now: the report and the next run need the page's summary, links and ids, not its bytes.
        for (const r of pages) r.bytes = undefined;
        o.written(pages.map((r) => r.page.outFile));
      },
    },
    stale,
  );
  if ((extra.files.length || extra.copies.length || o.remove.length)) await write([], o.remove);
  return out;
}
