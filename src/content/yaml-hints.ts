// YAML syntax errors in the words of someone editing a content file: the first cause only, with a next step.
import type { LineCounter, YAMLError } from "yaml";
import { ContentError } from "../errors.js";

/** Turns the careful parser's errors into located ContentErrors with hints, dropping the echoes of the first. */
export function syntaxErrors(o: { file: string; text: string; lineCounter: LineCounter; errors: YAMLError[] }): ContentError[] {
  const { shown, more } = firstCauses(o.errors);
  return shown.map((e, i) => {
    const message = yamlMessage(e);
    const quote = /closing (["'])quote/.exec(message)?.[1];
    const closer = /^Flow (?:sequence|map) .* end with an? ([\]}])$/.exec(message)?.[1];
    // An unclosed quote or bracket runs on to where the parser notices it: point at where it opened instead.
    const opened = quote ? o.text.lastIndexOf(quote, e.pos[0]) : closer ? unclosedOpener(o.text, e.pos[0], closer) : -1;
    const pos = o.lineCounter.linePos(opened >= 0 ? opened : e.pos[0]);
    const bracket = closer && opened >= 0 ? `the ${o.text[opened]} here is never closed: ${closer === "]" ? `end the list on this line with ], or write one item per line as "- item"` : `end the mapping on this line with }, or write one key per line as "key: value"`}` : undefined;
    const hint = [bracket ?? lineHint(o.text, pos.line) ?? yamlHint(e.code, message), i === 0 && more ? `${more} later syntax error${more === 1 ? "" : "s"} in this file probably follow from this one; fix it first` : undefined];
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
