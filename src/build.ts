// `build` and `check`: one run of the pipeline (src/pipeline.ts) with no previous state and everything
// changed. A build swaps in a complete output folder, or fails with every error and leaves the last one as it was.
import path from "node:path";
import { ContentErrors, type Warning } from "./errors.js";
import { run, type PipelineOptions, type Timings } from "./pipeline.js";
import type { Page } from "./site/pages.js";
import type { Coverage, PageSummary } from "./site/resolve.js";
import type { Content, LoadedContent } from "./types.js";

export { templatesDirFor, type Timings } from "./pipeline.js";

/** Options shared by build and check. */
export type BuildOptions = Omit<PipelineOptions, "devScript" | "until">;

/** What a check found: pages, translation coverage, warnings. */
export interface CheckResult {
  content: Content;
  pages: Page[];
  coverage: Coverage[];
  warnings: Warning[];
  timings: Partial<Timings>;
  /** The parsed files with their source positions, so later findings can point at a line. */
  loaded: LoadedContent;
}

/** What a build did: the pages as summaries (a build lets each page go once it is rendered). */
export interface BuildResult extends Omit<CheckResult, "pages"> {
  pages: PageSummary[];
  files: number;
  outDir: string;
  /** Image variants encoded by this build and found already made (committed in content/.generated/images or cached). */
  images: { encoded: number; cached: number; committedDir?: string };
}

/** Runs the pipeline from nothing; a failed run throws its errors (ContentErrors) or its bug, with its stack. */
async function runAll(opts: PipelineOptions) {
  const { state, report } = await run(undefined, "all", opts);
  if (!report.ok || !state) throw report.failure ?? new ContentErrors(report.errors);
  const result = {
    content: state.content,
    pages: state.site.pages,
    coverage: [...state.coverage.values()],
    warnings: state.warnings,
    timings: report.timings,
    loaded: state.loaded,
  };
  return { result, report, state };
}

/** load -> validate -> resolve: everything `check` needs, with no template run and nothing written. */
export async function check(opts: BuildOptions): Promise<CheckResult> {
  const { result, state } = await runAll({ ...opts, until: "resolve" });
  return { ...result, pages: state.pages! };
}

/** The whole pipeline: a complete output folder, or an error and the previous output untouched. */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const { result, report, state } = await runAll(opts);
  const images = { encoded: state.images?.encoded ?? 0, cached: state.images?.cached ?? 0, committedDir: state.images?.committedDir };
  return { ...result, images, files: report.written.length, outDir: path.resolve(opts.cwd ?? process.cwd(), opts.outDir) };
}
