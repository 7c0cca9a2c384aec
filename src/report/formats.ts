// Which column of a programme's export holds what: presets and site.yaml's exportFormats; each field lists the headings
// programmes have used for it, so a renamed column is a one-line change.
import type { SiteSettings } from "../types.js";

/** A booking's status, in the three words every programme's own words come down to. */
export type Status = "confirmed" | "pending" | "cancelled";

/** The fields of a booking an export gives; the first three are required. */
export const FIELDS = ["subId", "status", "commission", "currency", "booked", "checkIn", "checkOut"] as const;
export type Field = (typeof FIELDS)[number];

/** How to read one programme's export. */
export interface ExportFormat {
  name: string;
  /** The programme and report, as messages name it. */
  title: string;
  /** Headings each field may have (any one). */
  columns: Partial<Record<Field, string[]>>;
  /** The currency of every row, for an export without a currency column. */
  currency?: string;
  /** Order of day, month and year in dates written with slashes or dots (ISO dates are always read). */
  dateOrder: "dmy" | "mdy" | "ymd";
  /** Each status word (lower case) and what it means. */
  statuses: Record<string, Status>;
}

/** Status words programmes use, lower case. */
const STATUS_WORDS: Record<Status, string[]> = {
  confirmed: ["confirmed", "approved", "ok", "stayed", "finalised", "finalized", "completed", "complete", "paid", "validated"],
  pending: ["pending", "not finalised", "not finalized", "booked", "processing", "open", "new", "unpaid", "in progress"],
  cancelled: ["cancelled", "canceled", "cancelled by guest", "cancelled by property", "declined", "rejected", "no-show", "no show", "deleted", "refunded"],
};
const statuses = (words: Record<Status, string[]>): Record<string, Status> => Object.fromEntries(Object.entries(words).flatMap(([s, ws]) => ws.map((w) => [headingKey(w), s as Status])));
const DEFAULT_STATUSES = statuses(STATUS_WORDS);

const CHECK_IN = ["check-in", "check in", "checkin", "check_in", "arrival", "arrival date"];
const CHECK_OUT = ["check-out", "check out", "checkout", "check_out", "departure", "departure date"];

/** The presets, by the name `--format` takes. */
export const PRESETS: Record<string, ExportFormat> = {
  booking: {
    name: "booking",
    title: "Booking.com Partner Centre (individual bookings)",
    columns: {
      subId: ["label"],
      status: ["status", "reservation status", "booking status"],
      commission: ["commission", "your commission", "affiliate commission", "commission amount"],
      currency: ["currency", "commission currency"],
      booked: ["booking date", "book date", "booked on", "reservation date", "created"],
      checkIn: CHECK_IN,
      checkOut: CHECK_OUT,
    },
    dateOrder: "dmy",
    statuses: DEFAULT_STATUSES,
  },
  awin: {
    name: "awin",
    title: "Awin transactions",
    columns: {
      subId: ["click ref", "clickref", "click_ref", "click reference"],
      status: ["commission status", "transaction status", "status"],
      commission: ["commission", "commission amount"],
      currency: ["currency", "commission currency"],
      booked: ["transaction date", "date"],
    },
    dateOrder: "dmy",
    statuses: DEFAULT_STATUSES,
  },
  travelpayouts: {
    name: "travelpayouts",
    title: "Travelpayouts (by SubID)",
    columns: {
      subId: ["sub_id", "subid", "sub id"],
      status: ["state", "status"],
      commission: ["profit", "reward", "commission"],
      currency: ["currency"],
      booked: ["booked_at", "booking date", "created_at", "date"],
      checkIn: CHECK_IN,
      checkOut: CHECK_OUT,
    },
    dateOrder: "ymd",
    statuses: DEFAULT_STATUSES,
  },
  stay22: {
    name: "stay22",
    title: "Stay22 (by campaign)",
    columns: {
      subId: ["campaign", "campaign id"],
      status: ["status", "booking status"],
      commission: ["commission", "earnings", "revenue share"],
      currency: ["currency"],
      booked: ["booking date", "booked date", "date"],
      checkIn: CHECK_IN,
      checkOut: CHECK_OUT,
    },
    dateOrder: "ymd",
    statuses: DEFAULT_STATUSES,
  },
};

/** site.yaml's custom formats as formats: one heading per field, their own status words added to the usual ones. */
export function customFormats(site: Pick<SiteSettings, "exportFormats">): ExportFormat[] {
  return Object.entries(site.exportFormats ?? {}).map(([name, f]) => ({
    name,
    title: `${name} (site.yaml exportFormats)`,
    columns: Object.fromEntries(FIELDS.flatMap((k) => (f[k] ? [[k, [f[k]]]] : []))),
    currency: f.fixedCurrency,
    dateOrder: f.dateOrder ?? "ymd",
    statuses: { ...DEFAULT_STATUSES, ...statuses({ confirmed: f.statuses?.confirmed ?? [], pending: f.statuses?.pending ?? [], cancelled: f.statuses?.cancelled ?? [] }) },
  }));
}

/** A heading (or status word) as compared: lower case, spaces folded. */
export function headingKey(h: string): string {
  return h.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Each field's column index in a header, or the fields a format needs that the header lacks. */
export function columnsOf(format: ExportFormat, header: string[]): { index: Partial<Record<Field, number>>; missing: Field[] } {
  const keys = header.map(headingKey);
  const index: Partial<Record<Field, number>> = {};
  for (const f of FIELDS) {
    const at = (format.columns[f] ?? []).map((h) => keys.indexOf(headingKey(h))).find((i) => i >= 0);
    if (at !== undefined) index[f] = at;
  }
  const needed: Field[] = ["subId", "status", "commission", ...(format.currency ? [] : ["currency" as const])];
  return { index, missing: needed.filter((f) => index[f] === undefined) };
}

/** The first format (custom ones first) whose required columns the header has. */
export function detectFormat(formats: ExportFormat[], header: string[]): ExportFormat | undefined {
  return formats.find((f) => columnsOf(f, header).missing.length === 0);
}
