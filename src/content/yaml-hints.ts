// YAML syntax errors in the words of someone editing a content file: the first cause only, with a next step.
import type { LineCounter, YAMLError } from "yaml";
import { ContentError } from "../errors.js";

/** Turns the careful parser's errors into located ContentErrors with hints, dropping the echoes of the first. */
export function syntaxErrors(o: { file: string; text: string; lineCounter: LineCounter; errors: YAMLError[] }): ContentError[] {
  const { shown, more } = firstCauses(o.errors);
  const lines = o.text.split("\n").map((l) => l.replace(/\r$/, ""));
  return shown.map((e, i) => {
    const message = yamlMessage(e);
    const quote = /closing (["'])quote/.exec(message)?.[1];
    const closer = /^Flow (?:sequence|map) .* end with an? ([\]}])$/.exec(message)?.[1];
    // An unclosed quote or bracket runs on to where the parser notices it: point at where it opened instead.
    const opened = quote ? o.text.lastIndexOf(quote, e.pos[0]) : closer ? unclosedOpener(o.text, e.pos[0], closer) : -1;
    let pos = o.lineCounter.linePos(opened >= 0 ? opened : e.pos[0]);
    const bracket = closer && opened >= 0 ? `the ${o.text[opened]} here is never closed: ${closer === "]" ? `end the list on this line with ], or write one item per line as "- item"` : `end the mapping on this line with }, or write one key per line as "key: value"`}` : undefined;
    const said = bracket ?? lineHint(o.text, pos.line);
    // A key line out of shape: the parser's words name what it met, the hint what to change, at the line to change.
    const shape = said || !SHAPE_ERRORS.has(e.code) ? undefined : misshapen(lines, pos.line);
    if (shape?.indent) pos = { line: shape.line, col: 1 };
    const hint = [said ?? shape?.hint ?? yamlHint(e.code, message), i === 0 && more ? `${more} later syntax error${more === 1 ? " in this file probably follows" : "s in this file probably follow"} from this one; fix it first` : undefined];
    return new ContentError({ file: o.file, line: pos.line, column: pos.col }, `YAML syntax: ${message}`, hint.filter(Boolean).join("; ") || undefined);
  });
}

/** Where the "[" or "{" that `closer` would close was opened before `end` (brackets nested inside it skipped), or -1. */
function unclosedOpener(text: string, end: number, closer: string): number {
  const opener = closer === "]" ? "[" : "{";
  let depth = 0;
  for (let i = Math.min(end, text.length) - 1; i >= 0; i--) {
    if (text[i] === closer) depth++;
    else if (text[i] === opener && depth-- === 0) return i;
  }
  return -1;
}

/** The parser's errors for a key line out of shape (indented unlike its neighbours, or with no colon). */
const SHAPE_ERRORS = new Set(["BAD_INDENT", "BLOCK_AS_IMPLICIT_KEY", "MULTILINE_IMPLICIT_KEY", "UNEXPECTED_TOKEN"]);

/** A mapping's key line: indentation, key, and value when it has one on the line (list items are left to the parser's words). */
const KEY_LINE = /^( *)([A-Za-z_][\w.-]*):(?:[ \t]+(\S.*))?$/;

/**
 * The slip behind an error at `lineNo` (1-based) and the line it is on: a key with a value indented unlike the two
 * keys after it (and unlike the one above, unless that is its parent), or a key and value with no colon between.
 * Read from the lines alone: a guess the parser's own words stand beside, so it only names a line that is out of shape.
 */
function misshapen(lines: string[], lineNo: number): { line: number; hint: string; indent?: true } | undefined {
  const at = (n: number) => lines[n - 1] ?? "";
  const indent = (n: number) => /^ */.exec(at(n))![0].length;
  // The nearest line before or after `n` that holds more than a comment (0: none).
  const near = (n: number, step: 1 | -1): number => {
    for (let k = n + step; k >= 1 && k <= lines.length; k += step) if (at(k).trim() && !at(k).trimStart().startsWith("#")) return k;
    return 0;
  };
  // The line the parser stopped at, or the one before or after it (a block's first key sets the column the rest must keep).
  for (const n of [lineNo, near(lineNo, -1), near(lineNo, 1)]) {
    const a = n && near(n, 1);
    const b = a && near(a, 1);
    // A key with its value, then two keys at one indentation that is not its own.
    if (!b || !KEY_LINE.exec(at(n))?.[3] || !KEY_LINE.test(at(a)) || !KEY_LINE.test(at(b)) || indent(b) !== indent(a) || indent(a) === indent(n)) continue;
    const [own, want, above] = [indent(n), indent(a), near(n, -1)];
    // The line above is its parent (less indented than both) or a key the lines after agree with.
    if (above && indent(above) >= Math.min(own, want) && indent(above) !== want) continue;
    const spaces = (k: number) => `${k} space${k === 1 ? "" : "s"}`;
    const fix = want ? `indent it ${spaces(want)}, like the other keys of its block` : "start it at the beginning of the line, like the keys after it";
    return { line: n, indent: true, hint: `line ${n} is indented ${spaces(own)} and the keys after it ${want ? spaces(want) : "not at all"}: ${fix}` };
  }
  const bare = /^ *([A-Za-z_][\w.-]*) +([^\s:#][^:#]*)$/.exec(at(lineNo));
  const beside = [near(lineNo, -1), near(lineNo, 1)].some((k) => k && KEY_LINE.test(at(k)) && indent(k) === indent(lineNo));
  if (bare && beside) return { line: lineNo, hint: `line ${lineNo} has no ":" after its key: write it as ${bare[1]}: ${bare[2].trim()}` };
  return undefined;
}

/** Message and hint for a tag (`!include`, `!!js/function`) that asks the loader for more than data. */
export function tagMessage(tag: string): [string, string] {
  return [
    `YAML: the tag ${tag} is not supported (tags that include files, run code or build objects are refused)`,
    "remove the tag and write the value itself; only plain YAML values (text, numbers, true/false, lists, mappings) are read",
  ];
}

/** Syntax errors that stand on their own: after the first structural error, the rest are usually its echoes. */
const INDEPENDENT = new Set(["DUPLICATE_KEY", "TAB_AS_INDENT"]);

/** The errors worth showing (every duplicate key and tab, plus the first other error), and how many were dropped. */
function firstCauses(errors: YAMLError[]): { shown: YAMLError[]; more: number } {
  const sorted = [...errors].sort((a, b) => a.pos[0] - b.pos[0]);
  let structural = false;
  const shown = sorted.filter((e) => {
    if (INDEPENDENT.has(e.code)) {
      structural ||= e.code === "TAB_AS_INDENT";
      return true;
    }
    if (structural) return false;
    structural = true;
    return true;
  });
  return { shown, more: sorted.length - shown.length };
}

/** yaml's message in the words of someone editing a content file. */
function yamlMessage(e: YAMLError): string {
  if (e.code === "MULTIPLE_DOCS") return "holds more than one YAML document (a --- line starts a second one)";
  return e.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
}

/** Leading spaces of a line. */
const indentOf = (line: string) => /^ */.exec(line)![0].length;

/** A hint for the slips the parser's message does not explain: a `|` block line indented too little, a plain value holding ": ". */
function lineHint(text: string, lineNo: number): string | undefined {
  const lines = text.split("\n");
  const line = (lines[lineNo - 1] ?? "").replace(/\r$/, "");
  if (!line.trim()) return undefined;
  // Up from the line: blank or block lines, then the block's header `key: |`.
  let first: string | undefined;
  for (let n = lineNo - 2; n >= 0; n--) {
    const above = lines[n].replace(/\r$/, "");
    if (!above.trim()) continue;
    const header = /^( *)(?:- )?([^\s#][^:#]*?):[ \t]+([|>])[-+0-9]*[ \t]*(?:#.*)?$/.exec(above);
    if (header) {
      const width = first === undefined ? undefined : indentOf(first);
      if (width !== undefined && width > indentOf(header[1]) && indentOf(line) < width && !/^ *(?:- )?[\w.-]+:(?: |$)/.test(line)) {
        return `line ${lineNo} belongs to the ${header[3]} block of ${header[2]} (line ${n + 1}) but is indented less than its first line: indent it like the block's other lines (${width} spaces)`;
      }
      break;
    }
    // A line indented at most as much as the line in question is not block content above it: no block here.
    if (indentOf(above) <= indentOf(line)) break;
    first = above;
  }
  const plain = /^ *(?:- )?([^\s#"'][^:#]*?): +([^\s"'|>[{&*!#%@`][^#]*?: .*?) *$/.exec(line);
  if (plain) {
    const quoted = plain[2].includes('"') ? `'${plain[2].replace(/'/g, "''")}'` : `"${plain[2]}"`;
    return `the value holds ": ", which YAML reads as the start of another key: quote the whole value, as in ${plain[1]}: ${quoted}`;
  }
  return undefined;
}

/** A next step for the YAML errors people make most. */
function yamlHint(code: string, message: string): string | undefined {
  if (/quote/i.test(message)) return "close the quoted string with the same quote it opened with";
  switch (code) {
    case "DUPLICATE_KEY":
      return "each key may appear once in a mapping; remove or rename one of them";
    case "TAB_AS_INDENT":
      return "indent with spaces, not tabs";
    case "MULTIPLE_DOCS":
      return "a content file is one document: remove the --- line, or move what follows it into a file of its own";
    case "MISSING_CHAR":
    case "BAD_SCALAR_START":
      return "quote the value if it contains ': ' or starts with a special character";
    default:
      return undefined;
  }
}
