// `hotelsite check`: validates and resolves the content and reports coverage, warnings and translation findings; writes
// nothing but the --report page. Imported only when check runs, so build starts without its modules.
import path from "node:path";
import { check, type BuildOptions } from "../build.js";
import type { Io } from "../io.js";
import { writeGuarded } from "../io/write.js";
import { coverageBySource, coverageTotals, formatCoverage, formatFallbacks, formatWarnings, unpublishedNote } from "../summary.js";
import { lockKeysNote, translationContext } from "../translate/context.js";
import { printableJson } from "../util/printable.js";
import { checkReportHtml } from "./report-html.js";
import { formatTranslationFindings, translationFindings, translationWarnings } from "./translations.js";
import { authoringWarnings } from "./warnings.js";

/** check's own options, beside the pipeline's. */
export interface CheckFlags {
  strict?: boolean;
  json?: boolean;
  report?: string;
}

/** Runs check and prints its report; true when --strict finds what it fails on. */
export async function runCheck(opts: BuildOptions, o: CheckFlags, io: Io): Promise<boolean> {
  const result = await check(opts);
  const languages = result.content.site.languages.map((l) => l.code);
  const fallbacks = result.coverage.reduce((n, c) => n + c.fallbacks.length, 0);
  const { warnings: authored, placeholders } = authoringWarnings(result);
  const warnings = [...result.warnings, ...authored];
  const ctx = await translationContext(result, io.cwd ?? process.cwd());
  const tr = translationFindings(ctx);
  const failed = !!o.strict && (fallbacks > 0 || placeholders > 0 || tr.outdated.length > 0 || tr.inconsistent.length > 0);
  if (o.report) {
    const file = path.resolve(io.cwd ?? process.cwd(), o.report);
    await writeGuarded(file, checkReportHtml({ content: result.content, pages: result.pages, coverage: result.coverage, warnings: [...warnings, ...translationWarnings(tr)], generated: new Date() }));
  }
  if (o.json) {
    io.out(
      printableJson({
        ok: !failed,
        pages: result.pages.length,
        languages,
        totals: coverageTotals(coverageBySource(result.coverage)),
        coverage: coverageBySource(result.coverage),
        warnings,
        outdated: tr.outdated,
        inconsistent: tr.inconsistent,
        lock: { carried: ctx.carried, stale: ctx.stale },
      }),
    );
  } else {
    io.out(formatCoverage(result.coverage, languages));
    if (warnings.length) io.out(`\nWarnings\n${formatWarnings(warnings)}`);
    if (o.strict && fallbacks) io.out(`\n${formatFallbacks(result.coverage)}`);
    if (tr.outdated.length || tr.inconsistent.length) io.out(`\n${formatTranslationFindings(tr)}`);
    if (!tr.tracked) io.out(`\nnote: no ${ctx.lockShown}, so outdated translations are not tracked; run hotelsite translate mark-current to start.`);
    const lockNote = lockKeysNote(ctx);
    if (lockNote) io.out(`\n${lockNote}`);
    const { recordNote } = await import("../affiliate/table-file.js");
    const placements = await recordNote(path.resolve(io.cwd ?? process.cwd(), opts.contentDir), result.content, io.cwd ?? process.cwd());
    if (placements) io.out(`\n${placements}`);
    const w = warnings.length;
    const files = new Set(warnings.map((x) => x.place.file)).size;
    const unpublished = unpublishedNote(warnings);
    io.out(
      `\n${result.pages.length} pages checked: ${fallbacks} field${fallbacks === 1 ? "" : "s"} fall back to ${languages[0]}, ` +
        (tr.outdated.length ? `${tr.outdated.length} outdated, ` : "") +
        (tr.inconsistent.length ? `${tr.inconsistent.length} inconsistent, ` : "") +
        `${w} warning${w === 1 ? "" : "s"}${w ? ` in ${files} file${files === 1 ? "" : "s"}` : ""}${unpublished ? `; ${unpublished}` : ""}.`,
    );
    if (o.report) io.out(`Report written to ${o.report}`);
  }
  if (failed) {
    const why = [
      ...(fallbacks ? [`${fallbacks} untranslated field${fallbacks === 1 ? "" : "s"}`] : []),
      ...(placeholders ? [`${placeholders} TODO placeholder${placeholders === 1 ? "" : "s"}`] : []),
      ...(tr.outdated.length ? [`${tr.outdated.length} outdated translation${tr.outdated.length === 1 ? "" : "s"}`] : []),
      ...(tr.inconsistent.length ? [`${tr.inconsistent.length} text${tr.inconsistent.length === 1 ? "" : "s"} translated inconsistently`] : []),
    ];
    if (!o.json) io.err(`check --strict: ${why.join(", ")}`);
  }
  return failed;
}
