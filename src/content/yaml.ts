// Parses one YAML file into data plus a locator from JSON pointers to line and column, so every later
// error can say where it is (docs/architecture.md: js-yaml when well formed, yaml with positions when asked).
import jsyaml from "js-yaml";
import type { Document, LineCounter, Node } from "yaml";
import { yamlLib } from "./yaml-lib.js";
import { ContentError, ContentErrors } from "../errors.js";
import type { Position, SourceFile } from "../types.js";
import { detachedString, detachStrings } from "../util/detach-strings.js";
import { segmentKey } from "../util/json-pointer.js";
import { decodeUtf8, rereadText, type FileStamp } from "./source-text.js";
import { syntaxErrors, tagMessage } from "./yaml-hints.js";
import { blamedAlias, dataProblems, foreignTags, MAX_DEPTH, nestingTooDeep } from "./yaml-limits.js";

/** Largest content file we read: real content is a few KB; anything this big is a mistake. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** Turns a JSON pointer into path segments ("/a/0/b" -> ["a", 0, "b"]). */
export function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map(segmentKey)
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

/** Copies each string (keys too: V8 interns the first "en") out of the text js-yaml cuts it from (util/detach-strings.ts). */
function detachScalar(event: jsyaml.EventType, state: jsyaml.State): void {
  if (event === "close" && typeof state.result === "string") state.result = detachedString(state.result);
}

/** Anchors and aliases (&name, *name) go to the careful parser, which bounds how far they expand. */
const ANCHOR_OR_ALIAS = /(^|[\s:[{,-])[&*][^\s,[\]{}]/m;

/** Parses a well-formed file six times faster than the careful parser; undefined for errors, empty files, anchors. */
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

/** A locator getting the text from `text` when asked (undefined: the file changed, positions unknown), parse kept among the recent. */
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

/** A locator reading the stamped file again; a function of its own so that no closure keeps parseYaml's text alive. */
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

/** Reads YAML bytes into a SourceFile (keeping the text only without a stamp), or throws every syntax error of the file. */
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
  const errors = syntaxErrors({ file, text, lineCounter, errors: doc.errors });
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

/** Refuses merge keys and aliases nesting too deep while the parse is in hand; returns the file with the locator it keeps. */
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
