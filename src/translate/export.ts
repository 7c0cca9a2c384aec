// `translate export`: the fields of one language that need work (missing or outdated; every field with --all)
// as XLIFF 2.0 units, one per field, with notes saying where the text appears and, for outdated units, the
// English the current translation was made from. Pure: the checked content in, a document out.
import type { Language, SiteSettings } from "../types.js";
import { makeRoutes } from "../site/routes.js";
import type { TranslationContext } from "./context.js";
import type { TextSource } from "./sources.js";
import { fieldStates, type FieldState } from "./status.js";
import type { XliffDoc, XliffUnit } from "./xliff.js";

/** A file's id in XLIFF (an NMTOKEN: no slashes): "hotels/bali.yaml" -> "hotels.bali.yaml". */
export const fileId = (key: string) => key.replace(/[^A-Za-z0-9._-]/g, ".");

/** A field's unit id (an NMTOKEN): "/sections/0/title" -> "sections.0.title". */
export const unitId = (pointer: string) => pointer.slice(1).replace(/[^A-Za-z0-9._-]/g, ".");

/** Options for {@link exportXliff}. */
export interface ExportOptions {
  ctx: TranslationContext;
  site: SiteSettings;
  lang: Language;
  /** Every field, not only the missing and outdated ones. */
  all?: boolean;
  baseUrl?: string;
}

/** Where a source's text appears, in words a translator can follow. */
function whereShown(src: TextSource, lang: string, site: SiteSettings, baseUrl?: string): string {
  const routes = makeRoutes(site, baseUrl);
  if (src.source === "strings") return "interface text, on every page";
  if (src.source === "home") return `home page, ${routes.absolute(routes.url({ kind: "home" }, lang))}`;
  const id = src.source.slice("hotel:".length);
  return `hotel page, ${routes.absolute(routes.url({ kind: "hotel", id }, lang))} (name, title, location and description also on the home page's card)`;
}

/** One unit per field state. */
function unitOf(s: FieldState, site: SiteSettings, baseUrl?: string): XliffUnit {
  const notes = [
    { category: "location", text: `${whereShown(s.src, s.lang, site, baseUrl)}; field ${s.pointer.slice(1)} in ${s.src.key}` },
  ];
  if (s.state === "outdated") {
    notes.push(
      s.oldEnglish === undefined
        ? { category: "outdated", text: "The translation below is not recorded as made from the current English: check it against the source." }
        : { category: "outdated", text: `The English changed. The translation below was made from: ${s.oldEnglish}` },
    );
  }
  return {
    id: unitId(s.pointer),
    source: s.english,
    target: s.translation,
    state: s.state === "current" ? "translated" : "initial",
    notes,
  };
}

/** The XLIFF document for one language: what needs work, or everything with `all`. */
export function exportXliff({ ctx, site, lang, all, baseUrl }: ExportOptions): { doc: XliffDoc; units: number } {
  const def = site.languages[0];
  const states = fieldStates({ sources: ctx.sources, defaultLang: def.code, langs: [lang.code], lock: ctx.lock }).filter((s) => all || s.state !== "current");
  // Each source's states, grouped in one pass (a filter per source was quadratic: 1,337 files x 42,000 fields).
  const bySource = new Map<unknown, typeof states>();
  for (const s of states) bySource.get(s.src)?.push(s) ?? bySource.set(s.src, [s]);
  const files = ctx.sources
    .map((src) => ({ id: fileId(src.key), original: src.key, units: (bySource.get(src) ?? []).map((s) => unitOf(s, site, baseUrl)) }))
    .filter((f) => f.units.length > 0);
  return { doc: { srcLang: def.htmlLang, trgLang: lang.htmlLang, files }, units: states.length };
}
