// Parsed YAML's strings, copied out of the file's text: V8 keeps a cut of 13 characters or more as a slice holding
// the whole text (89 MB of 12,006 pages' 396 MB heap, measured), and a CJK file's English values at two bytes a character.

/** V8 copies a cut shorter than this (SlicedString::kMinLength) rather than slicing: it holds nothing. */
const SLICE_MIN = 13;

/** Text with no character past U+00FF: V8 can keep it at one byte a character. */
const LATIN1 = /^[\x00-\xff]*$/;

/** Where latin1 text is written and read back as a new one-byte string (grown to the longest string seen). */
let scratch = Buffer.allocUnsafe(64 * 1024);

/** A copy of a string that holds no other string, at one byte a character when its characters allow (short cuts too). */
export function detachedString(s: string): string {
  if (s.length === 0) return s;
  if (LATIN1.test(s)) {
    if (s.length > scratch.length) scratch = Buffer.allocUnsafe(s.length);
    return scratch.toString("latin1", 0, scratch.write(s, 0, "latin1"));
  }
  // Slicing a new concatenation flattens it into a new string, of which the slice is then a part.
  return s.length < SLICE_MIN ? s : (" " + s).slice(1);
}

/** Replaces, in place, every string value of freshly parsed data with a detached copy, so its text can go; returns the data. */
export function detachStrings<T>(data: T): T {
  const seen = new Set<object>();
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return detachedString(v);
    if (!v || typeof v !== "object" || seen.has(v)) return v;
    // Aliases (*name) make one object appear in several places: copy its strings once.
    seen.add(v);
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) v[i] = walk(v[i]);
    else for (const k of Object.keys(v)) (v as Record<string, unknown>)[k] = walk((v as Record<string, unknown>)[k]);
    return v;
  };
  return walk(data) as T;
}
