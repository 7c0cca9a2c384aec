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
  /** A hotel's own fields apart from its text: layout, hero, image, booking link. */
  hotel: (id: string) => `hotel:${id}`,
  /** An image file's facts (size and content hash). */
  image: (ref: string) => `image:${ref}`,
};

/** Every input of a run's content with its value; values are compared by identity first, then by JSON. */
export type InputValues = Map<string, unknown>;

const fieldsCache = new WeakMap<Hotel, string>();
/** A hotel's own fields as one string (kept per hotel object, so unchanged hotels cost nothing). */
function hotelFields(h: Hotel): string {
  let s = fieldsCache.get(h);
  if (s === undefined) fieldsCache.set(h, (s = JSON.stringify([h.id, h.layout, h.hero, h.image, h.affiliateLink])));
  return s;
}

const shapeCache = new WeakMap<object, string>();
/** A text block's fields without their words: every string becomes "". */
function shapeOf(block: unknown): string {
  if (!block || typeof block !== "object") return JSON.stringify(block === undefined ? null : typeof block);
  let s = shapeCache.get(block);
  if (s === undefined) shapeCache.set(block, (s = JSON.stringify(block, (_k, v: unknown) => (typeof v === "string" ? "" : v))));
  return s;
}

/** The value of every input the content offers. */
export function inputValues(content: Content): InputValues {
  const values: InputValues = new Map();
  values.set(input.site, content.site);
  values.set(input.hotelList, content.hotels.map((h) => h.id).join("\n"));
  const def = content.site.languages[0].code;
  const blocks = (source: string, byLang: Record<string, unknown>) => {
    for (const [lang, block] of Object.entries(byLang)) values.set(input.text(source, lang), block);
    values.set(input.shape(source, def), shapeOf(byLang[def]));
  };
  blocks("strings", content.strings);
  blocks("home", content.home);
  for (const h of content.hotels) {
    values.set(input.hotel(h.id), hotelFields(h));
    blocks(`hotel:${h.id}`, h.text);
  }
  for (const [ref, info] of content.images) values.set(input.image(ref), `${info.hash} ${info.width}x${info.height}`);
  return values;
}

/** The inputs whose values differ between two runs (added and removed ones included). */
export function changedInputs(before: InputValues, after: InputValues): Set<string> {
  const changed = new Set<string>();
  const same = (a: unknown, b: unknown) => a === b || (typeof a === "object" && typeof b === "object" && JSON.stringify(a) === JSON.stringify(b));
  for (const [key, value] of after) if (!before.has(key) || !same(before.get(key), value)) changed.add(key);
  for (const key of before.keys()) if (!after.has(key)) changed.add(key);
  return changed;
}
