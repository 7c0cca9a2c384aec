// The names of what a page can read while it is resolved (its recorded inputs), and which of them differ
// between two runs' content. resolve.ts records names through its accessors, field by field where it reads a
// block's fields one by one; the pipeline compares the two runs' values, so a save re-resolves exactly the pages
// that read something it changed. Pure.
import type { Content, Hotel } from "../types.js";
import { Memo, table } from "../util/memo.js";

/** The name of each kind of input: site settings, hotel list, text blocks and their fields, hotels' own fields, images. */
export const input = {
  /** site.yaml (brand, languages, affiliate settings, images, popular destinations): every page reads it. */
  site: "site",
  /** Which hotels exist, in order (the home page's cards). */
  hotelList: "hotels",
  /** One language's block of a text source ("strings", "home", "hotel:<id>"), for what reads it whole. */
  text: (source: string, lang: string) => `${source}#${lang}`,
  /**
   * Which fields a default-language block has (its keys and list lengths, not its words): what a translation
   * that needed no fallback reads of it, when it reads the block whole.
   */
  shape: (source: string, lang: string) => `${source}#${lang}:shape`,
  /**
   * One field of a language's block ("hotel:dubai#en/description"), for what reads the block field by field. A
   * translation's field is its words in the parts the default language's field has: when those parts change
   * (a section added), each translation's field changes too (changedInputs).
   */
  field: (source: string, lang: string, key: string) => `${source}#${lang}/${key}`,
  /** A hotel's own fields apart from its text (layout, hero, image, booking link, region, facts, gallery), as one. */
  hotel: (id: string) => `hotel:${id}`,
  /** One of a hotel's own fields ("hotel:dubai/facts"). */
  hotelField: (id: string, key: string) => `hotel:${id}/${key}`,
  /** An image file's facts (size and content hash). */
  image: (ref: string) => `image:${ref}`,
};

/**
 * A block whose fields pages read one by one: a language's text block, or a hotel's own fields. Two runs' are
 * the same while the block is the same object (load hands an unchanged file's objects to the next run); else
 * changedInputs compares them field by field, and names each field that differs.
 */
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

/**
 * Every input of a run's content with its value, in groups: one per hotel (its fields and text blocks), one for
 * the images, one for the rest. A hotel's group is the same object from run to run while its file is not saved,
 * so comparing two runs skips it whole; within a group values are compared by identity first, then by JSON, and
 * Fields field by field.
 */
export type InputValues = Map<string, ReadonlyMap<string, unknown>>;

/** A hotel's group of inputs, per list of the site's languages, kept from run to run (util/memo.ts). */
const GROUPS = table<Hotel, { languages: string; group: ReadonlyMap<string, unknown> }>("input groups");

/**
 * Sets each language's block of a text source (the first language's is the default, read by translations too), a
 * language without one included: its pages read the default's fields, and its fields change with their shape.
 */
function addBlocks(values: Map<string, unknown>, source: string, byLang: Record<string, unknown>, languages: readonly string[]): void {
  for (const lang of new Set([...languages, ...Object.keys(byLang)])) values.set(input.text(source, lang), new Fields(byLang[lang] as object | undefined, lang === languages[0]));
}

/** A hotel's inputs, made once per hotel object and list of languages. */
function hotelGroup(h: Hotel, languages: readonly string[], groups: WeakMap<Hotel, { languages: string; group: ReadonlyMap<string, unknown> }>): ReadonlyMap<string, unknown> {
  const key = languages.join(" ");
  const kept = groups.get(h);
  if (kept?.languages === key) return kept.group;
  const group = new Map<string, unknown>([[input.hotel(h.id), new Fields(h, false, "text")]]);
  addBlocks(group, input.hotel(h.id), h.text, languages);
  groups.set(h, { languages: key, group });
  return group;
}

/** The value of every input the content offers; `memo` (the previous run's) keeps unchanged hotels' groups. */
export function inputValues(content: Content, memo: Memo = new Memo()): InputValues {
  const languages = content.site.languages.map((l) => l.code);
  const rest = new Map<string, unknown>();
  rest.set(input.site, content.site);
  rest.set(input.hotelList, content.hotels.map((h) => h.id).join("\n"));
  addBlocks(rest, "strings", content.strings, languages);
  addBlocks(rest, "home", content.home, languages);
  const images = new Map<string, unknown>();
  for (const [ref, info] of content.images) images.set(input.image(ref), `${info.hash} ${info.width}x${info.height}${info.focus ? ` ${info.focus.x},${info.focus.y}` : ""}`);
  const groups: InputValues = new Map([
    ["", rest],
    ["images", images],
  ]);
  const kept = memo.map(GROUPS);
  for (const h of content.hotels) groups.set(input.hotel(h.id), hotelGroup(h, languages, kept));
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

/**
 * Adds the fields of a block that differ between two runs (`name/key`), the block's shape if a field's shape did,
 * and the block if anything did (a file read again may hold the same words). Returns the fields whose shape
 * changed (a default-language block's), which are changes of each translation's field too.
 */
function addFields(changed: Set<string>, name: string, was: unknown, now: unknown): string[] {
  const a = was instanceof Fields ? was : undefined;
  const b = now instanceof Fields ? now : undefined;
  const before = (a?.of ?? {}) as Record<string, unknown>;
  const after = (b?.of ?? {}) as Record<string, unknown>;
  const skip = (a ?? b)?.skip;
  // A block that became or stopped being the default language's: every field's shape is new or gone.
  const allShapes = !!a?.shapes !== !!b?.shapes;
  const shaped: string[] = [];
  let any = !a !== !b;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === skip) continue;
    if (!alike(before[key], after[key])) {
      changed.add(`${name}/${key}`);
      any = true;
    }
    if (allShapes || ((a?.shapes || b?.shapes) && shapeOf(before[key]) !== shapeOf(after[key]))) shaped.push(key);
  }
  // The block's name is input.text(source, lang): its shape's is input.shape(source, lang).
  if (shaped.length) changed.add(`${name}:shape`);
  if (any || shaped.length) changed.add(name);
  return shaped;
}

/**
 * The inputs whose values differ between two runs (added and removed ones included): for a block of fields, the
 * block and each field that differs; for a default-language block whose fields' shapes changed, its shape and
 * those fields of each translation (a translation's field is shown in the parts the default's has). Fields are
 * compared only in groups that are not the same object, so a save compares the saved file's blocks alone.
 */
export function changedInputs(before: InputValues, after: InputValues): Set<string> {
  const changed = new Set<string>();
  const compare = (was: ReadonlyMap<string, unknown> | undefined, now: ReadonlyMap<string, unknown> | undefined) => {
    // Fields whose shape changed, by text source ("hotel:dubai"), and the translations' blocks of each source.
    const shaped = new Map<string, string[]>();
    const translations = new Set<string>();
    const add = (key: string, a: unknown, b: unknown) => {
      if (!(a instanceof Fields || b instanceof Fields)) return void changed.add(key);
      const keys = addFields(changed, key, a, b);
      if (keys.length) shaped.set(key.slice(0, key.indexOf("#")), keys);
    };
    for (const [key, value] of now ?? []) {
      if (value instanceof Fields && !value.shapes && key.includes("#")) translations.add(key);
      if (!was?.has(key) || !alike(was.get(key), value)) add(key, was?.get(key), value);
    }
    for (const [key, value] of was ?? []) {
      if (value instanceof Fields && !value.shapes && key.includes("#")) translations.add(key);
      if (!now?.has(key)) add(key, value, undefined);
    }
    if (shaped.size)
      for (const key of translations) {
        const keys = shaped.get(key.slice(0, key.indexOf("#")));
        if (!keys) continue;
        changed.add(key);
        for (const field of keys) changed.add(`${key}/${field}`);
      }
  };
  for (const [name, now] of after) {
    const was = before.get(name);
    if (was !== now) compare(was, now);
  }
  for (const [name, was] of before) if (!after.has(name)) compare(was, undefined);
  return changed;
}

/**
 * A changed input as a run's report names it: a block read whole by the fields of it that changed
 * ("hotel:dubai#en/description"), so `--verbose` says what changed, whatever the page recorded.
 */
export function changedFields(id: string, changed: ReadonlySet<string>): string {
  const prefix = `${id}/`;
  const fields = [...changed].filter((c) => c.startsWith(prefix));
  return fields.length ? fields.join(", ") : id;
}
