// Bar charts as inline SVG for the HTML report: no script, no font, no file beside the page.
import { xmlEscape } from "../site/xml.js";

/** One bar: its label, its value, and the value as text. */
export interface Bar {
  label: string;
  value: number;
  text: string;
}

const WIDTH = 640;
const ROW = 26;
const LABEL = 190;
const VALUE = 120;

/** Labels longer than this are cut (the tables below the charts show them whole). */
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A horizontal bar chart, one row a bar, longest first as given; `title` names it for assistive technology. */
export function barChart(title: string, bars: Bar[]): string {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const span = WIDTH - LABEL - VALUE;
  const height = Math.max(1, bars.length) * ROW + 8;
  const rows = bars.map((b, i) => {
    const y = i * ROW + 4;
    const w = max > 0 ? Math.max(b.value > 0 ? 2 : 0, Math.round((b.value / max) * span)) : 0;
    return (
      `<text x="${LABEL - 8}" y="${y + 17}" text-anchor="end">${xmlEscape(cut(b.label, 28))}</text>` +
      `<rect x="${LABEL}" y="${y + 4}" width="${w}" height="${ROW - 8}" rx="2"/>` +
      `<text x="${LABEL + w + 6}" y="${y + 17}" class="v">${xmlEscape(b.text)}</text>`
    );
  });
  const none = bars.length ? "" : `<text x="${LABEL}" y="20" class="v">nothing to show</text>`;
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="${idOf(title)}"><title id="${idOf(title)}">${xmlEscape(title)}</title>${rows.join("")}${none}</svg>`;
}

/** Columns over time (weeks), the value of the tallest printed above it and each label under every few. */
export function columnChart(title: string, bars: Bar[]): string {
  const height = 200;
  const base = height - 28;
  const n = Math.max(1, bars.length);
  const step = Math.min(48, (WIDTH - 20) / n);
  const max = Math.max(0, ...bars.map((b) => b.value));
  const every = Math.ceil(n / 8);
  const cols = bars.map((b, i) => {
    const x = 10 + i * step;
    const h = max > 0 ? Math.max(b.value > 0 ? 2 : 0, Math.round((b.value / max) * (base - 24))) : 0;
    const label = i % every === 0 ? `<text x="${x + step / 2}" y="${height - 8}" text-anchor="middle">${xmlEscape(b.label.slice(5))}</text>` : "";
    // The tallest column's value above it, kept inside the chart at either edge.
    const tx = Math.min(WIDTH - 60, Math.max(60, x + step / 2));
    const top = b.value === max && max > 0 ? `<text x="${tx}" y="${base - h - 6}" text-anchor="middle" class="v">${xmlEscape(b.text)}</text>` : "";
    return `<rect x="${x + 3}" y="${base - h}" width="${Math.max(1, step - 6)}" height="${h}" rx="2"><title>${xmlEscape(`${b.label}: ${b.text}`)}</title></rect>${label}${top}`;
  });
  const none = bars.length ? "" : `<text x="20" y="${base / 2}" class="v">nothing to show</text>`;
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="${idOf(title)}"><title id="${idOf(title)}">${xmlEscape(title)}</title><line x1="8" x2="${WIDTH - 8}" y1="${base}" y2="${base}"/>${cols.join("")}${none}</svg>`;
}

/** An id for a chart's title from its text (only letters, digits and dashes). */
const idOf = (title: string) => `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
