// The report as text: terminal tables, CSV (never starting a spreadsheet formula) and JSON.
import { conversion, per100, type Line, type Report, type Tally } from "./tally.js";
import { printable, printableJson } from "../util/printable.js";
import { UNIT } from "./values.js";

/** Where the rows came from and what was passed over, beside the report. */
export interface Sources {
  files: { file: string; kind: "export" | "clicks"; format: string; rows: number; skipped: number }[];
  /** The first skips of each file, with their line. */
  skips: { file: string; line: number; reason: string }[];
}

/** A full report with its sources. */
export type ReportOutput = Report & Sources;

/** An amount of a currency as people read it: "EUR 1,234.50". */
export function money(thousandths: number, currency: string): string {
  const value = new Intl.NumberFormat("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(thousandths / UNIT);
  return `${currency} ${value}`;
}

/** Confirmed commission in every currency it has, or "-". */
export const commissionText = (t: Tally, currencies: string[]) => currencies.filter((c) => t.commission[c]).map((c) => money(t.commission[c], c)).join(", ") || "-";

/** Earnings per 100 clicks in every currency the report has. */
export const per100Text = (t: Tally, currencies: string[]) => (t.clicks ? currencies.filter((c) => t.commission[c]).map((c) => money(Math.round(per100(t, c)!), c)).join(", ") || money(0, currencies[0] ?? "EUR") : "-");

/** A percentage with one decimal, or "-". */
export const percentText = (n: number | undefined) => (n === undefined ? "-" : `${n.toFixed(1)}%`);

/** The columns of every report table after the one naming its rows, in order. */
export const COLUMNS = ["clicks", "bookings", "cancelled", "conversion", "confirmed commission", "per 100 clicks"];

/** A row's values in {@link COLUMNS}, as the terminal and the HTML page show them. */
export const columnValues = (l: Tally, currencies: string[]) => [String(l.clicks), String(l.bookings), String(l.cancelled), percentText(conversion(l)), commissionText(l, currencies), per100Text(l, currencies)];

/** The groups every output shows, in order. */
export const GROUPS = [
  ["hotel", "By hotel (page)", "byHotel"],
  ["language", "By language", "byLanguage"],
  ["placement", "By placement", "byPlacement"],
] as const;

/** The terminal report. */
export function formatTable(r: ReportOutput): string {
  const cur = r.currencies;
  const cells = (l: Line | Tally, name: string) => [printable(name), ...columnValues(l, cur)];
  const table = (title: string, rows: string[][]) => {
    const all = [[title, ...COLUMNS], ...rows];
    const widths = all[0].map((_, i) => Math.max(...all.map((row) => row[i].length)));
    return all.map((row) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ")).join("\n");
  };
  const range = r.from || r.to ? ` from ${r.from ?? "the first day"} to ${r.to ?? "the last day"}` : "";
  const out = [`Bookings and clicks${range}`];
  for (const [, title, key] of GROUPS) out.push("", table(title, [...r[key].map((l) => cells(l, l.label ?? l.key)), cells(r.totals, "all")]));
  if (r.unplaced.length) {
    out.push("", table("Ids the placement table does not hold", r.unplaced.map((l) => cells(l, l.key))));
    if (r.unplacedMore) out.push(`... and ${r.unplacedMore} more rows and clicks on other ids`);
  }
  out.push("", ...sourceLines(r));
  return out.join("\n");
}

/** What each file gave and what was passed over. */
function sourceLines(r: ReportOutput): string[] {
  const lines = r.files.flatMap((f) => [
    `${printable(f.file)}: ${f.rows} ${f.kind === "export" ? "rows" : "lines"} read as ${f.format}${f.skipped ? `, ${f.skipped} skipped` : ""}`,
    ...r.skips.filter((s) => s.file === f.file).map((s) => `  ${printable(s.file)}:${s.line} skipped: ${printable(s.reason)}`),
  ]);
  const ignored = Object.entries(r.ignored);
  if (ignored.length) lines.push(`Not counted as clicks: ${ignored.map(([k, n]) => `${n} ${printable(k)}`).join(", ")}`);
  return lines;
}

/** A CSV cell: quoted when needed, never a formula (a leading =, +, -, @ gets an apostrophe), control characters as \u escapes. */
const csvCell = (s: string) => {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${printable(s)}` : printable(s);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The report as CSV: group, key, the counts, then commission and per 100 clicks for each currency. */
export function formatCsv(r: ReportOutput): string {
  const amount = (n: number | undefined) => (n === undefined ? "" : (n / UNIT).toFixed(2));
  const head = ["group", "key", "clicks", "bookings", "cancelled", "pending", "conversion_percent", ...r.currencies.flatMap((c) => [`commission_${c}`, `per_100_clicks_${c}`])];
  const row = (group: string, l: Line) => [group, l.key, l.clicks, l.bookings, l.cancelled, l.pending, conversion(l)?.toFixed(2) ?? "", ...r.currencies.flatMap((c) => [amount(l.commission[c] ?? 0), amount(per100(l, c))])];
  const rows = [...GROUPS.flatMap(([g, , key]) => r[key].map((l) => row(g, l))), ...r.byWeek.map((l) => row("week", l)), ...r.unplaced.map((l) => row("unplaced", l)), row("all", { key: "all", ...r.totals })];
  return [head, ...rows].map((cells) => cells.map((c) => csvCell(String(c))).join(",")).join("\r\n") + "\r\n";
}

/** The report as JSON, amounts in the currency's unit. */
export function formatJson(r: ReportOutput): string {
  const amounts = (l: Tally) => ({ ...l, commission: Object.fromEntries(Object.entries(l.commission).map(([c, n]) => [c, n / UNIT])), conversionPercent: conversion(l) ?? null });
  const lines = (ls: Line[]) => ls.map(amounts);
  return printableJson({ ...r, totals: amounts(r.totals), byHotel: lines(r.byHotel), byLanguage: lines(r.byLanguage), byPlacement: lines(r.byPlacement), byWeek: lines(r.byWeek), unplaced: lines(r.unplaced) });
}
