// Turns the benchmark's results into the tables it prints (and the README shows).

const STAGES = ["load", "validate", "resolve", "render", "images", "write"];

/** A plain-text (and Markdown) table. */
export function table(head, rows) {
  const cells = [head, ...rows].map((r) => r.map(String));
  const width = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join(" | ")} |`;
  return [line(cells[0]), `|${width.map((w, i) => (i === 0 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|")}|`, ...cells.slice(1).map(line)].join("\n");
}

// Figures not measured for a site (NaN, or null once saved as JSON: the floor above 4,008 pages) show as "-".
const missing = (v) => v === null || v === undefined || Number.isNaN(v);
const s = (ms) => (missing(ms) ? "-" : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)}`;
const x = (ratio) => (missing(ratio) ? "-" : `${ratio.toFixed(1)}x`);

/** The build table: one row per site. */
export function buildTable(sites) {
  const peers = sites.some((r) => r.hugo);
  const head = ["site", "pages", "rebuild", "pages/s", "peak RSS", "floor", "build/floor", "incremental", ...(peers ? ["Hugo", "Hugo/floor", "ours/Hugo"] : [])];
  const rows = sites.map((r) => [
    r.name,
    r.pages,
    s(r.rebuild.medianMs),
    Math.round(r.rebuild.pagesPerSecond),
    `${Math.round(r.rebuild.maxRssMb)} MB`,
    s(r.floor.ms),
    x(r.ratios.coldToFloor),
    r.incremental ? `${s(r.incremental.medianMs)} (${r.incremental.rendered} pages)` : "n/a",
    ...(peers ? (r.hugo ? [s(r.hugo.medianMs), x(r.hugo.medianMs / r.floor.ms), x(r.rebuild.medianMs / r.hugo.medianMs)] : ["", "", ""]) : []),
  ]);
  return table(head, rows);
}

/** Stage times of the median first build and rebuild, and the rest (Node's start-up, the dead-link check, exit). */
export function stageTable(sites) {
  const head = ["site", "build", "start+other", ...STAGES];
  const row = (r, kind, b) => [r.name, kind, s(Math.max(0, b.medianMs - Object.values(b.stages).reduce((a, v) => a + v, 0))), ...STAGES.map((k) => (b.stages[k] === undefined ? "-" : s(b.stages[k])))];
  const rows = [...sites.filter((r) => r.first).map((r) => row(r, "first build", r.first)), ...sites.map((r) => row(r, "rebuild", r.rebuild))];
  return table(head, rows);
}

/** The heaviest page of each kind: HTML, CSS and JS, raw / gzipped, in KB. */
export function weightTable(site) {
  const head = ["largest page", "file", "HTML KB", "CSS KB", "JS KB", "total gz KB"];
  const rows = Object.entries(site.weight.largest)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, p]) => [kind, p.file, `${kb(p.html.raw)} / ${kb(p.html.gz)}`, `${kb(p.css.raw)} / ${kb(p.css.gz)}`, `${kb(p.js.raw)} / ${kb(p.js.gz)}`, kb(p.total.gz)]);
  return table(head, rows);
}
