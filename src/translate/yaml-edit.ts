// Edits a YAML file's text through the yaml package's Document API while changing only the lines of the fields
// that changed. The Document API keeps comments and key order, but re-printing a document also re-spaces things
// (flow collections like `[a, b]` vs `{ a: b }`); so the original is printed the same way, the two printings are
// compared line by line, and only the lines that differ between them replace lines of the original text. A value
// the file folds over several lines (the yaml package's own default width of 80 does) is printed on one: its
// lines are taken as one group, so a folded file keeps every line the import did not write.
import { isCollection, isScalar, parseDocument, Scalar, visit, type Document, type ToStringOptions } from "yaml";

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

/**
 * The original's lines in groups, one group per line of the printed document: a flow value (plain or quoted
 * scalar, or `[...]`/`{...}`) spanning several lines is one group.
 */
function lineGroups(text: string, doc: Document): string[][] {
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
  // joinsNext[i]: line i and line i + 1 belong to one printed line.
  const joinsNext = new Uint8Array(starts.length);
  visit(doc, (_key, node: unknown) => {
    const range = isScalar(node) && node.type !== Scalar.BLOCK_LITERAL && node.type !== Scalar.BLOCK_FOLDED ? node.range : isCollection(node) && node.flow ? node.range : undefined;
    if (!range) return;
    const [from, to] = [lineAt(range[0]), lineAt(Math.max(range[0], range[1] - 1))];
    for (let l = from; l < to; l++) joinsNext[l] = 1;
    if (isCollection(node)) return visit.SKIP;
  });
  const lines = text.split("\n");
  const groups: string[][] = [];
  for (let i = 0; i < lines.length; i++) {
    if (i > 0 && joinsNext[i - 1]) groups[groups.length - 1].push(lines[i]);
    else groups.push([lines[i]]);
  }
  return groups;
}

/** Applies `edit` to the parsed document and returns the original text with only the changed lines replaced. */
export function editYaml(text: string, edit: (doc: Document) => void): string {
  const original = parseDocument(text);
  const before = original.toString(PRINT);
  const doc = parseDocument(text);
  edit(doc);
  const after = doc.toString(PRINT);
  const groups = lineGroups(text, original);
  const printed = before.split("\n");
  // Printing changed the number of lines in a way the groups do not explain: the printed document is the faithful answer.
  if (printed.length !== groups.length) return after;
  const next = after.split("\n");
  const out: string[] = [];
  let j = 0;
  for (const [pi, pj] of [...commonLines(printed, next), [printed.length, next.length] as [number, number]]) {
    // printed[i..pi) were removed or changed, next[j..pj) are their replacement.
    out.push(...next.slice(j, pj));
    if (pi < groups.length) out.push(...groups[pi]);
    j = pj + 1;
  }
  return out.join("\n");
}
