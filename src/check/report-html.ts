// `hotelsite check --report FILE.html`: one self-contained page for editors and translators (pages by language,
// coloured by how much is translated, then every warning by file). Pure: data in, HTML out.
import { sortByPlace, type Warning } from "../errors.js";
import { coverageBySource, coverageTotals, percent } from "../summary.js";
import type { Page } from "../site/pages.js";
import type { Coverage } from "../site/resolve.js";
import { standalonePage, xmlEscape } from "../site/xml.js";
import type { Content } from "../types.js";

/** What the report shows. */
export interface ReportInput {
  content: Content;
  pages: Page[];
  coverage: Coverage[];
  warnings: Warning[];
  /** When the report was made (shown in its header). */
  generated: Date;
}

/** The colour band of a share of translated fields: complete, mostly, partly, barely. */
export function band(translated: number, fields: number): "complete" | "mostly" | "partly" | "barely" {
  if (fields === 0 || translated === fields) return "complete";
  const share = translated / fields;
  return share >= 0.8 ? "mostly" : share >= 0.4 ? "partly" : "barely";
}

const STYLE = `
:root{color-scheme:light;font:15px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC","Hiragino Sans",sans-serif;color:#1c1c22;background:#fafafa}
body{margin:0 auto;max-width:1200px;padding:24px}
h1{font-size:1.6rem;margin:0 0 4px}h2{font-size:1.2rem;margin:32px 0 8px}
.meta{color:#555;margin:0 0 16px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid #d5d5dc;padding:8px 10px;text-align:left;vertical-align:top}
thead th{background:#eef0f4}
th .sub{display:block;font-weight:400;color:#555;font-size:.85rem}
td .pct{font-weight:700;font-size:1.05rem}
td ul{margin:6px 0 0;padding-left:18px;font-size:.85rem}
td summary{cursor:pointer;font-size:.85rem;margin-top:4px}
td code,li code{font-size:.85rem}
.complete{background:#dff3e3}.mostly{background:#fff4cc}.partly{background:#ffe0b8}.barely{background:#f9d0d0}
.legend span{display:inline-block;padding:2px 10px;margin-right:6px;border:1px solid #d5d5dc}
.warnings h3{font-size:1rem;margin:16px 0 4px;font-family:ui-monospace,Menlo,Consolas,monospace}
.warnings ul{margin:0;padding-left:20px}
.none{color:#2e7d32}
`;

/** Cells with more fallback fields than this show them folded. */
const FOLD_AFTER = 8;

/** The whole report page. */
export function checkReportHtml(input: ReportInput): string {
  const { content, coverage, warnings } = input;
  const languages = content.site.languages;
  const def = languages[0].code;
  const defLabel = languages[0].label;
  const bySource = coverageBySource(coverage);
  const totals = coverageTotals(bySource);
  const e = xmlEscape;

  const label = (source: string): { name: string; sub: string } => {
    if (source === "strings") return { name: "Interface strings", sub: "header, footer, buttons and the 404 pages, on every page" };
    if (source === "home") return { name: "Home page", sub: input.pages.filter((p) => p.kind === "home").map((p) => p.url).join("  ") };
    const id = source.slice("hotel:".length);
    const hotel = content.hotels.find((h) => h.id === id);
    const urls = input.pages.filter((p) => p.kind === "hotel" && p.hotel.id === id).map((p) => p.url);
    return { name: String(hotel?.text[def]?.name ?? id), sub: urls.join("  ") };
  };

  const cell = (c: { fields: number; translated: number; fallbacks: string[] } | undefined) => {
    if (!c) return `<td class="barely">-</td>`;
    const items = `<ul>${c.fallbacks.map((f) => `<li><code>${e(f)}</code></li>`).join("")}</ul>`;
    // Long lists fold away (no script needed), so a mostly untranslated page does not fill the screen.
    const list = !c.fallbacks.length ? "" : c.fallbacks.length > FOLD_AFTER ? `<details><summary>${c.fallbacks.length} fields in ${e(defLabel)}</summary>${items}</details>` : items;
    return `<td class="${band(c.translated, c.fields)}"><span class="pct">${e(percent(c.translated, c.fields))}</span> ${c.translated}/${c.fields}${list}</td>`;
  };

  const rows = bySource
    .map((s) => {
      const l = label(s.source);
      return `<tr><th scope="row">${e(l.name)}<span class="sub">${e(s.file)}</span><span class="sub">${e(l.sub)}</span></th>${languages.map((lang) => cell(s.languages[lang.code])).join("")}</tr>`;
    })
    .join("\n");
  const totalRow = `<tr><th scope="row">All pages</th>${languages.map((lang) => cell(totals[lang.code] && { ...totals[lang.code], fallbacks: [] })).join("")}</tr>`;

  const groups = new Map<string, Warning[]>();
  for (const w of sortByPlace(warnings)) groups.set(w.place.file, [...(groups.get(w.place.file) ?? []), w]);
  const warningList = groups.size
    ? [...groups]
        .map(([file, ws]) => {
          const items = ws.map((w) => {
            const where = [w.place.line ? `${w.place.line}:${w.place.column ?? 1}` : "", w.place.pointer ?? ""].filter(Boolean).join(" ");
            return `<li>${where ? `<code>${e(where)}</code> ` : ""}${e(w.message)}</li>`;
          });
          return `<h3>${e(file)}</h3><ul>${items.join("")}</ul>`;
        })
        .join("\n")
    : `<p class="none">No warnings.</p>`;

  const fallbacks = coverage.reduce((n, c) => n + c.fallbacks.length, 0);
  const title = `${content.site.siteName}: translation and content report`;
  return standalonePage({
    title,
    style: STYLE,
    body: `<h1>${e(content.site.siteName)}: translation and content report</h1>
<p class="meta">${input.pages.length} pages in ${languages.length} languages; ${fallbacks} field${fallbacks === 1 ? "" : "s"} fall back to ${e(languages[0].label)}; ${warnings.length} warning${warnings.length === 1 ? "" : "s"}. Made ${e(input.generated.toISOString())} by <code>hotelsite check --report</code>.</p>
<h2>Translation coverage</h2>
<p class="legend"><span class="complete">complete</span><span class="mostly">80% or more</span><span class="partly">40% or more</span><span class="barely">under 40%</span> Each cell lists the fields shown in ${e(languages[0].label)} instead.</p>
<table>
<thead><tr><th scope="col">Page</th>${languages.map((l) => `<th scope="col">${e(l.nativeName)}<span class="sub">${e(l.label)} (${e(l.code)})</span></th>`).join("")}</tr></thead>
<tbody>
${rows}
${totalRow}
</tbody>
</table>
<h2>Warnings</h2>
<div class="warnings">
${warningList}
</div>`,
  });
}
