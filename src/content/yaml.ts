// Parses one YAML file into data plus a locator from JSON pointers to line and column, so every later
// error can say where it is. Well-formed files take a fast path (js-yaml, no source positions); the careful
// parser (yaml, with positions) runs only for a file with a syntax error or when an error needs its place.
// The locator of a file read from disk keeps no text: it reads the file again when asked (source-text.ts), and
// gives no line and column when the file changed since it was parsed (the error still names file and pointer;
// watch parses the changed file again on its next run, with fresh positions).
import jsyaml from "js-yaml";
import type { Document, LineCounter, Node, YAMLError } from "yaml";
import { yamlLib } from "./yaml-lib.js";
import { ContentError, ContentErrors } from "../errors.js";
import type { Position, SourceFile } from "../types.js";
import { detachedString, detachStrings } from "../util/detach-strings.js";
import { decodeUtf8, rereadText, type FileStamp } from "./source-text.js";
import { blamedAlias, dataProblems, foreignTags, MAX_DEPTH, nestingTooDeep } from "./yaml-limits.js";

/** Largest content file we read: real content is a few KB; anything this big is a mistake. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** Turns a JSON pointer into path segments ("/a/0/b" -> ["a", 0, "b"]). */
export function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Finds the deepest node the pointer reaches, and the pair key at its end when asked for. */
function findOffset(root: Node | null, path: (string | number)[], wantKey: boolean): number {
  let node: unknown = root;
  let offset = root?.range?.[0] ?? 0;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (yamlLib().isMap(node)) {
      const pair = node.items.find((p) => yamlLib().isPair(p) && yamlLib().isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      const key = pair.key as Node;
      const last = i === path.length - 1;
      if (last && wantKey) return key.range?.[0] ?? offset;
      node = pair.value;
      offset = (pair.value as Node | null)?.range?.[0] ?? key.range?.[0] ?? offset;
    } else if (yamlLib().isSeq(node) && typeof seg === "number" && node.items[seg]) {
      node = node.items[seg];
      offset = (node as Node).range?.[0] ?? offset;
    } else break;
  }
  return offset;
}

/**
 * Copies each string js-yaml reads out of the text as it is read (util/detach-strings.ts), keys included: a key is
 * interned when it is set, and the first "en" V8 interns is the one every later "en" becomes. Cut from a text
 * holding Chinese it is two bytes a character, and so is each URL and label made with it.
 */
function detachScalar(event: jsyaml.EventType, state: jsyaml.State): void {
  if (event === "close" && typeof state.result === "string") state.result = detachedString(state.result);
}

/** Anchors and aliases (&name, *name) go to the careful parser, which bounds how far they expand. */
const ANCHOR_OR_ALIAS = /(^|[\s:[{,-])[&*][^\s,[\]{}]/m;

/**
 * Parses a well-formed file about six times faster than the careful parser, or returns undefined for anything
 * it should not decide: a syntax error, an empty file, anchors or aliases. Both use YAML 1.2's core schema.
 */
export function fastParse(text: string): unknown {
  if (ANCHOR_OR_ALIAS.test(text)) return undefined;
  try {
    const data = jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA, listener: detachScalar });
    return data === null ? undefined : data;
  } catch {
    return undefined;
  }
}

/** A file parsed by the careful parser: its document and the line starts that turn offsets into positions. */
interface Careful {
  doc: Document;
  lineCounter: LineCounter;
}

/** Parses text with positions (the text was parsed once already, so it is well formed), or null should it fail. */
function carefulParse(text: string): Careful | null {
  try {
    const lineCounter = new (yamlLib().LineCounter)();
    return { doc: yamlLib().parseDocument(text, { lineCounter, uniqueKeys: true }), lineCounter };
  } catch {
    return null;
  }
}

/** The line and column a pointer reaches in a parsed file. */
function positionIn(careful: Careful, pointer: string, key: boolean): Position {
  const pos = careful.lineCounter.linePos(findOffset(careful.doc.contents, pointerToPath(pointer), key));
  return { line: pos.line, column: pos.col };
}

/** A locator over text in hand, parsing it carefully on the first question only. */
function locateIn(text: string): SourceFile["locate"] {
  let careful: Careful | null | undefined;
  return (pointer, opts) => {
    careful ??= carefulParse(text);
    return careful ? positionIn(careful, pointer, opts?.key ?? false) : {};
  };
}

/** The careful parses of the files positions were last asked of: errors and warnings come a file at a time. */
const recent = new Map<SourceFile["locate"], Careful | null>();

/** How many files {@link recent} keeps parsed (a file of 1 MB parses to some 10 MB of nodes). */
export const RECENT_FILES = 4;

/**
 * A locator that keeps nothing of the file but what `text` holds: it gets the text from `text` when a position is
 * asked for (undefined: the file is not the one parsed any more, and positions are unknown), and keeps the parse
 * among the few recent.
 */
function locator(text: () => string | undefined): SourceFile["locate"] {
  const locate: SourceFile["locate"] = (pointer, opts) => {
    let careful = recent.get(locate);
    if (careful === undefined) {
      const t = text();
      careful = t === undefined ? null : carefulParse(t);
    }
    recent.delete(locate);
    recent.set(locate, careful);
    if (recent.size > RECENT_FILES) recent.delete(recent.keys().next().value!);
    return careful ? positionIn(careful, pointer, opts?.key ?? false) : {};
  };
  return locate;
}

/**
 * A locator reading the stamped file again. A function of its own: a closure made inside parseYaml would share
 * parseYaml's scope, and so keep the text (and the careful parser's document) alive.
 */
function locatorOnDisk(stamp: FileStamp): SourceFile["locate"] {
  return locator(() => rereadText(stamp));
}

/** A locator over text that is on no disk, which it keeps (and nothing else of parseYaml's). */
function locatorInMemory(text: string): SourceFile["locate"] {
  return locator(() => text);
}

/** A SourceFile for data parsed elsewhere (the parse worker) from the stamped file's bytes. */
export function sourceFromData(file: string, data: unknown, stamp: FileStamp): SourceFile {
  return { file, data, locate: locatorOnDisk(stamp) };
}

/**
 * Reads YAML bytes into a SourceFile, or throws ContentErrors with every syntax error of the file. With a stamp
 * (the file on disk the bytes came from) its locator reads the file again when asked; without one (text that is
 * on no disk: tests, a translation import being checked) it keeps the text.
 */
export function parseYaml(bytes: Uint8Array, file: string, stamp?: FileStamp): SourceFile {
  if (bytes.length > MAX_FILE_BYTES) {
    throw new ContentErrors([
      new ContentError(
        { file },
        `is ${(bytes.length / 1024 / 1024).toFixed(1)} MB, larger than the 1 MB a content file may be`,
        "content files hold text for one page; split or trim this one",
      ),
    ]);
  }
  const text = decodeUtf8(bytes, file);
  const later = stamp ? locatorOnDisk(stamp) : locatorInMemory(text);
  const deep = nestingTooDeep(text);
  if (deep) throw new ContentErrors([tooDeep(file, deep)]);
  const fast = fastParse(text);
  if (fast !== undefined) return checkedData({ file, data: fast, locate: locateIn(text) }, later);
  const lineCounter = new (yamlLib().LineCounter)();
  let doc: Document;
  try {
    doc = yamlLib().parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  } catch (e) {
    if (e instanceof RangeError) throw new ContentErrors([tooDeep(file, { line: 1, column: 1 })]);
    throw e;
  }
  // The scan above bounds nesting from the text; should the parser still run out of stack, say so in words.
  const overflow = doc.errors.find((e) => /call stack/i.test(e.message));
  if (overflow) {
    const pos = lineCounter.linePos(overflow.pos[0]);
    throw new ContentErrors([tooDeep(file, { line: pos.line, column: pos.col })]);
  }
  const { shown, more } = firstCauses(doc.errors);
  const errors = shown.map((e, i) => {
    const message = yamlMessage(e);
    const quote = /closing (["'])quote/.exec(message)?.[1];
    // An unclosed quote runs to the end of the file: point at where it opened instead.
    const offset = quote ? Math.max(0, text.lastIndexOf(quote, e.pos[0])) : e.pos[0];
    const pos = lineCounter.linePos(offset);
    const hint = [lineHint(text, pos.line) ?? yamlHint(e.code, message), i === 0 && more ? `${more} later syntax error${more === 1 ? "" : "s"} in this file probably follow from this one; fix it first` : undefined];
    return new ContentError({ file, line: pos.line, column: pos.col }, `YAML syntax: ${message}`, hint.filter(Boolean).join("; ") || undefined);
  });
  if (errors.length) throw new ContentErrors(errors);
  const place = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  const tags = foreignTags(doc, text);
  if (tags.length) throw new ContentErrors(tags.map((t) => new ContentError({ file, ...place(t.offset) }, ...tagMessage(t.tag))));
  const locate: SourceFile["locate"] = (pointer, opts) => positionIn({ doc, lineCounter }, pointer, opts?.key ?? false);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    // yaml refuses alias chains that expand exponentially (a "billion laughs" file) with a ReferenceError.
    if (!(e instanceof ReferenceError) || !/alias/i.test(e.message)) throw e;
    throw new ContentErrors([
      new ContentError(
        { file, ...place(blamedAlias(doc)) },
        "YAML: its aliases (*name) expand to too many values",
        "write the values out instead of nesting aliases of aliases",
      ),
    ]);
  }
  // The careful parser's strings are cut from the text too: copied once the data is known to be bounded.
  const source = checkedData({ file, data, locate }, later);
  return { ...source, data: detachStrings(source.data) };
}

/** The error for a file nested deeper than content ever is. */
function tooDeep(file: string, at: Position): ContentError {
  return new ContentError(
    { file, ...at },
    `YAML: lists and mappings nest more than ${MAX_DEPTH} levels deep here`,
    "content files need a few levels (a hotel's text is three deep); flatten this part",
  );
}

/** Message and hint for a tag (`!include`, `!!js/function`) that asks the loader for more than data. */
function tagMessage(tag: string): [string, string] {
  return [
    `YAML: the tag ${tag} is not supported (tags that include files, run code or build objects are refused)`,
    "remove the tag and write the value itself; only plain YAML values (text, numbers, true/false, lists, mappings) are read",
  ];
}

/**
 * Refuses parsed data with merge keys or aliases that nest it too deep, pointing at the place in the file (with
 * the parse in hand); returns the file with the locator it keeps.
 */
function checkedData(source: SourceFile, later: SourceFile["locate"]): SourceFile {
  const problems = dataProblems(source.data);
  const errors = problems.merges.map(
    (pointer) =>
      new ContentError(
        { file: source.file, ...source.locate(pointer, { key: true }), pointer },
        "YAML: <<: is a merge key, which is not supported",
        "write the fields out in full instead of merging them from an anchor (&name)",
      ),
  );
  if (problems.deep !== undefined) errors.push(tooDeep(source.file, source.locate(problems.deep)));
  if (errors.length) throw new ContentErrors(errors);
  return { file: source.file, data: source.data, locate: later };
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

/** A next step for the YAML errors people make most. */
/** Leading spaces of a line. */
const indentOf = (line: string) => /^ */.exec(line)![0].length;

/**
 * A hint from the text around an error's line, for the two slips the parser's own message does not explain:
 * a line of a `|` or `>` block indented less than the block (a second paragraph typed at the key's indentation),
 * and a plain value holding ": " (`title: Riverside elegance: on the Tagus`).
 */
export function lineHint(text: string, lineNo: number): string | undefined {
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
