// XLIFF 2.0 written for translators' tools and read back with saxes, a strict XML parser (a malformed file is refused
// with its line and column); reading is lenient where tools differ.
import { SaxesParser } from "saxes";
import { ContentError, ContentErrors } from "../errors.js";
import { xmlEscape as esc } from "../site/xml.js";

/** One translation unit: a field's English, its translation when there is one, and notes for the translator. */
export interface XliffUnit {
  id: string;
  source: string;
  target?: string;
  /** XLIFF segment state: initial (needs work), translated, reviewed, final; absent when a tool writes none. */
  state?: string;
  notes?: { category: string; text: string }[];
  /** Line of the <unit> in a parsed file, for messages. */
  line?: number;
}

/** One <file>: a content file's units. */
export interface XliffFile {
  id: string;
  original?: string;
  units: XliffUnit[];
  line?: number;
}

/** An XLIFF 2.0 document. */
export interface XliffDoc {
  srcLang: string;
  trgLang: string;
  files: XliffFile[];
}

/** The document as XLIFF 2.0 text. */
export function writeXliff(doc: XliffDoc): string {
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${esc(doc.srcLang)}" trgLang="${esc(doc.trgLang)}">`,
  ];
  for (const f of doc.files) {
    out.push(`  <file id="${esc(f.id)}"${f.original ? ` original="${esc(f.original)}"` : ""}>`);
    for (const u of f.units) {
      out.push(`    <unit id="${esc(u.id)}">`);
      if (u.notes?.length) {
        out.push(`      <notes>`);
        for (const n of u.notes) out.push(`        <note category="${esc(n.category)}">${esc(n.text)}</note>`);
        out.push(`      </notes>`);
      }
      out.push(`      <segment${u.state ? ` state="${esc(u.state)}"` : ""}>`);
      out.push(`        <source xml:space="preserve">${esc(u.source)}</source>`);
      if (u.target !== undefined) out.push(`        <target xml:space="preserve">${esc(u.target)}</target>`);
      out.push(`      </segment>`, `    </unit>`);
    }
    out.push(`  </file>`);
  }
  out.push(`</xliff>`, "");
  return out.join("\n");
}

/** Parses XLIFF 2.x text, or throws ContentErrors naming `shown` with the place of the problem. */
export function parseXliff(text: string, shown: string): XliffDoc {
  const parser = new SaxesParser({ position: true });
  const fail = (message: string, hint?: string): never => {
    throw new ContentErrors([new ContentError({ file: shown, line: parser.line, column: parser.column + 1 }, message, hint)]);
  };
  if (!text.trim()) fail("is empty", "export one with `hotelsite translate export --lang <code>`");
  const doc: XliffDoc = { srcLang: "", trgLang: "", files: [] };
  let file: XliffFile | undefined;
  let unit: XliffUnit | undefined;
  // Which text the characters go to: the unit's source or target, or nothing.
  let into: "source" | "target" | null = null;
  let sawRoot = false;
  const fileIds = new Map<string, XliffFile>();
  const originals = new Map<string, XliffFile>();
  let unitIds = new Map<string, XliffUnit>();
  const local = (name: string) => name.slice(name.indexOf(":") + 1);

  parser.on("opentag", (tag) => {
    const name = local(tag.name);
    const attr = (a: string) => (tag.attributes[a] as string | undefined) ?? undefined;
    if (!sawRoot) {
      sawRoot = true;
      if (name !== "xliff") fail(`is not an XLIFF file: its root element is <${tag.name}>`, "export one with `hotelsite translate export --lang <code>`");
      if (!/^2\./.test(attr("version") ?? "")) fail(`is XLIFF ${attr("version") ?? "without a version"}; hotelsite reads XLIFF 2.0`, "save it from your tool as XLIFF 2.0");
      doc.srcLang = attr("srcLang") ?? "";
      doc.trgLang = attr("trgLang") ?? "";
      return;
    }
    if (name === "file") {
      const [id, original] = [attr("id") ?? "", attr("original")];
      // Looked up in maps, never by scanning the files or units before (quadratic: a 5 MB file took minutes).
      const first = fileIds.get(id) ?? (original !== undefined ? originals.get(original) : undefined);
      // Two <file>s of one content file (or two <unit>s of one field): which one wins would be a guess, so neither does.
      const which = first?.id === id ? `id="${id}"` : `original="${original}"`;
      if (first) fail(`has a second <file ${which}> (the first is on line ${first.line})`, "keep one <file> element per content file: merge the units of the two");
      doc.files.push((file = { id, original, units: [], line: parser.line }));
      fileIds.set(id, file);
      if (original !== undefined) originals.set(original, file);
      unitIds = new Map();
    } else if (name === "unit" && file) {
      const id = attr("id") ?? "";
      const first = unitIds.get(id);
      if (first) fail(`has a second <unit id="${id}"> in <file id="${file.id}"> (the first is on line ${first.line})`, "keep one unit per field: delete one of the two");
      file.units.push((unit = { id, source: "", line: parser.line }));
      unitIds.set(id, unit);
    }
    else if (name === "segment" && unit && attr("state")) unit.state = attr("state");
    else if ((name === "source" || name === "target") && unit) {
      into = name;
      if (name === "target") unit.target ??= "";
    }
  });
  const append = (t: string) => {
    if (unit && into) unit[into] = (unit[into] ?? "") + t;
  };
  parser.on("text", append);
  parser.on("cdata", append);
  parser.on("closetag", (tag) => {
    const name = local(tag.name);
    if (name === "source" || name === "target") into = null;
    else if (name === "unit") unit = undefined;
    else if (name === "file") file = undefined;
  });
  parser.on("error", (e) => fail(`is not well-formed XML: ${e.message.replace(/^(?:.*?:)?\d+:\d+: /, "")}`, "open it in your translation tool and save it again, or export a fresh file"));
  parser.write(text).close();
  return doc;
}
