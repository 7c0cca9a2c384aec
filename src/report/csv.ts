// CSV as programmes export it (RFC 4180; comma, semicolon or tab) read one record at a time from a stream of bytes,
// split as bytes and decoded by field; a record over MAX_RECORD_CHARS or unreadable is a skip, so memory stays bounded.

/** One record: the line it starts on (1-based) and its fields. */
export interface CsvRow {
  line: number;
  fields: string[];
}

/** What the reader calls: each record, or why a record was passed over. */
export interface CsvSink {
  row(r: CsvRow): void;
  skip(line: number, reason: string): void;
}

/** Longest record read, in bytes: an export's row is a few hundred. */
export const MAX_RECORD_CHARS = 64 * 1024;

/** The delimiter of a header line: the most frequent of comma, semicolon and tab (comma when none). */
export function detectDelimiter(header: string): string {
  let best = ",";
  let most = 0;
  for (const d of [",", ";", "\t"]) {
    const n = header.split(d).length - 1;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;
const TOO_LONG = `is longer than ${MAX_RECORD_CHARS / 1024} KB (not a line of an export?)`;

/** Reads every record of `chunks` into `sink`; the delimiter is detected from the first line. */
export async function readCsv(chunks: AsyncIterable<Buffer>, sink: CsvSink): Promise<void> {
  let delimiter = -1;
  let fields: string[] = [];
  let parts: Buffer[] = []; // the current field's bytes so far
  let quoted = false; // inside a quoted field
  let closed = false; // a quoted field's closing quote was just read (or a doubled quote's first half)
  let size = 0; // bytes of the current record
  let broken = ""; // why the current record will be skipped
  let line = 1; // the line the reader is on
  let start = 1; // the line the current record started on
  let afterCR = false; // the last line break read was CR (an LF right after it is the same break)
  let head: Buffer[] = [];

  const grow = (n: number) => {
    size += n;
    if (size > MAX_RECORD_CHARS && !broken) broken = TOO_LONG;
    if (broken) fields = parts = [];
    return !broken;
  };
  const add = (b: Buffer) => {
    if (b.length && grow(b.length)) parts.push(b);
  };
  const fieldText = () => (parts.length === 1 ? parts[0].toString("utf8") : Buffer.concat(parts).toString("utf8"));
  const endField = () => {
    if (grow(1)) fields.push(fieldText());
    parts = [];
    closed = false;
  };
  const endRecord = () => {
    if (broken) sink.skip(start, broken);
    else if (fields.length || parts.length || closed) {
      endField();
      sink.row({ line: start, fields });
    }
    fields = [];
    parts = [];
    closed = false;
    size = 0;
    broken = "";
  };

  function consume(buf: Buffer) {
    let from = 0; // start of the run of plain bytes not yet added to the field
    for (let i = 0; i < buf.length; i++) {
      const c = buf[i];
      if (afterCR) {
        afterCR = false;
        if (c === LF) {
          from = i + 1;
          continue;
        }
      }
      if (quoted) {
        // On to the next quote at the speed of a byte search, counting the line breaks inside the field.
        const q = buf.indexOf(QUOTE, i);
        const end = q < 0 ? buf.length : q;
        for (let nl = buf.indexOf(LF, i); nl >= 0 && nl < end; nl = buf.indexOf(LF, nl + 1)) line++;
        if (q < 0) break;
        add(buf.subarray(from, q));
        from = q + 1;
        i = q;
        quoted = false;
        closed = true;
        continue;
      }
      if (broken === TOO_LONG && c !== LF) {
        // Nothing more of this record is kept: on to its end.
        const nl = buf.indexOf(LF, i);
        if (nl < 0) return;
        i = nl - 1;
        from = nl;
        continue;
      }
      if (c !== QUOTE && c !== delimiter && c !== LF && c !== CR) {
        if (closed && !broken) broken = `has text after a quoted field's closing quote (field ${fields.length + 1})`;
        continue;
      }
      add(buf.subarray(from, i));
      from = i + 1;
      if (c === QUOTE) {
        if (closed) {
          // A doubled quote inside a quoted field: one quote, and the field goes on.
          add(Buffer.from('"'));
          quoted = true;
          closed = false;
        } else if (parts.length === 0 && !broken) quoted = true;
        else if (!broken) broken = `has a quote inside an unquoted field (field ${fields.length + 1})`;
      } else if (c === delimiter) endField();
      else {
        endRecord();
        line++;
        start = line;
        afterCR = c === CR;
      }
    }
    // The rest of the chunk belongs to the field (text after a closing quote has already broken the record).
    if (from < buf.length && !closed) add(buf.subarray(from));
  }

  for await (const chunk of chunks) {
    if (delimiter >= 0) {
      consume(chunk);
      continue;
    }
    // The first line decides the delimiter: hold the chunks until it has ended (or is too long to be a header).
    head.push(chunk);
    const all = Buffer.concat(head);
    const nl = all.findIndex((b) => b === LF || b === CR);
    if (nl < 0 && all.length < MAX_RECORD_CHARS) continue;
    delimiter = detectDelimiter(all.subarray(0, nl < 0 ? MAX_RECORD_CHARS : nl).toString("utf8")).charCodeAt(0);
    head = [];
    consume(all);
  }
  if (delimiter < 0 && head.length) {
    const all = Buffer.concat(head);
    delimiter = detectDelimiter(all.toString("utf8")).charCodeAt(0);
    consume(all);
  }
  if (quoted) {
    broken ||= "has a quoted field that is never closed (a partial last line?)";
    quoted = false;
  }
  endRecord();
}
