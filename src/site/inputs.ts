// What a page can read while it is resolved (its inputs) as interned identities, and which of them differ between two runs.
import type { Content, Hotel } from "../types.js";
import { Memo, table } from "../util/memo.js";

/** The kinds of input (each is described at `input` below). */
export type InputKind = "site" | "hotels" | "text" | "shape" | "field" | "own" | "image";

/** Every input made, by kind, source, language and field ("" for none): no key string is made for a lookup. */
const interned = new Map<string, Map<string, Map<string, Map<string, Input>>>>();
/** `map`'s value for `key`, made empty on first use. */
const within = <V>(map: Map<string, Map<string, V>>, key: string): Map<string, V> => map.get(key) ?? map.set(key, new Map()).get(key)!;

/** One thing a page can read. Never made directly: `input` below hands out the one object for its parts. */
export class Input {
  private constructor(
    readonly kind: InputKind,
    /** The text source ("strings", "home", "hotel:<id>"), the hotel ("hotel:<id>"), the image's path, or "site". */
    readonly source: string,
    readonly lang?: string,
    readonly field?: string,
  ) {}

  /** The input of these parts: the same parts give the same object, in any run. */
  static of(kind: InputKind, source: string, lang?: string, field?: string): Input {
    const byField = within(within(within(interned, kind), source), lang ?? "");
    let i = byField.get(field ?? "");
    if (!i) byField.set(field ?? "", (i = new Input(kind, source, lang, field)));
    return i;
  }

  /** One field of a block (a text block's field, or a hotel's own field). */
  fieldOf(key: string): Input {
    return Input.of(this.kind === "text" ? "field" : this.kind, this.source, this.lang, key);
  }

  /** For messages (`watch --verbose`): "hotel:dubai#en/description", "hotel:dubai/facts", "image:images/a.svg". */
  toString(): string {
    const at = this.lang === undefined ? this.source : `${this.source}#${this.lang}`;
    if (this.kind === "site" || this.kind === "hotels") return this.kind;
    if (this.kind === "image") return `image:${this.source}`;
    if (this.kind === "shape") return `${at}:shape`;
    return this.field === undefined ? at : `${at}/${this.field}`;
  }
}

/** The text source of a hotel's text, and the name of its own fields' block. */
export const hotelSource = (id: string): string => `hotel:${id}`;

/** The input of each kind of thing a page reads. */
export const input = {
  /** site.yaml (brand, languages, affiliate settings, images, popular destinations): every page reads it. */
  site: Input.of("site", "site"),
  /** Which hotels exist, in order (the home page's cards, the page list). */
  hotelList: Input.of("hotels", ""),
  /** One language's block of a text source, for what reads it whole. */
  text: (source: string, lang: string) => Input.of("text", source, lang),
  /** A default-language block's shape: what a translation that needed no fallback reads of it, read whole. */
  shape: (source: string, lang: string) => Input.of("shape", source, lang),
  /** One field of a language's block, for what reads the block field by field. */
  field: (source: string, lang: string, key: string) => Input.of("field", source, lang, key),
  /** A hotel's own fields apart from its text, as one block. */
  hotel: (id: string) => Input.of("own", hotelSource(id)),
  /** One of a hotel's own fields ("hotel:dubai/facts"). */
  hotelField: (id: string, key: string) => Input.of("own", hotelSource(id), undefined, key),
  /** An image file's facts (size, content hash, focal point). */
  image: (ref: string) => Input.of("image", ref),
};

/** A block whose fields pages read one by one (a language's text block, a hotel's own fields), compared field by field. */
export class Fields {
  constructor(
    /** The block (undefined: the language has none). */
    readonly of: object | undefined,
    /** A default-language block: a change to a field's parts (its shape) changes each translation's field too. */
    readonly shapes: boolean,
    /** A key that is no field of the block (a hotel's text, recorded per language block). */
    readonly skip?: string,
  ) {}
}

/** Every input of a run's content with its value, in groups (one per hotel, kept while its file is unsaved; images; the rest). */
export type InputValues = Map<string, ReadonlyMap<Input, unknown>>;

/** A hotel's group of inputs, per list of the site's languages, kept from run to run (util/memo.ts). */
const GROUPS = table<Hotel, { languages: string; group: ReadonlyMap<Input, unknown> }>("input groups");

/** Sets each language's block of a text source, a language without one included (its pages read the default's). */
function addBlocks(values: Map<Input, unknown>, source: string, byLang: Record<string, unknown>, languages: readonly string[]): void {
  for (const lang of new Set([...languages, ...Object.keys(byLang)])) values.set(input.text(source, lang), new Fields(byLang[lang] as object | undefined, lang === languages[0]));
}

/** The value of every input the content offers; `memo` (the session's) keeps unchanged hotels' groups. */
export function inputValues(content: Content, memo: Memo = new Memo()): InputValues {
  const languages = content.site.languages.map((l) => l.code);
  const key = languages.join(" ");
  const rest = new Map<Input, unknown>([
    [input.site, content.site],
    [input.hotelList, content.hotels.map((h) => h.id).join("\n")],
  ]);
  addBlocks(rest, "strings", content.strings, languages);
  addBlocks(rest, "home", content.home, languages);
  const images = new Map<Input, unknown>();
  for (const [ref, info] of content.images) images.set(input.image(ref), `${info.hash} ${info.width}x${info.height}${info.focus ? ` ${info.focus.x},${info.focus.y}` : ""}`);
  const groups: InputValues = new Map([
    ["", rest],
    ["images", images],
  ]);
  const kept = memo.map(GROUPS);
  for (const h of content.hotels) {
    let made = kept.get(h);
    if (made?.languages !== key) {
      const group = new Map<Input, unknown>([[input.hotel(h.id), new Fields(h, false, "text")]]);
      addBlocks(group, hotelSource(h.id), h.text, languages);
      kept.set(h, (made = { languages: key, group }));
    }
    groups.set(hotelSource(h.id), made.group);
  }
  return groups;
}

/** Two values of one input (or field) alike: the same, or the same JSON. */
function alike(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Fields || b instanceof Fields) return a instanceof Fields && b instanceof Fields && a.of === b.of && a.shapes === b.shapes;
  return typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b);
}

/** A field's parts without their words: every string becomes "". */
function shapeOf(value: unknown): string {
  if (typeof value === "string") return '""';
  if (value === undefined) return "";
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "string" ? "" : v));
}

/** Adds the fields of a block that differ between two runs, its shape if a field's shape did, and the block; returns the shaped fields. */
function addFields(changed: Set<Input>, block: Input, was: Fields | undefined, now: Fields | undefined): string[] {
  const before = (was?.of ?? {}) as Record<string, unknown>;
  const after = (now?.of ?? {}) as Record<string, unknown>;
  const skip = (was ?? now)?.skip;
  // A block that became or stopped being the default language's: every field's shape is new or gone.
  const allShapes = !!was?.shapes !== !!now?.shapes;
  const shaped: string[] = [];
  let any = !was !== !now;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === skip) continue;
    if (!alike(before[key], after[key])) {
      changed.add(block.fieldOf(key));
      any = true;
    }
    if (allShapes || ((was?.shapes || now?.shapes) && shapeOf(before[key]) !== shapeOf(after[key]))) shaped.push(key);
  }
  if (shaped.length) changed.add(input.shape(block.source, block.lang!));
  if (any || shaped.length) changed.add(block);
  return shaped;
}

/** The inputs whose values differ between two runs (added and removed ones included), compared only in groups that are new objects. */
export function changedInputs(before: InputValues, after: InputValues): Set<Input> {
  const changed = new Set<Input>();
  const compare = (was: ReadonlyMap<Input, unknown> | undefined, now: ReadonlyMap<Input, unknown> | undefined) => {
    // Fields whose shape changed, by text source, and the translations' blocks.
    const shaped = new Map<string, string[]>();
    const translations = new Set<Input>();
    const add = (key: Input, a: unknown, b: unknown) => {
      if (!(a instanceof Fields || b instanceof Fields)) return void changed.add(key);
      const keys = addFields(changed, key, a as Fields | undefined, b as Fields | undefined);
      if (keys.length) shaped.set(key.source, keys);
    };
    const isTranslation = (key: Input, value: unknown) => value instanceof Fields && !value.shapes && key.kind === "text";
    for (const [key, value] of now ?? []) {
      if (isTranslation(key, value)) translations.add(key);
      if (!was?.has(key) || !alike(was.get(key), value)) add(key, was?.get(key), value);
    }
    for (const [key, value] of was ?? []) {
      if (isTranslation(key, value)) translations.add(key);
      if (!now?.has(key)) add(key, value, undefined);
    }
    for (const block of translations) {
      const keys = shaped.get(block.source);
      if (!keys) continue;
      changed.add(block);
      for (const field of keys) changed.add(block.fieldOf(field));
    }
  };
  for (const [name, now] of after) {
    const was = before.get(name);
    if (was !== now) compare(was, now);
  }
  for (const [name, was] of before) if (!after.has(name)) compare(was, undefined);
  return changed;
}

/** A changed input as `--verbose` names it: a block by the fields of it that changed ("hotel:dubai#en/description"). */
export function describeChange(block: Input, changed: ReadonlySet<Input>): string {
  if (block.field !== undefined || (block.kind !== "text" && block.kind !== "own")) return String(block);
  const fields = [...changed].filter((c) => c.field !== undefined && c.source === block.source && c.lang === block.lang && c.kind === (block.kind === "text" ? "field" : "own"));
  return fields.length ? fields.join(", ") : String(block);
}
