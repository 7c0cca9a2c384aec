// Click logs of the site's own /go/ redirects (nginx's log as hotelsite generates it, Cloudflare's JSON export), read
// line by line with bounded lines; bots and prefetches are counted apart.
import { streamGuarded } from "../io/stream.js";
import { MAX_RECORD_CHARS } from "./csv.js";
import { parseDate } from "./values.js";

/** One click (or `weight` clicks: Cloudflare samples busy datasets) on a placement id, on a day. */
export interface Click {
  id: string;
  date: string;
  weight: number;
}

/** What reading a log reports to. */
export interface ClickSink {
  click(c: Click): void;
  skip(line: number, reason: string): void;
  /** A request that was not a visitor's click: a bot, a prefetch, a HEAD. */
  ignored(kind: string): void;
}

/** Calls `each` with every line of `chunks` (CRLF or LF) and its number; a line too long is a skip, never kept. */
async function readLines(chunks: AsyncIterable<Buffer>, each: (line: string, n: number) => void, skip: (n: number, reason: string) => void): Promise<void> {
  let rest: Buffer[] = [];
  let size = 0;
  let n = 0;
  const end = () => {
    n++;
    if (size > MAX_RECORD_CHARS) skip(n, `is longer than ${MAX_RECORD_CHARS / 1024} KB`);
    else {
      const line = Buffer.concat(rest).toString("utf8");
      if (line.trim() !== "") each(line.endsWith("\r") ? line.slice(0, -1) : line, n);
    }
    rest = [];
    size = 0;
  };
  const keep = (b: Buffer) => {
    size += b.length;
    if (size <= MAX_RECORD_CHARS) rest.push(b);
    else rest = [];
  };
  for await (const chunk of chunks) {
    let from = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, from)) {
      keep(chunk.subarray(from, nl));
      end();
      from = nl + 1;
    }
    keep(chunk.subarray(from));
  }
  if (size) end();
}

/** One line of the nginx click log: time, method, path, status, visitor class (site/host-rules/go.ts's NGINX_LOG). */
const NGINX_LINE = /^(\d{4}-\d{2}-\d{2})T[\d:]+(?:[+-]\d{2}:\d{2}|Z) ([A-Z]+) \/go\/(.*) (\d{3}) ([a-z]+)$/;

/** Reads a click log, nginx's or Cloudflare's (told apart by each line's first character). */
export async function readClicks(file: string, o: { shown: string; sink: ClickSink }): Promise<void> {
  const chunks = await streamGuarded(file, { shown: o.shown, what: "a click log" });
  const { sink } = o;
  await readLines(
    chunks,
    (line, n) => {
      const c = line.startsWith("{") ? cloudflareClick(line) : nginxClick(line);
      if (typeof c === "string") sink.skip(n, c);
      else if ("ignored" in c) sink.ignored(c.ignored);
      else sink.click(c);
    },
    sink.skip,
  );
}

/** Why a line is no click, a request to pass over, or the click. */
type Read = string | { ignored: string } | Click;

function nginxClick(line: string): Read {
  const m = NGINX_LINE.exec(line);
  if (!m) return "is not a line of hotelsite's click log format (time method /go/id status visitor)";
  const [, time, method, path, status, visitor] = m;
  const date = parseDate(time, "ymd");
  if (!date) return `has a time that is not a date: ${JSON.stringify(time)}`;
  if (method !== "GET") return { ignored: method };
  if (visitor !== "browser") return { ignored: visitor };
  if (status !== "302") return { ignored: `status ${status}` };
  return { id: path.replace(/\/$/, ""), date, weight: 1 };
}

function cloudflareClick(line: string): Read {
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    return "is not JSON (Cloudflare's export is one JSON object a line: FORMAT JSONEachRow)";
  }
  const r = row as Record<string, unknown>;
  const date = typeof r.timestamp === "string" ? parseDate(r.timestamp.slice(0, 10), "ymd") : undefined;
  if (!date || typeof r.id !== "string") return 'lacks "timestamp" or "id" (export with the query docs/report.md gives)';
  if (r.visitor !== undefined && r.visitor !== "browser") return { ignored: String(r.visitor) };
  const weight = r.weight === undefined ? 1 : Number(r.weight);
  if (!Number.isInteger(weight) || weight < 1) return `has a weight that is not a whole number of clicks: ${JSON.stringify(r.weight)}`;
  return { id: r.id, date, weight };
}
