// Pure type-ahead for the language menu: the typed prefix and which item it lands on. Time is passed in,
// so tests need neither a clock nor waiting.

/** Returns a function that adds a typed character and gives the prefix so far; a pause of resetMs starts anew. */
export function createTypeahead(resetMs = 1000): (char: string, now: number) => string {
  let buffer = "";
  let last = -Infinity;
  return (char, now) => {
    buffer = (now - last >= resetMs ? "" : buffer) + char.toLowerCase();
    last = now;
    return buffer;
  };
}

/** Index of the item whose label starts with query, searching forward from `from` and wrapping; -1 if none. */
export function findTypeaheadMatch(labels: readonly string[], from: number, query: string): number {
  const q = query.toLowerCase();
  // Repeating one character ("eee") cycles through the items starting with it, as native lists do.
  const chars = [...q];
  const needle = chars.every((c) => c === chars[0]) ? chars[0] ?? "" : q;
  // A single character moves on to the next item; a longer prefix may still match the current one.
  const start = needle.length > 1 ? from : from + 1;
  const n = labels.length;
  for (let i = 0; i < n; i++) {
    const j = (((start + i) % n) + n) % n;
    if (needle && labels[j].trim().toLowerCase().startsWith(needle)) return j;
  }
  return -1;
}
