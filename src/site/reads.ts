// What a page reads while it is resolved: the Recorder of its inputs, and what reading a text whole or per field records.
import { table, type Memo } from "../util/memo.js";
import type { ResolvedText } from "./i18n.js";
import { input, type Input } from "./inputs.js";

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

/** The inputs of the page being resolved: `page()` starts one, `use` records an input once, `inputs()` gives the list. */
export class Recorder {
  private seen = new Set<Input>();
  private list: Input[] = [];
  page(): void {
    this.seen = new Set();
    this.list = [];
  }
  use(i: Input): void {
    if (this.seen.has(i)) return;
    this.seen.add(i);
    this.list.push(i);
  }
  inputs(): Input[] {
    return this.list;
  }
}

/** What a page shows of a text, for its fallback marks: the text's source and language, and its fields that fell back. */
export type Shown = ResolvedText<unknown> & { source: string; lang: string };

/** What reading one field of a text records (its input, the default's where it fell back, what it shows), made once. */
export interface FieldRead {
  input: Input;
  fellBackTo?: Input;
  shown?: Shown;
}

/** A resolved text as pages read it: what they record reading it whole or per field, and its coverage entry. */
export type TextEntry = Shown & {
  def: string;
  /** The default language's entry of the same text (itself in the default language): its Recs are shared. */
  base: TextEntry;
  /** What reading it whole records: its block (input.text), and a translation's default block or shape. */
  reads: Input[];
  fieldReads: Map<string, FieldRead>;
  coverage: Coverage;
};

const ENTRIES = table<ResolvedText<unknown>, TextEntry>("text entries");

/** The entry of a resolved text of `source` in `lang`, made once per resolved text (`base`: the default language's). */
export function textEntry(memo: Memo, resolved: ResolvedText<unknown>, base: ResolvedText<unknown>, source: string, lang: string, def: string, file: string): TextEntry {
  const baseEntry = lang === def ? undefined : textEntry(memo, base, base, source, def, def, file);
  const entries = memo.map(ENTRIES);
  const kept = entries.get(resolved);
  if (kept && kept.source === source && kept.lang === lang && kept.def === def && kept.coverage.file === file && (!baseEntry || kept.base === baseEntry)) return kept;
  // Named fields, not a spread of `resolved`: every entry has one shape, so reading them stays fast.
  const entry = { value: resolved.value, fields: resolved.fields, fallbacks: resolved.fallbacks, source, lang, def, fieldReads: new Map(), coverage: { source, file, lang, fields: resolved.fields, fallbacks: resolved.fallbacks } } as Omit<TextEntry, "base" | "reads"> as TextEntry;
  entry.base = baseEntry ?? entry;
  // A translation read whole reads the default language's words where it fell back to them, else its shape.
  const block = input.text(source, lang);
  entry.reads = baseEntry ? [block, resolved.fallbacks.length ? input.text(source, def) : input.shape(source, def)] : [block];
  entries.set(resolved, entry);
  return entry;
}

/** What reading field `key` of a text records, made once per entry and field. */
export function fieldRead(r: TextEntry, key: string): FieldRead {
  let read = r.fieldReads.get(key);
  if (!read) {
    const field = input.field(r.source, r.lang, key);
    const fell = r.base === r || !r.fallbacks.length ? [] : r.fallbacks.filter((p) => p === `/${key}` || p.startsWith(`/${key}/`));
    // Its fallback marks are this field's alone.
    read = fell.length ? { input: field, fellBackTo: input.field(r.source, r.def, key), shown: { ...r, fallbacks: fell } } : { input: field };
    r.fieldReads.set(key, read);
  }
  return read;
}
