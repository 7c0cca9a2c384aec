// Placement ids: one per page, language and placement, written so every programme takes them unchanged as its sub-id.
import { Memo, table } from "../util/memo.js";
import type { Programme, Programmes } from "./programmes.js";

/** The values a placement id is made from. */
export interface PlacementValues {
  lang: string;
  /** "home", "404" or the hotel page's slug. */
  page: string;
  placement: string;
}

/** The placeholders a placement id template may use. */
export const ID_PLACEHOLDERS = ["lang", "page", "placement"] as const;

/** The longest placement name (header, footer): the room a page's part leaves for it. */
const LONGEST_PLACEMENT = 6;

/** Makes placement ids for one site's programmes. */
export interface IdMaker {
  id(values: PlacementValues): string;
  /** The programme whose length limit made a page's ids use a short code, if any (check warns). */
  shortenedBy(values: Pick<PlacementValues, "page">): Programme | undefined;
  /** The template's first character some programme refuses, and that programme. */
  refused?: { char: string; programme: Programme };
  maxLength: number;
  /** The characters a page's part may take (Infinity without {page}). */
  room: number;
}

const classOf = (p: Programme) => new RegExp(`^[${p.subId.characters}]$`);

/** A short stable code of a page key: FNV-1a, base 36, four characters. */
export function pageCode(page: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < page.length; i++) h = Math.imul(h ^ page.charCodeAt(i), 0x01000193) >>> 0;
  return (h % 36 ** 4).toString(36).padStart(4, "0");
}

function maker(all: Programmes): IdMaker | undefined {
  const template = all.placementIds;
  if (template === undefined) return undefined;
  const classes = all.list.map((p) => [p, classOf(p)] as const);
  const accepted = new Map<string, boolean>();
  const ok = (ch: string) => accepted.get(ch) ?? accepted.set(ch, classes.every(([, re]) => re.test(ch))).get(ch)!;
  const sep = ok("_") ? "_" : "";
  // Each value written once: a site has a few languages and placements and one slug a page, used six times a page.
  const written = new Map<string, string>();
  const write = (value: string) => written.get(value) ?? written.set(value, [...value].map((ch) => (ok(ch) ? ch : sep)).join("")).get(value)!;
  const parts = template.split(/\{(lang|page|placement)\}/);
  let refused: IdMaker["refused"];
  for (let i = 0; i < parts.length && !refused; i += 2) {
    for (const ch of parts[i]) {
      const no = classes.find(([, re]) => !re.test(ch));
      if (no) refused = { char: ch, programme: no[0] };
    }
  }
  const maxLength = Math.min(...all.list.map((p) => p.subId.maxLength));
  const count = (name: string) => template.split(`{${name}}`).length - 1;
  // Room for a page's part beside the longest language and placement, so one page's ids share one page part.
  const fixed = parts.filter((_, i) => i % 2 === 0).join("").length;
  const room = count("page") ? Math.floor((maxLength - fixed - count("lang") * 3 - count("placement") * LONGEST_PLACEMENT) / count("page")) : Infinity;
  const pagePart = (page: string) => {
    const slug = write(page);
    if (slug.length <= room) return slug;
    let start = slug.slice(0, Math.max(0, room - 4 - sep.length));
    while (sep && start.endsWith(sep)) start = start.slice(0, -1);
    return start + sep + pageCode(page);
  };
  const id = (v: PlacementValues) => {
    let out = parts[0];
    for (let i = 1; i < parts.length; i += 2) out += (parts[i] === "page" ? pagePart(v.page) : write(v[parts[i] as keyof PlacementValues])) + parts[i + 1];
    return out;
  };
  return {
    id,
    shortenedBy: (v) => (write(v.page).length > room ? all.list.find((p) => p.subId.maxLength === maxLength) : undefined),
    refused,
    maxLength,
    room,
  };
}

const MAKERS = table<Programmes, { maker: IdMaker | undefined }>("placement ids");

/** The placement id maker of a site's programmes (none when site.yaml declares no placement ids). */
export function idMaker(all: Programmes, memo: Memo = new Memo()): IdMaker | undefined {
  return memo.get(MAKERS, all, () => ({ maker: maker(all) })).maker;
}

/** A placement id problem: where in site.yaml, what, and what to do. */
export interface IdProblem {
  pointer: string;
  message: string;
  hint: string;
}

/** Why the placement ids would not pass every programme unchanged or would not tell every button apart; [] when fine. */
export function placementIdProblems(all: Programmes, o: { langs: string[]; pages: string[]; placements: readonly string[]; where: (pointer: string) => string }): IdProblem[] {
  const ids = idMaker(all);
  if (!ids) return [];
  const template = all.placementIds!;
  const pointer = all.placementIdsAt;
  const missing = ID_PLACEHOLDERS.filter((p) => !template.includes(`{${p}}`));
  if (missing.length) {
    const names = missing.map((p) => `{${p}}`).join(" and ");
    return [{ pointer, message: `has no ${names}, so two placements would share one id`, hint: `use all of {lang}, {page} and {placement}, e.g. "{lang}_{page}_{placement}", so the partner's report tells every Book button apart` }];
  }
  if (ids.refused) {
    const { char, programme } = ids.refused;
    return [
      {
        pointer,
        message: `holds "${char}", which the programme ${programme.id} refuses in its sub-id (it takes ${programme.subId.characters}, ${o.where(programme.at.subId)})`,
        hint: `separate the placeholders with a character every programme takes, e.g. "{lang}_{page}_{placement}"`,
      },
    ];
  }
  const tightest = all.list.find((x) => x.subId.maxLength === ids.maxLength)!;
  if (ids.room < 4) {
    return [
      {
        pointer,
        message: `leaves {page} ${Math.max(0, ids.room)} characters: the programme ${tightest.id} takes at most ${ids.maxLength} (${o.where(tightest.at.subId)}), and the rest takes ${ids.maxLength - ids.room} with the longest language and placement`,
        hint: "shorten the template's fixed text: a page needs at least 4 characters for its short code",
      },
    ];
  }
  const seen = new Map<string, string>();
  for (const lang of o.langs) {
    for (const page of o.pages) {
      for (const placement of o.placements) {
        const value = ids.id({ lang, page, placement });
        const who = `${lang} ${page} ${placement}`;
        if (value.length > ids.maxLength) {
          const p = all.list.find((x) => x.subId.maxLength < value.length)!;
          return [{ pointer, message: `gives ${who} the id "${value}", longer than the ${p.subId.maxLength} characters the programme ${p.id} takes (${o.where(p.at.subId)})`, hint: "shorten the template's fixed text: only {page} is shortened to fit" }];
        }
        const other = seen.get(value);
        if (other) return [{ pointer, message: `gives "${value}" both to ${other} and to ${who}`, hint: 'separate the placeholders with a character they never contain, e.g. "{lang}_{page}_{placement}"' }];
        seen.set(value, who);
      }
    }
  }
  return [];
}
