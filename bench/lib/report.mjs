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
  const head = ["site", "pages", "cold build", "pages/s", "peak RSS", "floor", "build/floor", "incremental", ...(peers ? ["Hugo", "Hugo/floor", "ours/Hugo"] : [])];
  const rows = sites.map((r) => [
    r.name,
    r.pages,
    s(r.cold.medianMs),
    Math.round(r.cold.pagesPerSecond),
    `${Math.round(r.cold.maxRssMb)} MB`,
    s(r.floor.ms),
    x(r.ratios.coldToFloor),
    r.incremental ? `${s(r.incremental.medianMs)} (${r.incremental.rendered} pages)` : "n/a",
    ...(peers ? (r.hugo ? [s(r.hugo.medianMs), x(r.hugo.medianMs / r.floor.ms), x(r.cold.medianMs / r.hugo.medianMs)] : ["", "", ""]) : []),
  ]);
  return table(head, rows);
}

/** Stage times of the median cold build, and Node's start-up (process start to the first stage). */
export function stageTable(sites) {
  const head = ["site", "start-up", ...STAGES, "render/floor"];
  const rows = sites.map((r) => [r.name, s(r.cold.startupMs), ...STAGES.map((k) => (r.cold.stages[k] === undefined ? "-" : s(r.cold.stages[k]))), x(r.ratios.renderToFloor)]);
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
