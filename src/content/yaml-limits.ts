// Limits on what a YAML file may ask of the parser: how deep it nests, which tags it uses, merge keys.
// Every check here is a loop with its own stack, so a hostile file can exhaust none of them; the nesting scan
// runs on the text before any parser sees it, because both YAML parsers recurse once per level.
import { isAlias, isMap, isPair, isScalar, isSeq, type Alias, type Document, type Node } from "yaml";

/** Deepest nesting of lists and mappings a content file may have: real files use five or six levels. */
export const MAX_DEPTH = 64;

/** Where a scan found something, as 1-based line and column. */
export interface TextPlace {
  line: number;
  column: number;
}

/**
 * An upper bound of the nesting on each line, from the text alone: one level per deeper indentation still open,
 * per compact `- ` / `? ` indicator, and per open flow bracket. Returns where it first passes `limit`, or null.
 */
export function nestingTooDeep(text: string, limit = MAX_DEPTH): TextPlace | null {
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

/** What a parsed value holds that content may not: nesting past the limit (through aliases) and merge keys. */
export interface DataProblems {
  /** JSON pointer of the first value nested deeper than the limit. */
  deep?: string;
  /** JSON pointers of every `<<` key. */
  merges: string[];
}

/** Walks parsed data with an explicit stack (aliases can make data deeper than its text) for {@link DataProblems}. */
export function dataProblems(data: unknown, limit = MAX_DEPTH): DataProblems {
  const out: DataProblems = { merges: [] };
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value: data, pointer: "", depth: 0 }];
  let visited = 0;
  while (stack.length) {
    const { value, pointer, depth } = stack.pop()!;
    if (value === null || typeof value !== "object" || value instanceof Uint8Array) continue;
    if (depth >= limit) {
      out.deep ??= pointer;
      continue;
    }
    // Aliases share values: a bounded walk, however they fan out (the parser already bounds the expansion).
    if (++visited > 1_000_000) break;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (let k = entries.length - 1; k >= 0; k--) {
      const [key, child] = entries[k];
      const at = `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (key === "<<" && !Array.isArray(value)) out.merges.push(at);
      stack.push({ value: child, pointer: at, depth: depth + 1 });
    }
  }
  return out;
}

/** Tags of YAML's core schema, which mean what plain YAML means; any other tag asks for something we do not do. */
const CORE_TAGS = new Set(["str", "int", "float", "bool", "null", "seq", "map"].map((t) => `tag:yaml.org,2002:${t}`));

/** Every node of a document, depth first, without recursion. */
function* allNodes(root: unknown): Generator<Node> {
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (isPair(node)) {
      stack.push(node.value, node.key);
      continue;
    }
    if (isMap(node) || isSeq(node)) {
      yield node;
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    } else if (isScalar(node) || isAlias(node)) yield node;
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
    if (!isAlias(node)) continue;
    first ??= node;
    const target = node.resolve(doc);
    for (const inner of allNodes(target)) if (isAlias(inner)) return node.range?.[0] ?? 0;
  }
  return first?.range?.[0] ?? 0;
}
