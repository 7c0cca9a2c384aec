// How `check` and `build` speak: translation coverage per language and per page, warnings grouped by file,
// content errors one per line. Pure formatting; the CLI prints what these return.
import path from "node:path";
import { ContentError, sortByPlace, type Warning } from "./errors.js";
import type { Coverage } from "./site/resolve.js";

/** Coverage of one text source (a page's own copy, or the shared UI strings) in every language. */
export interface SourceCoverage {
  source: string;
  file: string;
  /** Per language: fields, translated fields, and the pointers that fell back. */
  languages: Record<string, { fields: number; translated: number; fallbacks: string[] }>;
}

/** Groups per-(source, language) coverage by source, in a stable order: strings, home, hotels by id. */
export function coverageBySource(coverage: Coverage[]): SourceCoverage[] {
  const map = new Map<string, SourceCoverage>();
  for (const c of coverage) {
    let s = map.get(c.source);
    if (!s) map.set(c.source, (s = { source: c.source, file: c.file, languages: {} }));
    s.languages[c.lang] = { fields: c.fields, translated: c.fields - c.fallbacks.length, fallbacks: c.fallbacks };
  }
  const rank = (s: string) => (s === "strings" ? 0 : s === "home" ? 1 : 2);
  return [...map.values()].sort((a, b) => rank(a.source) - rank(b.source) || a.source.localeCompare(b.source));
}

/** Totals per language over every source. */
export function coverageTotals(bySource: SourceCoverage[]): Record<string, { fields: number; translated: number }> {
  const totals: Record<string, { fields: number; translated: number }> = {};
  for (const s of bySource) {
    for (const [lang, c] of Object.entries(s.languages)) {
      const t = (totals[lang] ??= { fields: 0, translated: 0 });
      t.fields += c.fields;
      t.translated += c.translated;
    }
  }
  return totals;
}

/** A percentage that never rounds a gap away: 99.6% shows as 99%, not 100%. */
export function percent(part: number, whole: number): string {
  return whole === 0 ? "100%" : `${Math.floor((part / whole) * 100)}%`;
}

/** The coverage table `check` prints: one row per source, one column per language. */
export function formatCoverage(coverage: Coverage[], languages: string[]): string {
  const bySource = coverageBySource(coverage);
  const label = (s: SourceCoverage) => (s.source.startsWith("hotel:") ? s.source.slice(6) : s.source);
  const width = Math.max(12, ...bySource.map((s) => label(s).length)) + 2;
  const cell = (c?: { fields: number; translated: number }) => (c ? percent(c.translated, c.fields) : "-").padStart(6);
  const lines = [`Translation coverage (fields in each language's own words)`, `${"".padEnd(width)}${languages.map((l) => l.padStart(6)).join("")}`];
  for (const s of bySource) {
    const missing = languages.flatMap((l) => (s.languages[l]?.fallbacks.length ? [`${l}: ${s.languages[l].fallbacks.length} missing`] : []));
    lines.push(`${label(s).padEnd(width)}${languages.map((l) => cell(s.languages[l])).join("")}${missing.length ? `   ${missing.join(", ")}` : ""}`);
  }
  const totals = coverageTotals(bySource);
  lines.push(`${"all pages".padEnd(width)}${languages.map((l) => cell(totals[l])).join("")}`);
  return lines.join("\n");
}

/** Fallbacks listed per file, for `check --strict` and for translators. */
export function formatFallbacks(coverage: Coverage[]): string {
  const lines: string[] = [];
  for (const s of coverageBySource(coverage)) {
    for (const [lang, c] of Object.entries(s.languages)) {
      if (c.fallbacks.length) lines.push(`${s.file} ${lang}: falls back for ${c.fallbacks.join(", ")}`);
    }
  }
  return lines.join("\n");
}

/** Warnings grouped under their file. */
export function formatWarnings(warnings: Warning[]): string {
  const lines: string[] = [];
  let file = "";
  for (const w of sortByPlace(warnings)) {
    if (w.place.file !== file) lines.push((file = w.place.file));
    const at = w.place.line ? `${w.place.line}:${w.place.column ?? 1}` : "";
    lines.push(`  ${[at, w.place.pointer, w.message].filter(Boolean).join(" ")}`);
  }
  return lines.join("\n");
}

/** The summary's note on hotels left out of the site because they are unfinished (content/placeholders.ts), or "". */
export function unpublishedNote(warnings: Warning[]): string {
  const ids = warnings.flatMap((w) => (w.unpublished ? [w.unpublished] : []));
  return ids.length ? `not published: ${ids.join(", ")} (TODO placeholders left)` : "";
}

/** What build and watch say after encoding image variants: where they went, and that they belong in the commit. */
export function variantsNote(variants: number, dir: string, cwd: string): string {
  return `Encoded ${variants} new image variant${variants === 1 ? "" : "s"} into ${path.relative(cwd, dir) || "."}: commit them with the content, so the next clone builds without encoding.`;
}

/** Every content error, one per line with its place, then the count. */
export function formatErrors(errors: ContentError[]): string {
  const n = errors.length;
  return `${sortByPlace(errors).map((e) => e.format()).join("\n")}\n\n${n} error${n === 1 ? "" : "s"} found.`;
}

/** `build --verbose`: each stage's time and the rest (Node's start is not in it), so the next bottleneck shows. */
export function formatTimings(timings: Partial<Record<string, number>>, totalMs: number): string {
  const stages = Object.entries(timings).filter((e): e is [string, number] => e[1] !== undefined);
  const other = totalMs - stages.reduce((n, [, ms]) => n + ms, 0);
  return `Stages: ${[...stages, ["other", Math.max(0, other)] as [string, number]].map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(", ")}`;
}
