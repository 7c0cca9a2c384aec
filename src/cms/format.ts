// Content files as the browser editor sees them (languages at the top level) and back; a save rewrites only the values
// the person changed (translate/yaml-edit.ts), so comments, quoting, key order and block style stay.
import { isScalar, parse, Scalar, stringify, type Document } from "yaml";
import { editYaml } from "../translate/yaml-edit.js";

/** Which kind of content file, and what the mapping needs to know about it. */
export interface FileKind {
  /** Files whose text lives under `text` (hotels): the names of their shared (top-level) fields. */
  ownFields?: readonly string[];
  /** The site's language codes, default first. */
  languages: readonly string[];
  /** Dotted paths of values the editor keeps without showing (config.ts hides them): never deleted by a save. */
  hidden?: readonly string[];
}

type Data = Record<string, unknown>;
type Path = (string | number)[];

const isMap = (v: unknown): v is Data => typeof v === "object" && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0) || (isMap(v) && Object.keys(v).length === 0);

/** A file's data as the CMS takes it: languages at the top, a hotel's shared fields in the default language's block. */
export function toCms(data: unknown, kind: FileKind): Data {
  if (!isMap(data) || !kind.ownFields) return isMap(data) ? data : {};
  const { text, ...own } = data;
  const texts = isMap(text) ? text : {};
  const [first] = kind.languages;
  return { ...Object.fromEntries(Object.entries(texts)), [first]: { ...own, ...(isMap(texts[first]) ? texts[first] : {}) } };
}

/** The CMS's data as the file holds it: the inverse of {@link toCms}, without the empty values the CMS leaves. */
export function fromCms(cms: Data, kind: FileKind): Data {
  const clean = prune(cms) as Data;
  if (!kind.ownFields) return clean;
  const own: Data = {};
  const text: Data = {};
  for (const [lang, block] of Object.entries(clean)) {
    if (!isMap(block)) continue;
    const words: Data = {};
    for (const [k, v] of Object.entries(block)) {
      if (!kind.ownFields.includes(k)) words[k] = v;
      else if (lang === kind.languages[0]) own[k] = v;
    }
    if (Object.keys(words).length) text[lang] = words;
  }
  return { ...own, text };
}

/** The value without empty strings, lists and maps (what the CMS writes for a field nobody filled). */
function prune(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(prune);
  if (!isMap(v)) return v;
  const out: Data = {};
  for (const [k, x] of Object.entries(v)) {
    const p = prune(x);
    if (!isEmpty(p)) out[k] = p;
  }
  return out;
}

/** Equal strings, also when one lost the final line break a block scalar (`|`) keeps. */
const sameText = (a: string, b: string) => a === b || a.replace(/\n$/, "") === b.replace(/\n$/, "");

function same(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return sameText(a, b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isMap(a) && isMap(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => !(isEmpty(a[k]) && isEmpty(b[k]))));
    return [...keys].every((k) => same(a[k], b[k]));
  }
  return a === b;
}

/** Writes one changed value, keeping the style of the scalar it replaces (quoted, plain, `|`). */
function setValue(doc: Document, path: Path, before: unknown, value: unknown) {
  const node = doc.getIn(path, true);
  if (isScalar(node) && !isMap(value) && !Array.isArray(value)) {
    // A block scalar keeps its final line break as the file had it.
    node.value = typeof value === "string" && typeof before === "string" && before.endsWith("\n") && !value.endsWith("\n") ? `${value}\n` : value;
    if (typeof value === "string" && value.includes("\n") && node.type !== Scalar.BLOCK_FOLDED) node.type = Scalar.BLOCK_LITERAL;
    return;
  }
  doc.setIn(path, doc.createNode(value));
}

/** Makes the document hold `after` where it held `before`, touching only what differs; `hidden` paths are kept. */
function sync(doc: Document, path: Path, before: unknown, after: unknown, hidden: ReadonlySet<string>) {
  if (same(before, after)) return;
  if (isMap(before) && isMap(after)) {
    const dotted = (k: string) => [...path, k].filter((p) => typeof p === "string").join(".");
    for (const k of Object.keys(before)) if (!(k in after) && !isEmpty(before[k]) && !hidden.has(dotted(k))) doc.deleteIn([...path, k]);
    for (const [k, v] of Object.entries(after)) sync(doc, [...path, k], before[k], v, hidden);
  } else if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = before.length - 1; i >= after.length; i--) doc.deleteIn([...path, i]);
    after.forEach((v, i) => (i < before.length ? sync(doc, [...path, i], before[i], v, hidden) : doc.addIn(path, doc.createNode(v))));
  } else setValue(doc, path, before, after);
}

/** The file's new text after an edit in the CMS: only the changed values rewritten, or a new file printed whole. */
export function fileText(cms: Data, kind: FileKind, original?: string): string {
  const after = fromCms(cms, kind);
  if (original === undefined) return stringify(after, { lineWidth: 0 });
  // The CMS hands a file's text over trimmed; the file on disk ends with its line break.
  const base = original.endsWith("\n") ? original : `${original}\n`;
  // The text was parsed whole when the CMS read it (repeated keys refused then): the package's key check is quadratic.
  const text = editYaml(base, (doc) => sync(doc, [], parse(base, { uniqueKeys: false }), after, new Set(kind.hidden)));
  return text.endsWith("\n") ? text : `${text}\n`;
}
