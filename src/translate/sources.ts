// The translatable text of a site: every text source, the file it lives in, and each default-language field's pointer.
import path from "node:path";
import type { Content, LoadedContent, SourceFile } from "../types.js";
import { childPointer, segmentKey } from "../util/json-pointer.js";

/** One text source and where its language blocks are. */
export interface TextSource {
  /** "strings", "home" or "hotel:<id>", as coverage names it. */
  source: string;
  /** The file relative to the content folder, with forward slashes: the key in the lock and in XLIFF. */
  key: string;
  file: SourceFile;
  /** Pointer of the object holding the language blocks ("" or "/text"). */
  base: string;
  /** Language code -> that language's block, as parsed. */
  blocks: Record<string, unknown>;
}

/** A default-language text field: pointer inside a language block ("/sections/0/title") and its text. */
export interface Field {
  pointer: string;
  text: string;
}

/** Every text source of the content and its file, in content order (check's warnings place theirs in these files too). */
export function sourceFiles(loaded: LoadedContent, content: Content): Omit<TextSource, "key">[] {
  const list: Omit<TextSource, "key">[] = [
    { source: "strings", file: loaded.strings, base: "", blocks: content.strings },
    { source: "home", file: loaded.home, base: "", blocks: content.home },
  ];
  const byFile = new Map(loaded.hotels.map((h) => [h.file, h]));
  for (const h of content.hotels) {
    const file = byFile.get(content.files[`hotel:${h.id}`]);
    if (file) list.push({ source: `hotel:${h.id}`, file, base: "/text", blocks: h.text });
  }
  return list;
}

/** Every text source of the content, in a stable order: strings, home, hotels by file. */
export function textSources(loaded: LoadedContent, content: Content, cwd: string): TextSource[] {
  const key = (f: SourceFile) => path.relative(loaded.contentDir, path.resolve(cwd, f.file)).split(path.sep).join("/");
  const list = sourceFiles(loaded, content).map((s) => ({ ...s, key: key(s.file) }));
  return list.sort((a, b) => rank(a.source) - rank(b.source) || a.key.localeCompare(b.key));
}

const rank = (s: string) => (s === "strings" ? 0 : s === "home" ? 1 : 2);

/** Every string leaf of a default-language block with its pointer: the fields a translation may hold. */
export function fieldsOf(block: unknown, pointer = ""): Field[] {
  if (typeof block === "string") return [{ pointer, text: block }];
  if (Array.isArray(block)) return block.flatMap((item, i) => fieldsOf(item, `${pointer}/${i}`));
  if (block && typeof block === "object") return Object.entries(block).flatMap(([k, v]) => fieldsOf(v, childPointer(pointer, k)));
  return [];
}

/** The value at a pointer inside a block, when it is a non-empty string (what counts as translated). */
export function textAt(block: unknown, pointer: string): string | undefined {
  let node: unknown = block;
  for (const raw of pointer.split("/").slice(1)) {
    const k = segmentKey(raw);
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[k];
  }
  return typeof node === "string" && node.length > 0 ? node : undefined;
}

/** The same text, whitespace aside: what "the English is unchanged" and "the same label" compare. */
export function normalize(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}
