// `translate export`: the fields of one language that need work (or all) as XLIFF 2.0 units, with notes on where the
// text appears and the English an outdated translation was made from. Pure.
import type { Language, SiteSettings } from "../types.js";
import { makeRoutes } from "../site/routes.js";
import type { TranslationContext } from "./context.js";
import { normalize, type TextSource } from "./sources.js";
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
}

/** Where a source's text appears, in words a translator can follow. */
function whereShown(src: TextSource, lang: string, site: SiteSettings): string {
  const routes = makeRoutes(site);
  if (src.source === "strings") return "interface text, on every page";
  if (src.source === "home") return `home page, ${routes.absolute(routes.url({ kind: "home" }, lang))}`;
  const id = src.source.slice("hotel:".length);
  return `hotel page, ${routes.absolute(routes.url({ kind: "hotel", id }, lang))} (name, title, location and description also on the home page's card)`;
}

function unitOf(s: FieldState, site: SiteSettings): XliffUnit {
  const notes = [
    { category: "location", text: `${whereShown(s.src, s.lang, site)}; field ${s.pointer.slice(1)} in ${s.src.key}` },
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

/** The one translation the site already gives each English text, with where: what a missing field of it is pre-filled with. */
function knownTranslations(states: FieldState[]): Map<string, { text: string; at: string }> {
  const seen = new Map<string, { text: string; at: string } | null>();
  for (const s of states) {
    if (s.state !== "current") continue;
    const key = normalize(s.english);
    const known = seen.get(key);
    if (known === undefined) seen.set(key, { text: s.translation!, at: `${s.src.key} ${s.pointer.slice(1)}` });
    else if (known && normalize(known.text) !== normalize(s.translation!)) seen.set(key, null);
  }
  return new Map([...seen].filter((e): e is [string, { text: string; at: string }] => e[1] !== null));
}

/** The XLIFF document for one language: what needs work, or everything with `all`; `prefilled` counts the suggestions. */
export function exportXliff({ ctx, site, lang, all }: ExportOptions): { doc: XliffDoc; units: number; prefilled: number } {
  const def = site.languages[0];
  const every = fieldStates({ sources: ctx.sources, defaultLang: def.code, langs: [lang.code], lock: ctx.lock });
  const known = knownTranslations(every);
  const states = every.filter((s) => all || s.state !== "current");
  let prefilled = 0;
  const unit = (s: FieldState): XliffUnit => {
    const u = unitOf(s, site);
    const same = s.state === "missing" ? known.get(normalize(s.english)) : undefined;
    if (!same) return u;
    prefilled++;
    const note = { category: "suggestion", text: `Pre-filled with the site's translation of the same English (${same.at}): keep it or change it.` };
    return { ...u, target: same.text, state: "initial", notes: [...(u.notes ?? []), note] };
  };
  // Grouped in one pass: a filter per source was quadratic.
  const bySource = new Map<unknown, typeof states>();
  for (const s of states) bySource.get(s.src)?.push(s) ?? bySource.set(s.src, [s]);
  const files = ctx.sources
    .map((src) => ({ id: fileId(src.key), original: src.key, units: (bySource.get(src) ?? []).map(unit) }))
    .filter((f) => f.units.length > 0);
  return { doc: { srcLang: def.htmlLang, trgLang: lang.htmlLang, files }, units: states.length, prefilled };
}
