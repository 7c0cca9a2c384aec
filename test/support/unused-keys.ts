// Finds interface-string and home-copy keys no code reads, named or built from a template literal (`feature${f}Title`)
// around a word the code names. Pure: keys and source texts in, unused keys out.

/** Words the code names: identifiers after a dot or before a colon, and the words of string literals. */
function words(sources: string[]): Set<string> {
  const found = new Set<string>();
  for (const text of sources) for (const m of text.matchAll(/[A-Za-z_$][\w$]*/g)) found.add(m[0]);
  return found;
}

/** The fixed text around each `${...}` of the code's template literals: ["feature", "Title"], ["", "Text"]. */
function literalShapes(sources: string[]): [string, string][] {
  const shapes: [string, string][] = [];
  for (const text of sources) for (const m of text.matchAll(/`(\w*)\$\{[^}`]*\}(\w*)`/g)) shapes.push([m[1], m[2]]);
  return shapes;
}

/** The keys that the given sources never read, in the order given. */
export function unusedKeys(keys: string[], sources: string[]): string[] {
  const named = words(sources);
  const shapes = literalShapes(sources);
  const built = (key: string) =>
    shapes.some(([before, after]) => key.startsWith(before) && key.endsWith(after) && key.length > before.length + after.length && named.has(key.slice(before.length, key.length - after.length)));
  return keys.filter((key) => !named.has(key) && !built(key));
}
