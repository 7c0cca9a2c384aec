// Limits on what a YAML file may ask of the parser (nesting, tags, merge keys), each a loop with its own stack; the
// nesting scan reads the text before any parser sees it, as both YAML parsers recurse once per level.
import type { Alias, Document, Node } from "yaml";
import { yamlLib } from "./yaml-lib.js";
import { pathPointer } from "../util/json-pointer.js";

/** Deepest nesting of lists and mappings a content file may have: real files use five or six levels. */
export const MAX_DEPTH = 64;

/** Where a scan found something, as 1-based line and column. */
export interface TextPlace {
  line: number;
  column: number;
}

/** Where an upper bound of the nesting, from the text alone (indentation, `- `/`? `, brackets), first passes `limit`, or null. */
export function nestingTooDeep(text: string, limit = MAX_DEPTH): TextPlace | null {
  // The common case in native code: depth is at most 1 + the longest run of indentation and indicators + every bracket.
  let brackets = 0;
  for (let i = text.indexOf("["); i >= 0 && brackets < limit; i = text.indexOf("[", i + 1)) brackets++;
  for (let i = text.indexOf("{"); i >= 0 && brackets < limit; i = text.indexOf("{", i + 1)) brackets++;
  if (brackets < limit - 1 && leadingRunBelow(text, limit - 1 - brackets)) return null;
  const indents: number[] = [];
  let flow = 0;
  const lines = text.split("\n");
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    let i = 0;
    while (line[i] === " ") i++;
    if (i === line.length || line[i] === "#") continue;
    if (flow === 0) {
      while (indents.length && indents[indents.length - 1] >= i) indents.pop();
      indents.push(i);
    }
    let depth = indents.length + flow;
    // Compact block indicators: "- - - 1" opens three levels on one line (the first is the line's own level).
    for (let first = true; (line[i] === "-" || line[i] === "?") && (line[i + 1] === " " || i + 1 === line.length); first = false) {
      if (!first || flow > 0) depth++;
      if (depth > limit) return { line: n + 1, column: i + 1 };
      i += 2;
      while (line[i] === " ") i++;
    }
    let quote = "";
    for (; i < line.length; i++) {
      const c = line[i];
      if (quote) {
        if (c === quote) quote = "";
        continue;
      }
      if (c === '"' || c === "'") quote = c;
      else if (c === "#" && (i === 0 || line[i - 1] === " ")) break;
      else if (c === "[" || c === "{") {
        flow++;
        if (depth + 1 > limit || indents.length + flow > limit) return { line: n + 1, column: i + 1 };
        depth++;
      } else if ((c === "]" || c === "}") && flow > 0) flow--;
    }
    if (depth > limit) return { line: n + 1, column: 1 };
  }
  return null;
}

/** True when no line starts with `n` or more spaces, dashes and question marks (indentation and indicators). */
function leadingRunBelow(text: string, n: number): boolean {
  for (let start = 0; start < text.length; ) {
    let i = start;
    for (let c = text.charCodeAt(i); c === 32 || c === 45 || c === 63; c = text.charCodeAt(++i));
    if (i - start >= n) return false;
    const end = text.indexOf("\n", i);
    if (end < 0) break;
    start = end + 1;
  }
  return true;
}

/** What a parsed value holds that content may not: nesting past the limit (through aliases) and merge keys. */
export interface DataProblems {
  /** JSON pointer of the first value nested deeper than the limit. */
  deep?: string;
  /** JSON pointers of every `<<` key. */
  merges: string[];
}

/** Walks parsed data for {@link DataProblems}, stopping at the depth limit so aliases cannot exhaust the stack. */
export function dataProblems(data: unknown, limit = MAX_DEPTH): DataProblems {
  return anyProblem(data, limit, 0, { budget: 1_000_000 }) ? locateProblems(data, limit) : { merges: [] };
}

/** The quick pass every file takes: is there anything to report at all (no pointers built)? */
function anyProblem(value: unknown, limit: number, depth: number, walk: { budget: number }): boolean {
  if (value === null || typeof value !== "object" || value instanceof Uint8Array || --walk.budget < 0) return false;
  if (depth >= limit) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (anyProblem(value[i], limit, depth + 1, walk)) return true;
    return false;
  }
  for (const key in value) {
    if (key === "<<" || anyProblem((value as Record<string, unknown>)[key], limit, depth + 1, walk)) return true;
  }
  return false;
}

/** The second pass, for a file with something to report: every merge key's pointer and the first too-deep one. */
function locateProblems(data: unknown, limit: number): DataProblems {
  const out: DataProblems = { merges: [] };
  const keys: string[] = [];
  const pointer = () => pathPointer(keys);
  // Aliases share values: a bounded walk, however they fan out (the parser already bounds the expansion).
  let budget = 1_000_000;
  const walk = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== "object" || value instanceof Uint8Array || --budget < 0) return;
    if (depth >= limit) {
      out.deep ??= pointer();
      return;
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        keys.push(String(i));
        walk(value[i], depth + 1);
        keys.pop();
      }
      return;
    }
    for (const key in value) {
      keys.push(key);
      if (key === "<<") out.merges.push(pointer());
      walk((value as Record<string, unknown>)[key], depth + 1);
      keys.pop();
    }
  };
  walk(data, 0);
  return out;
}

/** Tags of YAML's core schema, which mean what plain YAML means; any other tag asks for something we do not do. */
const CORE_TAGS = new Set(["str", "int", "float", "bool", "null", "seq", "map"].map((t) => `tag:yaml.org,2002:${t}`));

/** Every node of a document, depth first, without recursion. */
function* allNodes(root: unknown): Generator<Node> {
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (yamlLib().isPair(node)) {
      stack.push(node.value, node.key);
      continue;
    }
    if (yamlLib().isMap(node) || yamlLib().isSeq(node)) {
      yield node;
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    } else if (yamlLib().isScalar(node) || yamlLib().isAlias(node)) yield node;
  }
}

/** A tag the file uses that is not plain YAML (`!include`, `!!js/function`, `!!binary`): its name and offset. */
export function foreignTags(doc: Document, text: string): { tag: string; offset: number }[] {
  const found = new Map<number, string>();
  const short = (tag: string) => tag.replace(/^tag:yaml\.org,2002:/, "!!");
  // An unresolved tag's warning holds the place where the tag is written.
  for (const w of doc.warnings) {
    if (w.code === "TAG_RESOLVE_FAILED") found.set(w.pos[0], short(/Unresolved tag: (\S+)/.exec(w.message)?.[1] ?? "?"));
  }
  // A resolved tag outside the core schema (!!binary, !!set) is on its node, written before the value.
  for (const node of allNodes(doc.contents)) {
    if (!node.tag || CORE_TAGS.has(node.tag)) continue;
    let offset = Math.max(0, text.lastIndexOf("!", node.range?.[0] ?? 0));
    while (offset > 0 && text[offset - 1] === "!") offset--;
    if (!found.has(offset)) found.set(offset, short(node.tag));
  }
  return [...found].map(([offset, tag]) => ({ tag, offset })).sort((a, b) => a.offset - b.offset);
}

/** The alias to blame when aliases expand too far: the first one naming a value that itself holds aliases. */
export function blamedAlias(doc: Document): number {
  let first: Alias | undefined;
  for (const node of allNodes(doc.contents)) {
    if (!yamlLib().isAlias(node)) continue;
    first ??= node;
    const target = node.resolve(doc);
    for (const inner of allNodes(target)) if (yamlLib().isAlias(inner)) return node.range?.[0] ?? 0;
  }
  return first?.range?.[0] ?? 0;
}
