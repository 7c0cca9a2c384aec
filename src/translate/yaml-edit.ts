// Edits a YAML file's text through the yaml package's Document API, changing only the lines of the fields that changed:
// the original and the edited document are printed alike and compared unit by unit (a line, or a value spanning
// several), and only units that differ replace lines of the original (a three-way merge, the printed original the base).
import { isCollection, isScalar, parseDocument, visit, type Document, type ToStringOptions } from "yaml";

const PRINT: ToStringOptions = { lineWidth: 0, flowCollectionPadding: false };

/** The printer's options for a text: its own indentation, and block sequences under their key or beside it as it has them. */
function printOptions(text: string): ToStringOptions {
  // The first indented key or list item (a block scalar's lines may sit deeper than the file's indentation).
  const indent = /^( +)(?:- |[^\s#:-][^:\n]*:(?:[ \t]|$))/m.exec(text)?.[1].length ?? 2;
  return { ...PRINT, indent, indentSeq: !/^( *)[^\s#-][^\n]*:[ \t]*\n\1- /m.test(text) };
}

/** What a YAML text means, to compare two: its data as JSON, or undefined when it does not parse cleanly or expand (aliases past the package's bound). */
function meaning(doc: Document): string | undefined {
  if (doc.errors.length) return undefined;
  try {
    return JSON.stringify(doc.toJS());
  } catch {
    return undefined;
  }
}
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
function lineUnits(text: string, doc: Document = parseDocument(text, PARSE)): string[][] {
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
  visit(doc, (_key, node: unknown) => {
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
  const print = printOptions(text);
  // The original's units and its print read from the document before the edit changes it (one parse of the text).
  const doc = parseDocument(text, PARSE);
  const original = lineUnits(text, doc);
  const before = doc.toString(print);
  edit(doc);
  const after = doc.toString(print);
  // A three-way merge with the printed original as the base: where the edit left the printed lines as they were, the
  // original's lines stay, even where the printer lays them out otherwise (a blank line before a last comment).
  const key = (unit: string[]) => unit.join("\n");
  const [printed, next] = [lineUnits(before), lineUnits(after)];
  const [o, p, n] = [original.map(key), printed.map(key), next.map(key)];
  const same = commonLines(o, p);
  const unedited = commonLines(p, n);
  if (!same || !unedited) return after;
  // The original's units as printed: equal ones, and between them runs of as many units on each side (a long value
  // the printer writes on one line) paired in order.
  const inOriginal = new Map<number, number>();
  let [oi, pi, ni] = [0, 0, 0];
  for (const [oa, pa] of [...same, [o.length, p.length]]) {
    if (oa - oi === pa - pi) for (let k = 0; k < oa - oi; k++) inOriginal.set(pi + k, oi + k);
    if (pa < p.length) inOriginal.set(pa, oa);
    [oi, pi] = [oa + 1, pa + 1];
  }
  // Units the edit left as printed, with the original's unit each stands for: anchors, in order in all three texts.
  const anchors = unedited.filter(([pi]) => inOriginal.has(pi)).map(([pi, ni]) => [inOriginal.get(pi)!, pi, ni]);
  const printedFrom = new Set(inOriginal.values());
  const out: string[] = [];
  [oi, pi, ni] = [0, 0, 0];
  for (const [oa, pa, na] of [...anchors, [o.length, p.length, n.length]]) {
    if (na - ni === pa - pi && n.slice(ni, na).every((u, i) => u === p[pi + i])) out.push(...original.slice(oi, oa).flat());
    else {
      // Edited here: the edit's units, less the printer's own at either end (a blank line it adds), with the
      // original's own at either end (a blank line it drops) kept.
      let [os, oe, ps, pe, ns, ne] = [oi, oa, pi, pa, ni, na];
      while (os < oe && !printedFrom.has(os)) os++;
      while (oe > os && !printedFrom.has(oe - 1)) oe--;
      for (; ps < pe && ns < ne && !inOriginal.has(ps) && p[ps] === n[ns]; ps++) ns++;
      for (; pe > ps && ne > ns && !inOriginal.has(pe - 1) && p[pe - 1] === n[ne - 1]; pe--) ne--;
      out.push(...original.slice(oi, os).flat(), ...next.slice(ns, ne).flat(), ...original.slice(oe, oa).flat());
    }
    if (oa < o.length) out.push(...original[oa]);
    [oi, pi, ni] = [oa + 1, pa + 1, na + 1];
  }
  // Whatever the merge made must mean exactly what the edited document means; else the printed document is the answer.
  const merged = out.join("\n");
  const meant = meaning(doc);
  return meant !== undefined && meaning(parseDocument(merged, PARSE)) === meant ? merged : after;
}
