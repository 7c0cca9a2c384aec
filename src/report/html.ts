// `hotelsite report --html FILE`: one self-contained page (no script, font or request) with totals, SVG charts and
// tables; every input text goes through the one escaper. Pure.
import { standalonePage, xmlEscape as e } from "../site/xml.js";
import { barChart, columnChart, type Bar } from "./charts.js";
import { COLUMNS, columnValues, commissionText, GROUPS, money, per100Text, percentText, type ReportOutput } from "./output.js";
import { conversion, type Line, type Tally } from "./tally.js";

const STYLE = `
:root{color-scheme:light;font:15px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC","Hiragino Sans",sans-serif;color:#1c1c22;background:#f6f6f3}
body{margin:0 auto;max-width:1180px;padding:24px}
h1{font-size:1.6rem;margin:0 0 4px}h2{font-size:1.2rem;margin:32px 0 10px}
.meta{color:#555;margin:0 0 18px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px;margin:0;padding:0;list-style:none}
.cards li{background:#fff;border:1px solid #dedee3;border-radius:8px;padding:12px 14px}
.cards b{display:block;font-size:1.35rem}.cards span{color:#555;font-size:.85rem}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(540px,1fr));gap:16px}
figure{margin:0;background:#fff;border:1px solid #dedee3;border-radius:8px;padding:12px}
figcaption{font-weight:600;margin-bottom:6px}
.chart{max-width:100%;height:auto;font-size:12px}
.chart rect{fill:#2b6f6a}.chart text{fill:#333}.chart .v{fill:#555}.chart line{stroke:#bbb}
table{border-collapse:collapse;width:100%;background:#fff;margin-bottom:8px}
th,td{border:1px solid #dedee3;padding:6px 10px;text-align:right;vertical-align:top}
th:first-child,td:first-child{text-align:left}
thead th{background:#eceee9}
tfoot td{font-weight:600;background:#f3f4f0}
code{font-size:.85rem;word-break:break-all}
.note{color:#555;font-size:.9rem}
`;

/** The bars of one group in one currency: label, confirmed commission. */
const bars = (lines: Line[], currency: string): Bar[] => lines.map((l) => ({ label: l.label ?? l.key, value: l.commission[currency] ?? 0, text: money(l.commission[currency] ?? 0, currency) }));

/** The whole page. */
export function reportHtml(r: ReportOutput, o: { siteName: string; generated: Date }): string {
  const cur = r.currencies;
  const main = cur[0];
  const range = r.from || r.to ? `${r.from ?? "first day"} to ${r.to ?? "last day"}` : "all dates";
  const t = r.totals;
  const cards = [
    [String(t.clicks), "clicks"],
    [String(t.bookings), "bookings"],
    [String(t.cancelled), "cancelled"],
    [percentText(conversion(t)), "bookings per 100 clicks"],
    [commissionText(t, cur), "confirmed commission"],
    [per100Text(t, cur), "earned per 100 clicks"],
  ];
  const charts = main
    ? [
        ...GROUPS.map(([, title, key]) => [`Confirmed commission ${title.toLowerCase()} (${main})`, barChart(`Confirmed commission ${title.toLowerCase()} (${main})`, bars(r[key], main))]),
        [`Confirmed commission by week of booking (${main})`, columnChart(`Confirmed commission by week of booking (${main})`, bars(r.byWeek, main))],
      ]
    : [];
  const figures = charts.map(([caption, svg]) => `<figure><figcaption>${e(caption)}</figcaption>${svg}</figure>`).join("\n");
  const others = cur.length > 1 ? `<p class="note">Charts show ${e(main)}; the tables show every currency (${cur.map(e).join(", ")}). Currencies are never added together.</p>` : "";
  const tables = GROUPS.map(([, title, key]) => `<h2>${e(title)}</h2>${table(r[key], cur, t)}`).join("\n");
  const unplaced = r.unplaced.length
    ? `<h2>Ids the placement table does not hold</h2><p class="note">Sub-ids in the exports or clicks that no page of this site ever issued (or rows without one).</p>${table(r.unplaced, cur)}${r.unplacedMore ? `<p class="note">… and ${r.unplacedMore} more rows and clicks on other ids.</p>` : ""}`
    : "";
  const files = r.files.map((f) => `<li><code>${e(f.file)}</code>: ${f.rows} ${f.kind === "export" ? "rows" : "lines"} read as ${e(f.format)}${f.skipped ? `, ${f.skipped} skipped` : ""}</li>`).join("");
  const skips = r.skips.map((s) => `<li><code>${e(`${s.file}:${s.line}`)}</code> ${e(s.reason)}</li>`).join("");
  const ignored = Object.entries(r.ignored);
  return standalonePage({
    title: `${o.siteName}: bookings and clicks`,
    style: STYLE,
    noindex: true,
    body: `<h1>${e(o.siteName)}: bookings and clicks</h1>
<p class="meta">${e(range)}. Made ${e(o.generated.toISOString().slice(0, 16).replace("T", " "))} UTC by <code>hotelsite report</code>.</p>
<ul class="cards">${cards.map(([v, l]) => `<li><b>${e(v)}</b><span>${e(l)}</span></li>`).join("")}</ul>
<h2>Where the commission comes from</h2>
${others}
<div class="charts">
${figures || `<p class="note">No confirmed commission yet.</p>`}
</div>
${tables}
${unplaced}
<h2>Sources</h2>
<ul>${files}</ul>
${skips ? `<p class="note">Skipped lines (the first of each file):</p><ul>${skips}</ul>` : ""}
${ignored.length ? `<p class="note">Not counted as clicks: ${ignored.map(([k, n]) => `${n} ${e(k)}`).join(", ")}.</p>` : ""}`,
  });
}

/** A table of rows with their counts, and a total row when given. */
function table(lines: Line[], cur: string[], total?: Tally): string {
  const row = (name: string, l: Tally, cell = "td") =>
    `<tr><${cell === "th" ? 'th scope="row"' : "td"}>${e(name)}</${cell === "th" ? "th" : "td"}>${columnValues(l, cur).map((v) => `<td>${e(v)}</td>`).join("")}</tr>`;
  return `<table><thead><tr>${["", ...COLUMNS].map((h) => `<th scope="col">${e(h)}</th>`).join("")}</tr></thead><tbody>${lines.map((l) => row(l.label ?? l.key, l, "th")).join("")}</tbody>${total ? `<tfoot>${row("all", total)}</tfoot>` : ""}</table>`;
}
