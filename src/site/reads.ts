// What a page reads while it is resolved, recorded as the names of its inputs (inputs.ts): each name held by one
// object (a Rec) that remembers the last page it was recorded for, so a page records each input once without a
// Set (a 4,008-page build records 90,000 names). The texts' entries and their fields' Recs are kept across runs
// by the resolved texts they describe in the run's Memo (text-cache.ts hands an unchanged file's texts to the next
// run). Pure.
import type { Hotel } from "../types.js";
import { table, type Memo } from "../util/memo.js";
import type { ResolvedText } from "./i18n.js";
import { input } from "./inputs.js";

/** How much of one text source one language covers. */
export interface Coverage {
  /** "strings", "home" or "hotel:<id>". */
  source: string;
  file: string;
  lang: string;
  fields: number;
  /** Pointers, inside the language block, of fields that fell back to the default language. */
  fallbacks: string[];
}

/** An input name and the last page (a Recorder's stamp) it was recorded for. */
export interface Rec {
  readonly name: string;
  at: number;
}

/** A Rec for an input name. */
export const rec = (name: string): Rec => ({ name, at: 0 });

// Stamps of pages being resolved, unique across resolvers, so a Rec kept from a previous run never looks recorded.
let stamps = 0;

/** The inputs of the page being resolved: `page()` starts one, `use` records a Rec once, `inputs()` gives the list. */
export class Recorder {
  private stamp = 0;
  private list: string[] = [];
  /** Starts recording a page. */
  page(): void {
    this.stamp = ++stamps;
    this.list = [];
  }
  /** Records an input, once per page. */
  use(r: Rec): void {
    if (r.at !== this.stamp) {
      r.at = this.stamp;
      this.list.push(r.name);
    }
  }
  /** The page's inputs, in the order first read. */
  inputs(): string[] {
    return this.list;
  }
}

/** What a page shows of a text, for its fallback marks: the text's source and language, and its fields that fell back. */
export type Shown = ResolvedText<unknown> & { source: string; lang: string };

/**
 * What reading one field of a text records: the field (input.field), the default language's field where a
 * translation fell back to it, and what it shows that fell back, for the page's marks. Made once per text,
 * language and field: a 4,008-page build's cards and footers read 20,000.
 */
export interface FieldRead extends Rec {
  fellBackTo?: Rec;
  shown?: Shown;
}

/** A resolved text as pages read it: what they record reading it whole or per field, and its coverage entry. */
export type TextEntry = Shown & {
  def: string;
  /** The default language's entry of the same text (itself in the default language): its Recs are shared. */
  base: TextEntry;
  /** The block's input (input.text) and its shape's (input.shape). */
  block: Rec;
  shape: Rec;
  /** What reading it whole records. */
  reads: Rec[];
  fieldReads: Map<string, FieldRead>;
  coverage: Coverage;
};

// Entries by resolved text, kept in the run's Memo: watch's home page, which reads every hotel's text, makes entries
// for the changed hotels only, not 1,334 of them on every save at 4,008 pages.
const ENTRIES = table<ResolvedText<unknown>, TextEntry>("text entries");

/**
 * The entry of a resolved text of `source` in `lang`, made once per resolved text (and what it is read as).
 * `base` is the default language's resolved text of the same source (the same as `resolved` in that language).
 */
export function textEntry(memo: Memo, resolved: ResolvedText<unknown>, base: ResolvedText<unknown>, source: string, lang: string, def: string, file: string): TextEntry {
  const baseEntry = lang === def ? undefined : textEntry(memo, base, base, source, def, def, file);
  const entries = memo.map(ENTRIES);
  const kept = entries.get(resolved);
  if (kept && kept.source === source && kept.lang === lang && kept.def === def && kept.coverage.file === file && (!baseEntry || kept.base === baseEntry)) return kept;
  // Named fields, not a spread of `resolved`: every entry has one shape, so reading them stays fast.
  const entry = { value: resolved.value, fields: resolved.fields, fallbacks: resolved.fallbacks, source, lang, def, block: rec(input.text(source, lang)), shape: rec(input.shape(source, lang)), fieldReads: new Map(), coverage: { source, file, lang, fields: resolved.fields, fallbacks: resolved.fallbacks } } as Omit<TextEntry, "base" | "reads"> as TextEntry;
  entry.base = baseEntry ?? entry;
  // A translation read whole reads the default language's words where it fell back to them, else its shape.
  entry.reads = baseEntry ? [entry.block, resolved.fallbacks.length ? baseEntry.block : baseEntry.shape] : [entry.block];
  entries.set(resolved, entry);
  return entry;
}

/**
 * What reading field `key` of a text records, made once per entry and field: the field in the page's language
 * (for a translation, that covers the parts the default language's field has: input.field), and the default
 * language's field too where the translation fell back to it (its words are shown).
 */
export function fieldRead(r: TextEntry, key: string): FieldRead {
  let read = r.fieldReads.get(key);
  if (!read) {
    const name = input.field(r.source, r.lang, key);
    const fell = r.base === r || !r.fallbacks.length ? [] : r.fallbacks.filter((p) => p === `/${key}` || p.startsWith(`/${key}/`));
    // Its fallback marks are this field's alone.
    read = fell.length ? { name, at: 0, fellBackTo: fieldRead(r.base, key), shown: { ...r, fallbacks: fell } } : { name, at: 0 };
    r.fieldReads.set(key, read);
  }
  return read;
}

// Each own field's Rec (input.hotelField), made once per hotel object and field.
const OWN_RECS = table<Hotel, Map<string, Rec>>("own field reads");

/**
 * The Recs of a hotel's own fields (apart from its text), by field, kept with the hotel: a function of the hotel,
 * with the memo's table looked up once (the home page asks for 1,334 hotels' on every save at 4,008 pages).
 */
export function ownRecs(memo: Memo): (h: Hotel) => Map<string, Rec> {
  const kept = memo.map(OWN_RECS);
  return (h) => {
    let recs = kept.get(h);
    if (!recs) kept.set(h, (recs = new Map()));
    return recs;
  };
}
