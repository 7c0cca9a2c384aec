// Edits a YAML file's text through the yaml package's Document API, changing only the lines of the fields that changed:
// the original and the edited document are printed alike and compared unit by unit (a line, or a value spanning
// several), and only units that differ replace lines of the original.
import { isCollection, isScalar, parseDocument, visit, type Document, type ToStringOptions } from "yaml";

const PRINT: ToStringOptions = { lineWidth: 0, flowCollectionPadding: false };

/** The longest common subsequence of two line lists, as pairs of indexes. */
function commonLines(a: string[], b: string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  // lengths[i][j]: LCS length of a[i..] and b[j..]; one typed row per i keeps memory at n*m 32-bit cells.
  const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (lengths[i + 1][j] >= lengths[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

/** A YAML text's lines in units: a value spanning several lines (with its key's line) is one unit, any other line its own. */
function lineUnits(text: string): string[][] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // joinsNext[i]: line i and line i + 1 are one unit.
  const joinsNext = new Uint8Array(starts.length);
  visit(parseDocument(text), (_key, node: unknown) => {
    const range = isScalar(node) ? node.range : isCollection(node) && node.flow ? node.range : undefined;
    if (!range) return;
    // A block scalar's range ends after its last line break: its last line is the one before.
    const [from, to] = [lineAt(range[0]), lineAt(Math.max(range[0], range[1] - 1))];
    for (let l = from; l < to; l++) joinsNext[l] = 1;
    if (isCollection(node)) return visit.SKIP;
  });
  const lines = text.split("\n");
  const units: string[][] = [];
  for (let i = 0; i < lines.length; i++) {
    if (i > 0 && joinsNext[i - 1]) units[units.length - 1].push(lines[i]);
    else units.push([lines[i]]);
  }
  return units;
}

/** Applies `edit` to the parsed document and returns the original text with only the changed lines replaced. */
export function editYaml(text: string, edit: (doc: Document) => void): string {
  const before = parseDocument(text).toString(PRINT);
  const doc = parseDocument(text);
  edit(doc);
  const after = doc.toString(PRINT);
  const original = lineUnits(text);
  const printed = lineUnits(before);
  // Printing changed the layout in a way the units do not explain: the printed document is the faithful answer.
  if (printed.length !== original.length) return after;
  const next = lineUnits(after);
  const key = (unit: string[]) => unit.join("\n");
  const out: string[] = [];
  let j = 0;
  for (const [pi, pj] of [...commonLines(printed.map(key), next.map(key)), [printed.length, next.length] as [number, number]]) {
    // printed units before pi were removed or changed, next[j..pj) are their replacement.
    out.push(...next.slice(j, pj).flat());
    if (pi < original.length) out.push(...original[pi]);
    j = pj + 1;
  }
  return out.join("\n");
}
