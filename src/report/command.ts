// `hotelsite report`: the programmes' exports and the site's click logs joined with its placements, printed as tables,
// CSV or JSON, or written as one HTML page.
import path from "node:path";
import type { Command } from "commander";
import { check } from "../build.js";
import type { Io } from "../io.js";
import { writeGuarded } from "../io/write.js";
import { shownPath, UsageError } from "../errors.js";
import { readBookings } from "./bookings.js";
import { readClicks } from "./clicks.js";
import { customFormats, PRESETS, type ExportFormat } from "./formats.js";
import { reportHtml } from "./html.js";
import { formatCsv, formatJson, formatTable, type ReportOutput, type Sources } from "./output.js";
import { placedIds } from "./placed.js";
import { Tallies } from "./tally.js";
import { parseDate } from "./values.js";

/** Skipped lines listed per file; the rest are counted. */
const LISTED_SKIPS = 10;

/** A YYYY-MM-DD option. */
const day = (name: string) => (value: string) => {
  const d = parseDate(value, "ymd");
  if (!d || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new UsageError(`${name} takes a date as YYYY-MM-DD (got "${value}")`);
  return d;
};
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Options of a report run. */
export interface ReportOptions {
  exports: string[];
  clicks: string[];
  format?: string;
  from?: string;
  to?: string;
  contentDir: string;
  cwd: string;
}

/** Reads every file and makes the report (the CLI's work, callable from tests). */
export async function makeReport(o: ReportOptions): Promise<{ report: ReportOutput; siteName: string }> {
  const result = await check({ contentDir: o.contentDir, outDir: "dist", cwd: o.cwd });
  const formats = [...customFormats(result.content.site), ...Object.values(PRESETS)];
  let format: ExportFormat | undefined;
  if (o.format) {
    format = formats.find((f) => f.name === o.format);
    if (!format) throw new UsageError(`--format must be one of ${formats.map((f) => f.name).join(", ")} (got "${o.format}")`);
  }
  const tallies = new Tallies(await placedIds(result, o), { from: o.from, to: o.to });
  const sources: Sources = { files: [], skips: [] };
  const track = (file: string, kind: "export" | "clicks") => {
    const entry = { file, kind, format: "", rows: 0, skipped: 0 };
    sources.files.push(entry);
    const skip = (line: number, reason: string) => {
      if (entry.skipped++ < LISTED_SKIPS) sources.skips.push({ file, line, reason });
    };
    return { entry, skip };
  };
  for (const file of o.exports) {
    const shown = shownPath(file, o.cwd);
    const { entry, skip } = track(shown, "export");
    const read = await readBookings(path.resolve(o.cwd, file), {
      shown,
      formats,
      format,
      sink: {
        skip,
        booking: (b, line) => {
          if (tallies.inRange(b.booked)) tallies.booking(b);
          else if (!b.booked) skip(line, "has no booking date, so the date range cannot place it");
        },
      },
    });
    Object.assign(entry, { format: read.format.title, rows: read.rows });
  }
  for (const file of o.clicks) {
    const shown = shownPath(file, o.cwd);
    const { entry, skip } = track(shown, "clicks");
    entry.format = "click log";
    await readClicks(path.resolve(o.cwd, file), {
      shown,
      sink: {
        skip,
        ignored: (kind) => (entry.rows++, tallies.ignore(kind)),
        click: (c) => {
          entry.rows++;
          if (tallies.inRange(c.date)) tallies.click(c);
        },
      },
    });
    entry.rows += entry.skipped;
  }
  const report = tallies.report();
  // Hotels by their name in the default language, languages by theirs; the CSV and JSON keep the id and code.
  const def = result.content.site.languages[0].code;
  const names = new Map<string, string>([["home", "Home page"], ["404", "Not-found page"], ...result.content.hotels.map((h) => [h.id, String(h.text[def]?.name ?? h.id)] as [string, string])]);
  for (const l of report.byHotel) l.label = names.get(l.key);
  const languages = new Map(result.content.site.languages.map((l) => [l.code, `${l.label} (${l.code})`]));
  for (const l of report.byLanguage) l.label = languages.get(l.key);
  return { report: { ...report, ...sources }, siteName: result.content.site.siteName };
}

/** Adds `report` to the CLI. */
export function registerReport(program: Command, io: Io): void {
  program
    .command("report")
    .description("join the programmes' booking exports (and the site's click logs) with its pages: earnings by hotel, language, placement and week")
    .argument("[exports...]", "programme exports (CSV): Booking.com, Awin, Travelpayouts, Stay22 or a format from site.yaml")
    .option("--clicks <file>", "a click log: nginx's /go/ log or Cloudflare's export (repeatable)", collect, [])
    .option("--format <name>", `read every export as this format (default: told by its columns): ${Object.keys(PRESETS).join(", ")} or one from site.yaml`)
    .option("--from <date>", "first day counted (YYYY-MM-DD: booking date, click date)", day("--from"))
    .option("--to <date>", "last day counted (YYYY-MM-DD)", day("--to"))
    .option("--csv", "print the report as CSV")
    .option("--json", "print the report as JSON")
    .option("--html <file>", "also write the report as one self-contained HTML page with charts")
    .option("--content <dir>", "content folder", "content")
    .action(async (exports: string[], o) => {
      if (!exports.length && !o.clicks.length) throw new UsageError("give at least one programme export or --clicks log");
      if (o.csv && o.json) throw new UsageError("--csv and --json print different things: choose one");
      if (o.from && o.to && o.from > o.to) throw new UsageError(`--from ${o.from} is after --to ${o.to}`);
      const cwd = io.cwd ?? process.cwd();
      const { report, siteName } = await makeReport({ exports, clicks: o.clicks, format: o.format, from: o.from, to: o.to, contentDir: o.content, cwd });
      if (o.html) await writeGuarded(path.resolve(cwd, o.html), reportHtml(report, { siteName, generated: new Date() }));
      io.out(o.csv ? formatCsv(report) : o.json ? formatJson(report) : formatTable(report));
      if (o.html && !o.csv && !o.json) io.out(`Report written to ${o.html}`);
    });
}
