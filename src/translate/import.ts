// `translate import`: a translated XLIFF file back into the YAML, all or nothing: every unit is checked before anything
// is written, and only the changed fields' lines change (yaml-edit.ts).
import { isMap, isScalar, isSeq, type Document } from "yaml";
import { ContentError, ContentErrors } from "../errors.js";
import { pointerToPath } from "../content/yaml.js";
import type { Language } from "../types.js";
import type { TranslationContext } from "./context.js";
import { fileId, unitId } from "./export.js";
import { fieldsOf, normalize, textAt, type TextSource } from "./sources.js";
import type { XliffDoc } from "./xliff.js";
import { editYaml } from "./yaml-edit.js";

/** One translation to write. */
export interface ImportChange {
  src: TextSource;
  /** Field inside the language block. */
  pointer: string;
  english: string;
  target: string;
  /** False when the target is the translation already in the file: only the lock changes. */
  write: boolean;
}

/** A unit with a target that import leaves as it is, and why (the summary names each). */
export interface NotImported {
  key: string;
  unit: string;
  reason: string;
}

/** What an import will do. */
export interface ImportPlan {
  lang: Language;
  changes: ImportChange[];
  /** Units left as they were: no target, or a target that is the translation already there and not marked done. */
  skipped: number;
  /** The skipped units that had a target, with the reason. */
  notImported?: NotImported[];
  /** Imported units whose file still said state="initial" (a translator typed the target and left the state). */
  fromInitial?: number;
}

/** The site language an XLIFF trgLang names: its BCP 47 tag, its code, or its primary subtag. */
export function languageOf(tag: string, languages: Language[]): Language | undefined {
  const t = tag.toLowerCase();
  return (
    languages.find((l) => l.htmlLang.toLowerCase() === t || l.code === t) ??
    languages.find((l) => l.code === t.split("-")[0])
  );
}

/** Checks every unit against the content; throws ContentErrors naming each unit it refuses. */
export function planImport(o: { doc: XliffDoc; shown: string; ctx: TranslationContext; languages: Language[] }): ImportPlan {
  const errors: ContentError[] = [];
  const refuse = (line: number | undefined, message: string, hint: string) => errors.push(new ContentError({ file: o.shown, line, column: line ? 1 : undefined }, message, hint));
  const [def, ...others] = o.languages;
  const lang = languageOf(o.doc.trgLang, others);
  if (!lang) {
    refuse(1, `has trgLang "${o.doc.trgLang}", not one of the site's translation languages (${others.map((l) => l.htmlLang).join(", ")})`, "export a file for the language with `hotelsite translate export --lang <code>`");
    throw new ContentErrors(errors);
  }
  if (o.doc.srcLang && languageOf(o.doc.srcLang, [def]) !== def) {
    refuse(1, `has srcLang "${o.doc.srcLang}", but the site's default language is ${def.htmlLang}`, "export the file again from this site");
  }
  const changes: ImportChange[] = [];
  const notImported: NotImported[] = [];
  let skipped = 0;
  let fromInitial = 0;
  const byId = new Map(o.ctx.sources.map((s) => [fileId(s.key), s]));
  const byKey = new Map(o.ctx.sources.map((s) => [s.key, s]));
  const renamedIds = new Map([...(o.ctx.renamed ?? [])].map(([from, to]) => [fileId(from), to]));
  for (const f of o.doc.files) {
    // A file exported before its hotel was renamed (an alias names the old file) goes to the hotel's file now.
    const renamed = renamedIds.get(f.id) ?? (f.original !== undefined ? o.ctx.renamed?.get(f.original) : undefined);
    const src = byId.get(f.id) ?? (f.original !== undefined ? byKey.get(f.original) : undefined) ?? (renamed !== undefined ? byKey.get(renamed) : undefined);
    if (!src) {
      refuse(f.line, `names a file this site does not have: <file id="${f.id}">`, "import only files exported from this content folder");
      continue;
    }
    const fields = new Map(fieldsOf(src.blocks[def.code]).map((x) => [unitId(x.pointer), x]));
    for (const u of f.units) {
      const field = fields.get(u.id);
      if (!field) {
        refuse(u.line, `unit "${u.id}" of ${src.key} is not a field this site knows`, "the field may have been removed or renamed since the export; export again");
        continue;
      }
      if (normalize(u.source) !== normalize(field.text)) {
        refuse(u.line, `unit "${u.id}" of ${src.key}: the ${def.code} text changed since the export`, `export again to translate the new text (now: ${JSON.stringify(field.text.slice(0, 80))})`);
        continue;
      }
      const target = u.target?.replace(/\r\n?/g, "\n").trim();
      const current = textAt(src.blocks[lang.code], field.pointer);
      const differs = target !== undefined && (current === undefined || normalize(target) !== normalize(current));
      // A target that differs from the file's translation is the translator's work, whatever the state (tools often
      // leave "initial"); the same text counts only when marked done.
      const done = u.state !== undefined && u.state !== "initial";
      if (!target || (!differs && !done)) {
        skipped++;
        if (target) notImported.push({ key: src.key, unit: u.id, reason: `its target is the ${lang.code} text already in the file and its state is ${u.state ? `"${u.state}"` : "not set"}; set state="translated" to record it as current` });
        continue;
      }
      if (u.state === "initial") fromInitial++;
      changes.push({ src, pointer: field.pointer, english: field.text, target, write: differs });
    }
  }
  if (errors.length) throw new ContentErrors(errors);
  return { lang, changes, skipped, notImported, fromInitial };
}

/** An empty node standing in for a list item a translation does not have yet. */
function placeholderFor(english: unknown, doc: Document): unknown {
  return english && typeof english === "object" && !Array.isArray(english) ? doc.createNode({}) : null;
}

/** Sets one field of a parsed YAML document, keeping the style of a scalar that is already there. */
function setField(doc: Document, path: (string | number)[], value: string, englishAt: (depth: number) => unknown): void {
  const existing = doc.getIn(path, true);
  if (isScalar(existing)) {
    // A block scalar that ended with a line break (`|`) keeps it, so its header line does not change.
    existing.value = typeof existing.value === "string" && existing.value.endsWith("\n") && !value.endsWith("\n") ? `${value}\n` : value;
    return;
  }
  // Missing blocks and lists are made first; a list shorter than the field's index gets empty items, not holes.
  for (let depth = 1; depth < path.length; depth++) {
    const here = path.slice(0, depth);
    const seg = path[depth];
    if (doc.getIn(here, true) == null) doc.setIn(here, doc.createNode(typeof seg === "number" ? [] : {}));
    const parent = doc.getIn(here, true);
    if (typeof seg === "number" && isSeq(parent)) {
      while (parent.items.length < seg) parent.items.push(placeholderFor(englishAt(depth), doc) as never);
    }
    if (!isMap(parent) && !isSeq(parent)) break;
  }
  doc.setIn(path, value);
}

/** The YAML files' new texts: `texts` maps a source's key to its current text. */
export function applyImport(plan: ImportPlan, texts: Map<string, string>, defaultLang: string): Map<string, string> {
  const byFile = new Map<string, ImportChange[]>();
  for (const c of plan.changes) if (c.write) byFile.get(c.src.key)?.push(c) ?? byFile.set(c.src.key, [c]);
  const out = new Map<string, string>();
  for (const [key, changes] of byFile) {
    out.set(
      key,
      editYaml(texts.get(key)!, (doc) => {
        for (const c of changes) {
          const base = pointerToPath(c.src.base);
          const field = pointerToPath(c.pointer);
          const path = [...base, plan.lang.code, ...field];
          // The default language's value at the same place as path[0..depth], to shape a missing list item.
          const englishAt = (depth: number) => field.slice(0, depth - base.length).reduce<unknown>((node, seg) => (node as Record<string | number, unknown> | undefined)?.[seg], c.src.blocks[defaultLang]);
          setField(doc, path, c.target, englishAt);
        }
      }),
    );
  }
  return out;
}
