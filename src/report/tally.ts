// Bookings and clicks joined with the site's placements and counted by hotel, language, placement and week: streams in,
// totals out, so memory grows with the placements and weeks, not the rows.
import type { Booking } from "./bookings.js";
import type { Click } from "./clicks.js";
import { weekOf } from "./values.js";

/** A placement as the report needs it (the placement table's row, src/affiliate/placements.ts). */
export interface PlacedId {
  id: string;
  /** "home", "404" or the hotel's id. */
  page: string;
  lang: string;
  placement: string;
}

/** What one row of the report counts. */
export interface Tally {
  clicks: number;
  /** Bookings of any status. */
  bookings: number;
  cancelled: number;
  pending: number;
  /** Confirmed commission per currency, in thousandths (values.ts UNIT). */
  commission: Record<string, number>;
}

/** A row: what it counts, under what. */
export interface Line extends Tally {
  key: string;
  /** What people call it, when that is not the key (a hotel's name). */
  label?: string;
}

/** The whole report, as every output writes it. */
export interface Report {
  from?: string;
  to?: string;
  totals: Tally;
  byHotel: Line[];
  byLanguage: Line[];
  byPlacement: Line[];
  /** Confirmed commission by the week of the booking date (the Monday it starts). */
  byWeek: Line[];
  /** Sub-ids the placement table does not hold, with what they counted. */
  unplaced: Line[];
  /** Rows and clicks on further unplaced ids, past the listed ones (counted, not kept). */
  unplacedMore: number;
  /** Currencies, the one with the most confirmed commission first. */
  currencies: string[];
  /** Clicks passed over by kind (bot, prefetch, HEAD...). */
  ignored: Record<string, number>;
}

/** Unplaced ids listed; past this many, only counted (a log full of made-up ids stays small). */
export const MAX_UNPLACED = 500;

const empty = (): Tally => ({ clicks: 0, bookings: 0, cancelled: 0, pending: 0, commission: {} });

/** Collects bookings and clicks and makes the report. */
export class Tallies {
  private readonly byId = new Map<string, PlacedId>();
  private readonly groups = { hotel: new Map<string, Tally>(), lang: new Map<string, Tally>(), placement: new Map<string, Tally>(), week: new Map<string, Tally>() };
  private readonly unplaced = new Map<string, Tally>();
  private unplacedMore = 0;
  private readonly totals = empty();
  private readonly ignored: Record<string, number> = {};

  constructor(
    placements: Iterable<PlacedId>,
    private readonly range: { from?: string; to?: string } = {},
  ) {
    // The first row of an id decides where it counts.
    for (const p of placements) if (!this.byId.has(p.id)) this.byId.set(p.id, p);
  }

  /** Whether a date falls in the range (a missing date only when there is no range). */
  inRange(date: string | undefined): boolean {
    if (!date) return !this.range.from && !this.range.to;
    return (!this.range.from || date >= this.range.from) && (!this.range.to || date <= this.range.to);
  }

  private tallies(id: string, week?: string): Tally[] {
    const p = this.byId.get(id);
    const of = (m: Map<string, Tally>, k: string) => m.get(k) ?? m.set(k, empty()).get(k)!;
    const out = [this.totals];
    if (week) out.push(of(this.groups.week, week));
    if (p) return [...out, of(this.groups.hotel, p.page), of(this.groups.lang, p.lang), of(this.groups.placement, p.placement)];
    const key = id === "" ? "(no sub-id)" : id;
    if (this.unplaced.has(key) || this.unplaced.size < MAX_UNPLACED) out.push(of(this.unplaced, key));
    else this.unplacedMore++;
    return out;
  }

  /** Counts a booking (the caller checked its date is in range). */
  booking(b: Booking): void {
    for (const t of this.tallies(b.subId, b.booked && weekOf(b.booked))) {
      t.bookings++;
      if (b.status === "cancelled") t.cancelled++;
      else if (b.status === "pending") t.pending++;
      else t.commission[b.currency] = (t.commission[b.currency] ?? 0) + b.commission;
    }
  }

  /** Counts a click (the caller checked its date is in range). */
  click(c: Click): void {
    for (const t of this.tallies(c.id, weekOf(c.date))) t.clicks += c.weight;
  }

  /** Counts a request that was not a visitor's click. */
  ignore(kind: string): void {
    this.ignored[kind] = (this.ignored[kind] ?? 0) + 1;
  }

  /** The report: rows ordered by confirmed commission in the main currency, then clicks, then name; weeks by date. */
  report(): Report {
    const currencies = Object.entries(this.totals.commission)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([c]) => c);
    const main = currencies[0];
    const lines = (m: Map<string, Tally>) =>
      [...m].map(([key, t]) => ({ key, ...t })).sort((a, b) => (main ? (b.commission[main] ?? 0) - (a.commission[main] ?? 0) : 0) || b.clicks - a.clicks || b.bookings - a.bookings || a.key.localeCompare(b.key));
    return {
      ...this.range,
      totals: this.totals,
      byHotel: lines(this.groups.hotel),
      byLanguage: lines(this.groups.lang),
      byPlacement: lines(this.groups.placement),
      byWeek: lines(this.groups.week).sort((a, b) => a.key.localeCompare(b.key)),
      unplaced: lines(this.unplaced),
      unplacedMore: this.unplacedMore,
      currencies,
      ignored: this.ignored,
    };
  }
}

/** Bookings per 100 clicks, or undefined without clicks. */
export const conversion = (t: Tally): number | undefined => (t.clicks ? (t.bookings / t.clicks) * 100 : undefined);

/** Confirmed commission per 100 clicks in a currency (thousandths), or undefined without clicks. */
export const per100 = (t: Tally, currency: string): number | undefined => (t.clicks ? ((t.commission[currency] ?? 0) / t.clicks) * 100 : undefined);
