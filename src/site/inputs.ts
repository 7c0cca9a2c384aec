// The names of what a page can read while it is resolved (its recorded inputs), and which of them differ
// between two runs' content. resolve.ts records names through its accessors; the pipeline compares the two
// runs' values, so a save re-resolves exactly the pages that read something it changed. Pure.
import type { Content, Hotel } from "../types.js";

/** The name of each kind of input: one per site settings, text block per language, hotel, image. */
export const input = {
  /** site.yaml (brand, languages, affiliate settings, images, popular destinations): every page reads it. */
  site: "site",
  /** Which hotels exist, in order (the home page's cards). */
  hotelList: "hotels",
  /** One language's block of a text source ("strings", "home", "hotel:<id>"). */
  text: (source: string, lang: string) => `${source}#${lang}`,
  /**
   * Which fields a default-language block has (its keys and list lengths, not its words): what a translation
   * that needed no fallback reads of it.
   */
  shape: (source: string, lang: string) => `${source}#${lang}:shape`,
  /**
   * One field of a language's block ("hotel:dubai#en/name"), for what reads that field alone: every page's footer
   * shows the popular hotels' names, and only their names (FIELDS_READ_ALONE).
   */
  field: (source: string, lang: string, key: string) => `${source}#${lang}/${key}`,
  /** A hotel's own fields apart from its text: layout, hero, image, booking link, region, facts, gallery. */
  hotel: (id: string) => `hotel:${id}`,
  /** An image file's facts (size and content hash). */
  image: (ref: string) => `image:${ref}`,
};

/**
 * Whether an input is copy: a language block, its shape or one of its fields (every name made by input.text,
 * input.shape and input.field, and only those, holds "#"). The sitemap and host rules read no copy.
 */
export function isCopy(id: string): boolean {
  return id.includes("#");
}

/**
 * Every input of a run's content with its value, in groups: one per hotel (its fields and text blocks), one for
 * the images, one for the rest. A hotel's group is the same object from run to run while its file is not saved,
 * so comparing two runs skips it whole; within a group values are compared by identity first, then by JSON.
 */
export type InputValues = Map<string, ReadonlyMap<string, unknown>>;

/**
 * What inputValues keeps from run to run, by the loaded objects it was made from (load hands an unchanged file's
 * objects to the next run): kept in the pipeline's State, so each watch session has its own.
 */
export interface InputCache {
  /** A hotel's group of inputs, per default language. */
  groups: WeakMap<Hotel, { def: string; group: ReadonlyMap<string, unknown> }>;
  /** A text block's shape (shapeOf). */
  shapes: WeakMap<object, string>;
}

/** An empty cache, for a first run. */
export function inputCache(): InputCache {
  return { groups: new WeakMap(), shapes: new WeakMap() };
}

/** A hotel's own fields as one string. */
function hotelFields(h: Hotel): string {
  return JSON.stringify([h.id, h.layout, h.hero, h.image, h.affiliateLink, h.region, h.facts, h.gallery]);
}

/** A text block's fields without their words: every string becomes "" (kept per block object). */
function shapeOf(block: unknown, shapes: InputCache["shapes"]): string {
  if (!block || typeof block !== "object") return JSON.stringify(block === undefined ? null : typeof block);
  let s = shapes.get(block);
  if (s === undefined) shapes.set(block, (s = JSON.stringify(block, (_k, v: unknown) => (typeof v === "string" ? "" : v))));
  return s;
}

/** The fields of a hotel's text that pages read on their own (input.field), apart from the whole block. */
export const FIELDS_READ_ALONE = ["name"] as const;

/** Sets each language block of a text source (and, for a hotel, its fields read alone), and the default language's shape. */
function addBlocks(values: Map<string, unknown>, source: string, byLang: Record<string, unknown>, def: string, shapes: InputCache["shapes"], alone: readonly string[] = []): void {
  for (const [lang, block] of Object.entries(byLang)) {
    values.set(input.text(source, lang), block);
    for (const key of alone) values.set(input.field(source, lang, key), (block as Record<string, unknown> | undefined)?.[key]);
  }
  values.set(input.shape(source, def), shapeOf(byLang[def], shapes));
}

/** A hotel's inputs, made once per hotel object and default language. */
function hotelGroup(h: Hotel, def: string, cache: InputCache): ReadonlyMap<string, unknown> {
  const kept = cache.groups.get(h);
  if (kept?.def === def) return kept.group;
  const group = new Map<string, unknown>([[input.hotel(h.id), hotelFields(h)]]);
  addBlocks(group, `hotel:${h.id}`, h.text, def, cache.shapes, FIELDS_READ_ALONE);
  cache.groups.set(h, { def, group });
  return group;
}

/** The value of every input the content offers; `cache` (the previous run's) keeps unchanged hotels' groups. */
export function inputValues(content: Content, cache: InputCache = inputCache()): InputValues {
  const def = content.site.languages[0].code;
  const rest = new Map<string, unknown>();
  rest.set(input.site, content.site);
  rest.set(input.hotelList, content.hotels.map((h) => h.id).join("\n"));
  addBlocks(rest, "strings", content.strings, def, cache.shapes);
  addBlocks(rest, "home", content.home, def, cache.shapes);
  const images = new Map<string, unknown>();
  for (const [ref, info] of content.images) images.set(input.image(ref), `${info.hash} ${info.width}x${info.height}${info.focus ? ` ${info.focus.x},${info.focus.y}` : ""}`);
  const groups: InputValues = new Map([
    ["", rest],
    ["images", images],
  ]);
  for (const h of content.hotels) groups.set(input.hotel(h.id), hotelGroup(h, def, cache));
  return groups;
}

/** The inputs whose values differ between two runs (added and removed ones included). */
export function changedInputs(before: InputValues, after: InputValues): Set<string> {
  const changed = new Set<string>();
  const same = (a: unknown, b: unknown) => a === b || (typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b));
  for (const [name, now] of after) {
    const was = before.get(name);
    if (was === now) continue;
    for (const [key, value] of now) if (!was?.has(key) || !same(was.get(key), value)) changed.add(key);
    if (was) for (const key of was.keys()) if (!now.has(key)) changed.add(key);
  }
  for (const [name, was] of before) if (!after.has(name)) for (const key of was.keys()) changed.add(key);
  return changed;
}
