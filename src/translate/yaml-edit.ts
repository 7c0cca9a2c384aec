// Edits a YAML file's text through the yaml package's Document API while changing only the lines of the fields
// that changed. The Document API keeps comments and key order, but re-printing a document also re-spaces things
// (flow collections like `[a, b]` vs `{ a: b }`); so the original is printed the same way, the two printings are
// compared line by line, and only the lines that differ between them replace lines of the original text.
import { parseDocument, type Document, type ToStringOptions } from "yaml";

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

/** Applies `edit` to the parsed document and returns the original text with only the changed lines replaced. */
export function editYaml(text: string, edit: (doc: Document) => void): string {
  const before = parseDocument(text).toString(PRINT);
  const doc = parseDocument(text);
  edit(doc);
  const after = doc.toString(PRINT);
  const original = text.split("\n");
  const printed = before.split("\n");
  // Printing changed the number of lines (not seen in practice): the printed document is the faithful answer.
  if (printed.length !== original.length) return after;
  const next = after.split("\n");
  const out: string[] = [];
  let j = 0;
  for (const [pi, pj] of [...commonLines(printed, next), [printed.length, next.length] as [number, number]]) {
    // printed[i..pi) were removed or changed, next[j..pj) are their replacement.
    out.push(...next.slice(j, pj));
    if (pi < original.length) out.push(original[pi]);
    j = pj + 1;
  }
  return out.join("\n");
}
