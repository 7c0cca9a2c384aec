// Affiliate programmes as data: both forms of site.yaml's affiliate settings read into the one shape the rest of the code uses.
import type { SiteSettings } from "../types.js";
import { Memo, table } from "../util/memo.js";

/** The affiliate settings as site.yaml holds them (validated). */
export type AffiliateSettings = SiteSettings["affiliate"];

/** What a programme's sub-id parameter accepts. */
export interface SubIdRule {
  characters: string;
  maxLength: number;
}

/** The partner's names of the availability form's fields, and the search page it submits to. */
export type Search = NonNullable<AffiliateSettings["search"]>;

/** One programme, read into one shape whichever form site.yaml wrote it in. */
export interface Programme {
  id: string;
  /** The network's link with `{destination}` and other placeholders; undefined: parameters on the destination. */
  link?: string;
  /** Named ids (publisher, merchant...): the placeholders `{name}` of the link and the parameters. */
  ids: Record<string, string>;
  /** Parameters added to the destination, name -> value (which may be `{subId}`, `{language}` or an id). */
  params: Record<string, string>;
  /** The partner's language value for each site language. */
  languages: Record<string, string>;
  subId: SubIdRule;
  /** Hosts its links and form may go to, the destination's included. */
  hosts: string[];
  search?: Search;
  /** Where it is declared in site.yaml, and the pointers of its parts (for errors). */
  pointer: string;
  at: { link: string; params: (name: string) => string; subId: string; hosts: string; search: (key: string) => string; languages: string };
}

/** Every programme of a site, the default first, and the placement id template. */
export interface Programmes {
  list: Programme[];
  byId: Map<string, Programme>;
  default: Programme;
  /** The placement id ({lang}, {page}, {placement}) each programme carries as its sub-id, if any. */
  placementIds?: string;
  placementIdsAt: string;
}

/** The placeholders every programme may use besides its ids. */
export const BUILT_IN = ["destination", "subId", "language"] as const;

/** What a programme that says nothing of its sub-id accepts: the characters a label could always hold. */
export const OPEN_RULE: SubIdRule = { characters: "A-Za-z0-9_.~-", maxLength: 100 };

type Declared = NonNullable<AffiliateSettings["programmes"]>[string];

function fromDeclared(id: string, p: Declared): Programme {
  const pointer = `/affiliate/programmes/${id}`;
  return {
    id,
    link: p.link,
    ids: p.ids ?? {},
    params: p.params ?? {},
    languages: p.languages ?? {},
    subId: p.subId ?? OPEN_RULE,
    hosts: p.hosts,
    search: p.search,
    pointer,
    at: {
      link: `${pointer}/link`,
      params: (name) => `${pointer}/params/${name}`,
      subId: p.subId ? `${pointer}/subId` : pointer,
      hosts: `${pointer}/hosts`,
      search: (key) => `${pointer}/search/${key}`,
      languages: `${pointer}/languages`,
    },
  };
}

/** The older form: one programme of parameters (partner id, tracking label, language) on the destination. */
function fromShortForm(a: AffiliateSettings): Programme {
  const params: Record<string, string> = {};
  const at: Record<string, string> = {};
  const add = (name: string | undefined, value: string, pointer: string) => {
    // A clash is refused by programmeProblems (which reads the short form's names itself): the first one stays.
    if (name === undefined || name in params) return;
    params[name] = value;
    at[name] = pointer;
  };
  add(a.partnerParam, a.partnerId ?? "", "/affiliate/partnerParam");
  add(a.languageParam, "{language}", "/affiliate/languageParam");
  add(a.tracking?.param, "{subId}", "/affiliate/tracking/param");
  return {
    id: "default",
    ids: {},
    params,
    languages: a.languageParam ? (a.languages ?? {}) : {},
    subId: OPEN_RULE,
    hosts: a.allowedHosts ?? [],
    search: a.search,
    pointer: "/affiliate",
    at: {
      link: "/affiliate",
      params: (name) => at[name] ?? "/affiliate",
      subId: "/affiliate/tracking/template",
      hosts: "/affiliate/allowedHosts",
      search: (key) => `/affiliate/search/${key}`,
      languages: "/affiliate/languages",
    },
  };
}

const READ = table<AffiliateSettings, Programmes>("programmes");

/** The programmes of validated affiliate settings, read once per settings object. */
export function programmesOf(a: AffiliateSettings, memo: Memo = new Memo()): Programmes {
  return memo.get(READ, a, () => {
    const list = a.programmes ? Object.entries(a.programmes).map(([id, p]) => fromDeclared(id, p)) : [fromShortForm(a)];
    const byId = new Map(list.map((p) => [p.id, p]));
    const def = (a.programme !== undefined && byId.get(a.programme)) || list[0];
    const placementIds = a.programmes ? a.placementIds : a.tracking?.template;
    return { list, byId, default: def, placementIds, placementIdsAt: a.programmes ? "/affiliate/placementIds" : "/affiliate/tracking/template" };
  });
}

/** The programme a hotel names, else the site's default. */
export function programmeOf(all: Programmes, named: string | undefined): Programme {
  return (named !== undefined && all.byId.get(named)) || all.default;
}

/** Every host any programme's links or form may go to (the CSP's form-action, the hosts links are checked on). */
export function allHosts(all: Programmes): string[] {
  return [...new Set(all.list.flatMap((p) => p.hosts))];
}

/** The names of the parameters the programmes set on a destination: a hotel's link that differs only in them is the same link. */
export function attributionParams(all: Programmes): string[] {
  return [...new Set(all.list.flatMap((p) => Object.keys(p.params)))];
}

/** The query of a link template as name, value pairs (placeholders left as written). */
export function linkQuery(template: string): [string, string][] {
  const q = template.indexOf("?");
  if (q < 0) return [];
  return template
    .slice(q + 1)
    .split("#")[0]
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq < 0 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)];
    });
}

/** Every `{name}` a template uses, in order. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
}

/** The programmes of site.yaml's data read loosely (before or despite schema errors), or undefined when they cannot be read. */
export function looseProgrammes(data: unknown): Programmes | undefined {
  const a = (data as { affiliate?: unknown } | null)?.affiliate;
  if (!a || typeof a !== "object") return undefined;
  try {
    const all = programmesOf(a as AffiliateSettings);
    return all.list.every((p) => Array.isArray(p.hosts) && p.hosts.every((h) => typeof h === "string") && p.params && typeof p.params === "object") ? all : undefined;
  } catch {
    return undefined;
  }
}

/** Where a programme's hosts are written, as messages name it. */
export const hostsWhere = (p: Programme) => `site.yaml ${p.at.hosts.slice(1).replace(/\//g, ".")}`;
