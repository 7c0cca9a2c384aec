// Edits a YAML file's text through the yaml package's Document API, changing only the lines of the fields that changed:
// the original and the edited document are printed alike and compared unit by unit (a line, or a value spanning
// several), and only units that differ replace lines of the original.
import { isCollection, isScalar, parseDocument, visit, type Document, type ToStringOptions } from "yaml";

const PRINT: ToStringOptions = { lineWidth: 0, flowCollectionPadding: false };
/** Texts edited here were parsed whole before (repeated keys refused there): the package's key check is quadratic. */
const PARSE = { uniqueKeys: false } as const;

/** Most cells the table of {@link commonLines} may take (16 MB): past it a file is printed whole rather than diffed for minutes. */
const MAX_CELLS = 4_000_000;

/** The longest common subsequence of two line lists, as pairs of indexes; null when the lines that differ are too many to compare. */
function commonLines(a: string[], b: string[]): [number, number][] | null {
  // An edit changes a few lines: the equal lines before and after them pair up without the table.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n * m > MAX_CELLS) return null;
  // lengths[i][j]: LCS length of a[head + i..] and b[head + j..] within the middle; one typed row per i.
  const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lengths[i][j] = a[head + i] === b[head + j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  }
  const pairs: [number, number][] = Array.from({ length: head }, (_, i) => [i, i]);
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (a[head + i] === b[head + j]) pairs.push([head + i++, head + j++]);
    else if (lengths[i + 1][j] >= lengths[i][j + 1]) i++;
    else j++;
  }
  for (let k = tail; k > 0; k--) pairs.push([a.length - k, b.length - k]);
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
  visit(parseDocument(text, PARSE), (_key, node: unknown) => {
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
  const before = parseDocument(text, PARSE).toString(PRINT);
  const doc = parseDocument(text, PARSE);
  edit(doc);
  const after = doc.toString(PRINT);
  const original = lineUnits(text);
  const printed = lineUnits(before);
  // Printing changed the layout in a way the units do not explain: the printed document is the faithful answer.
  if (printed.length !== original.length) return after;
  const next = lineUnits(after);
  const key = (unit: string[]) => unit.join("\n");
  const common = commonLines(printed.map(key), next.map(key));
  if (!common) return after;
  const out: string[] = [];
  let j = 0;
  for (const [pi, pj] of [...common, [printed.length, next.length] as [number, number]]) {
    // printed units before pi were removed or changed, next[j..pj) are their replacement.
    out.push(...next.slice(j, pj).flat());
    if (pi < original.length) out.push(...original[pi]);
    j = pj + 1;
  }
  return out.join("\n");
}
