// One programme export read as bookings: the header picks the format, then each row is a booking or a counted skip.
import { ContentError, ContentErrors } from "../errors.js";
import { streamGuarded } from "../io/stream.js";
import { readCsv } from "./csv.js";
import { columnsOf, detectFormat, headingKey, type ExportFormat, type Field, type Status } from "./formats.js";
import { parseAmount, parseCurrency, parseDate } from "./values.js";

/** One booking of an export. */
export interface Booking {
  subId: string;
  status: Status;
  /** Thousandths of the currency's unit (values.ts UNIT). */
  commission: number;
  currency: string;
  booked?: string;
  checkIn?: string;
  checkOut?: string;
}

/** What reading an export reports to: each booking, each row passed over. */
export interface BookingSink {
  booking(b: Booking, line: number): void;
  skip(line: number, reason: string): void;
}

/** The bookings of one export; resolves with the format it was read with and the rows read. */
export async function readBookings(file: string, o: { shown: string; formats: ExportFormat[]; format?: ExportFormat; sink: BookingSink }): Promise<{ format: ExportFormat; rows: number }> {
  const chunks = await streamGuarded(file, { shown: o.shown, what: "a programme's export" });
  let read: ((fields: string[], line: number) => void) | undefined;
  let format: ExportFormat | undefined;
  let rows = 0;
  await readCsv(chunks, {
    skip: (line, reason) => o.sink.skip(line, reason),
    row: ({ fields, line }) => {
      if (read) {
        rows++;
        return read(fields, line);
      }
      format = o.format ?? detectFormat(o.formats, fields);
      const columns = format && columnsOf(format, fields);
      if (!format || !columns || columns.missing.length) throw headerError(o, fields, format, columns?.missing ?? []);
      read = rowReader(format, columns.index, fields.length, o.sink);
    },
  });
  if (!format) throw new ContentErrors([new ContentError({ file: o.shown }, "is empty: it has no header line", "export the report again, as CSV with its header")]);
  return { format, rows };
}

function headerError(o: { shown: string; formats: ExportFormat[] }, header: string[], format: ExportFormat | undefined, missing: Field[]): ContentErrors {
  const shown = header.slice(0, 12).map((h) => JSON.stringify(h)).join(", ");
  if (!format) {
    return new ContentErrors([
      new ContentError({ file: o.shown, line: 1 }, `has columns no export format knows (${shown})`, `name the format with --format (${o.formats.map((f) => f.name).join(", ")}), or describe its columns under exportFormats in site.yaml`),
    ]);
  }
  const wanted = missing.map((f) => `${f} (${(format.columns[f] ?? []).map((h) => JSON.stringify(h)).join(" or ") || "no heading given"})`);
  return new ContentErrors([
    new ContentError({ file: o.shown, line: 1 }, `is not a ${format.title} export: it has no column for ${wanted.join(", ")}; its columns are ${shown}`, "export the report with these columns, or describe its columns under exportFormats in site.yaml"),
  ]);
}

/** A reader of one row of a header's format: a booking, or a skip naming the cell it could not read. */
function rowReader(format: ExportFormat, index: Partial<Record<Field, number>>, width: number, sink: BookingSink) {
  const date = (fields: string[], f: Field) => {
    const at = index[f];
    const text = at === undefined ? "" : fields[at].trim();
    return text === "" ? null : (parseDate(text, format.dateOrder) ?? undefined);
  };
  return (fields: string[], line: number) => {
    if (fields.length !== width) return sink.skip(line, `has ${fields.length} field${fields.length === 1 ? "" : "s"}, the header ${width} (a partial or broken line?)`);
    const cell = (f: Field) => fields[index[f]!];
    const subId = cell("subId").trim();
    const status = format.statuses[headingKey(cell("status"))];
    if (!status) return sink.skip(line, `has a status no format knows: ${JSON.stringify(cell("status"))}`);
    const commission = cell("commission").trim() === "" ? 0 : parseAmount(cell("commission"));
    if (commission === undefined) return sink.skip(line, `has a commission that is not an amount: ${JSON.stringify(cell("commission"))}`);
    const currency = index.currency === undefined ? format.currency : parseCurrency(cell("currency"));
    if (!currency) return sink.skip(line, `has a currency that is not a three-letter code: ${JSON.stringify(cell("currency"))}`);
    const b: Booking = { subId, status, commission, currency };
    for (const f of ["booked", "checkIn", "checkOut"] as const) {
      const d = date(fields, f);
      if (d === undefined) return sink.skip(line, `has a ${f} date that is not a date: ${JSON.stringify(cell(f))}`);
      if (d) b[f] = d;
    }
    sink.booking(b, line);
  };
}
