// Where validation meets the programmes: link hosts read loosely, and the settings' problems as located errors.
import { ContentError, type Warning } from "../errors.js";
import { PLACEMENTS } from "../site/affiliate.js";
import { makeRoutes } from "../site/routes.js";
import type { SiteSettings, SourceFile } from "../types.js";
import { Memo, table } from "../util/memo.js";
import { attributionParams, hostsWhere, looseProgrammes, programmeOf } from "./programmes.js";
import { affiliateProblems, type SettingProblem } from "./validate.js";

/** What a hotel's link is checked against: its programme's hosts (where they are written) and the parameters compared links drop. */
export interface LinkRules {
  hosts: string[] | undefined;
  where: string;
  strip: string[];
}

/** The general link and, per programme a hotel may name, the rules of its link; from site.yaml's data as it is. */
export function looseHosts(data: unknown): { link?: string; strip: string[]; of: (programme: unknown) => LinkRules } {
  const all = looseProgrammes(data);
  const link = (data as { affiliate?: { link?: unknown } } | null)?.affiliate?.link;
  // Links that differ only in the partner id, the label or the language are one link.
  const strip = all ? attributionParams(all) : [];
  return {
    link: typeof link === "string" ? link : undefined,
    strip,
    of: (name) => {
      if (!all) return { hosts: undefined, where: "site.yaml affiliate", strip };
      const p = programmeOf(all, typeof name === "string" ? name : undefined);
      return { hosts: p.hosts, where: hostsWhere(p), strip };
    },
  };
}

const FOUND = table<SiteSettings["affiliate"], { key: string; problems: SettingProblem[] }>("affiliate problems");

/** The affiliate settings' errors and warnings, located in site.yaml or the hotel's file; kept while what they read is the same. */
export function affiliateErrors(source: SourceFile, site: SiteSettings, hotels: Map<string, SourceFile>, memo: Memo): { errors: ContentError[]; warnings: Warning[] } {
  const { slug } = makeRoutes(site);
  const list = [...hotels].map(([id, file]) => {
    const named = (file.data as { programme?: unknown } | null)?.programme;
    return { id, programme: typeof named === "string" ? named : undefined, page: slug(id), file };
  });
  const key = JSON.stringify([site.languages.map((l) => l.code), site.brand.slugPrefix, list.map((h) => [h.id, h.programme])]);
  let kept = memo.map(FOUND).get(site.affiliate);
  if (!kept || kept.key !== key) {
    kept = { key, problems: affiliateProblems(site, { hotels: list, placements: PLACEMENTS, locate: (p) => source.locate(p), file: source.file }) };
    memo.map(FOUND).set(site.affiliate, kept);
  }
  const errors: ContentError[] = [];
  const warnings: Warning[] = [];
  for (const p of kept.problems) {
    const file = p.hotel === undefined ? source : hotels.get(p.hotel)!;
    const { line, column } = file.locate(p.pointer, { key: p.pointer === "/affiliate" });
    const place = { file: file.file, line, column, pointer: p.pointer };
    if (p.warning) warnings.push({ place, message: p.message });
    else errors.push(new ContentError(place, p.message, p.hint));
  }
  return { errors, warnings };
}
