// What the two executors share: a run's options and report, the State a run leaves for the next (plain data no one
// changes), and the Session owning what lives from run to run under watch (threads, memo, readers index).
import type { ContentError, Warning } from "./errors.js";
import type { LoadCache } from "./content/load.js";
import type { QuickFile, QuickParsed } from "./content/quick-read.js";
import type { Assets, OutputFile } from "./render/assets.js";
import { startPool, threadsFor, type Limits, type RenderPool } from "./render/pool.js";
import type { TemplatesInit } from "./render/messages.js";
import type { LoadedTemplates } from "./render/templates.js";
import type { Input, InputValues } from "./site/inputs.js";
import type { Page } from "./site/pages.js";
import type { Readers } from "./site/readers.js";
import type { Coverage, PageInputs } from "./site/resolve.js";
import type { Content, LoadedContent } from "./types.js";
import { Memo } from "./util/memo.js";
import type { CopiedFile } from "./write/writer.js";

/** Options of a run: where the content, templates and output are. */
export interface RunOptions {
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
  /** Why each page was rendered again (an update): the input or template that changed, or "new page". */
  why: Record<string, string>;
  /** An update written in several batches: the first batch's pages, and when they were on disk (ms from the run's start). */
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
  /** The rendering threads the run had (none: it failed before it started them). */
  threads?: number;
}

/** The image stage's result, kept while its key (the images and the site's address) is the same. */
export interface Imaged {
  key: string;
  copies: CopiedFile[];
  /** Variants this run encoded and found already made (the report, and the first-build test). */
  encoded: number;
  cached: number;
  committedDir?: string;
}

/** A page's internal links and element ids, for the dead-link and #fragment check. */
export type PageLinks = { links: string[]; ids: string[] };

/** The files beside the pages: route files with what they read (site/publish.ts), and the files that show copy. */
export interface Published {
  routes: OutputFile[];
  reads: readonly Input[];
  copy: OutputFile[];
}

/** What a run leaves for the next one under watch: each step's result, keyed by what it was made from. Never changed. */
export interface State {
  readonly load: LoadCache;
  readonly loaded: LoadedContent;
  readonly content: Content;
  readonly warnings: Warning[];
  readonly inputs: InputValues;
  /** Every page whole, by output file, in page order. */
  readonly pages: ReadonlyMap<string, Page>;
  /** What each page read, by output file. */
  readonly reads: ReadonlyMap<string, PageInputs>;
  /** Translation coverage by source and language. */
  readonly coverage: ReadonlyMap<string, Coverage>;
  readonly templates: LoadedTemplates;
  readonly assets: Assets;
  readonly links: ReadonlyMap<string, PageLinks>;
  readonly images: Imaged;
  /** The publishing files as on disk (none after a write that failed part way: the next run compares them all). */
  readonly publish?: Published;
  /** Every output file of the site, relative to the output folder. */
  readonly paths: ReadonlySet<string>;
  /** Changed files of runs that failed since this state was made: the next run takes them in too. */
  readonly pending: ReadonlySet<string>;
}

/** A run's result: the state the next run starts from (the previous one when this run failed) and its report. */
export interface RunResult {
  state?: State;
  report: RunReport;
}

/** What lives from run to run under watch: the rendering threads, the memo, the index of who read what. */
export class Session {
  /** What the steps work out from loaded objects (a file's own findings, resolved texts), kept by those objects. */
  readonly memo = new Memo();
  /** Which pages read each input, as the last good run recorded it. */
  readers?: Readers;
  private pool?: RenderPool;
  private starting?: Promise<RenderPool>;

  constructor(readonly options: RunOptions) {}

  /** Starts the first rendering thread unless one works (React loads while the content loads). */
  warm(): void {
    if (this.pool && !this.pool.broken) return;
    const old = this.pool;
    this.pool = undefined;
    void old?.close();
    this.starting ??= startPool(1, this.options.limits);
    // Its failure (no worker script) is the run's, taken up where the run awaits it.
    this.starting.catch(() => {});
  }

  /** Has the threads started so far import the templates while the content is checked (a failure is the run's load's). */
  preload(init: TemplatesInit): void {
    void this.started()
      .then((pool) => pool.load(init))
      .catch(() => {});
  }

  /** Parses content files on the first rendering thread, which has nothing to render while the content loads. */
  async parse(files: QuickFile[]): Promise<(QuickParsed | undefined)[]> {
    return (await this.started()).parse(files);
  }

  /** The pool at work, or the one starting. */
  private started(): Promise<RenderPool> {
    this.warm();
    return this.pool ? Promise.resolve(this.pool) : this.starting!;
  }

  /** The rendering threads for a site of `pages` pages. */
  async threads(pages: number): Promise<RenderPool> {
    this.warm();
    if (!this.pool) {
      const starting = this.starting!;
      this.starting = undefined;
      this.pool = await starting;
    }
    this.pool.grow(threadsFor(pages, this.options.threads));
    return this.pool;
  }

  /** Stops the threads. */
  async close(): Promise<void> {
    const pool = this.pool ?? (await this.starting?.catch(() => undefined));
    this.pool = this.starting = undefined;
    await pool?.close();
  }
}
