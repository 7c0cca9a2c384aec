// The affiliate settings' rules that a schema cannot say (placeholders, hosts, clashing names, programmes, placement ids).
import path from "node:path";
import type { SiteSettings } from "../types.js";
import { BUILT_IN, hostsWhere, linkQuery, placeholders, programmesOf, type Programme, type Programmes } from "./programmes.js";
import { idMaker, placementIdProblems } from "./subid.js";

/** A problem at a pointer of site.yaml (or of a hotel's file, `hotel` set). */
export interface SettingProblem {
  pointer: string;
  message: string;
  hint: string;
  hotel?: string;
  warning?: boolean;
}

/** What the rules read besides the settings. */
export interface AffiliateContext {
  hotels: { id: string; programme?: string; page: string }[];
  placements: readonly string[];
  locate: (pointer: string) => { line?: number; column?: number };
  file: string;
}

/** The fields of the short form, refused beside `programmes`. */
const SHORT_FORM = ["partnerParam", "partnerId", "allowedHosts", "languageParam", "languages", "search", "tracking"] as const;

/** The problems of the settings' shape: one form or the other, complete. */
function formProblems(a: SiteSettings["affiliate"]): SettingProblem[] {
  if (a.programmes) {
    return SHORT_FORM.filter((k) => a[k] !== undefined).map((k) => ({
      pointer: `/affiliate/${k}`,
      message: "belongs to the short form of one programme, but programmes are declared",
      hint: `move it into a programme of affiliate.programmes (see docs/affiliate.md), or remove it`,
    }));
  }
  const problems: SettingProblem[] = [];
  const missing = (["partnerParam", "partnerId", "allowedHosts"] as const).filter((k) => a[k] === undefined);
  if (missing.length) problems.push({ pointer: "/affiliate", message: `has neither programmes nor ${missing.join(", ")}`, hint: "declare affiliate.programmes (see docs/affiliate.md), or partnerParam, partnerId and allowedHosts for one programme" });
  for (const k of ["placementIds", "programme"] as const) {
    if (a[k] !== undefined) problems.push({ pointer: `/affiliate/${k}`, message: "belongs with programmes, which are not declared", hint: k === "placementIds" ? "in the short form the label's template is tracking.template" : "declare affiliate.programmes, or remove it" });
  }
  return problems;
}

/** Parameter names a programme's query would hold twice: its parameters, its form's fields, the short form's names. */
function clashes(p: Programme, a: SiteSettings["affiliate"]): SettingProblem[] {
  const owner = new Map<string, string>();
  const problems: SettingProblem[] = [];
  const claim = (name: string | undefined, what: string, pointer: string) => {
    if (name === undefined) return;
    const first = owner.get(name);
    if (first) problems.push({ pointer, message: `names "${name}", which is already ${first}`, hint: "each parameter of a booking link needs its own name: the partner would read one value for both and attribution is lost" });
    else owner.set(name, what);
  };
  if (p.id === "default" && !a.programmes) {
    claim(a.partnerParam, "the partner id's parameter (partnerParam)", "/affiliate/partnerParam");
    claim(a.languageParam, "the language parameter (languageParam)", "/affiliate/languageParam");
    claim(a.tracking?.param, "the tracking label's parameter (tracking.param)", "/affiliate/tracking/param");
  } else for (const name of Object.keys(p.params)) owner.set(name, `the parameter params.${name}`);
  if (p.search) for (const k of ["term", "checkIn", "checkOut", "adults", "rooms"] as const) claim(p.search[k], `the form's ${k} field (search.${k})`, p.at.search(k));
  if (p.link) {
    const names = new Set<string>();
    for (const [name] of linkQuery(p.link)) {
      if (names.has(name)) problems.push({ pointer: p.at.link, message: `has the parameter "${name}" twice`, hint: "each parameter of the network's link needs its own name" });
      names.add(name);
    }
  }
  return problems;
}

/** A programme's own problems: placeholders, its link's shape and host, its form's host, its sub-id and language. */
function programmeProblems(p: Programme, all: Programmes): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const known = [...BUILT_IN, ...Object.keys(p.ids)];
  const knownList = known.map((k) => `{${k}}`).join(", ");
  const used = new Set<string>();
  const templates: [string, string][] = Object.entries(p.params).map(([name, value]) => [p.at.params(name), value]);
  if (p.link) templates.unshift([p.at.link, p.link]);
  for (const [pointer, template] of templates) {
    for (const name of placeholders(template)) {
      used.add(name);
      const near = known.find((k) => k.toLowerCase() === name.toLowerCase());
      const hint = near ? `write {${near}}: placeholders are case-sensitive` : `its placeholders are ${knownList} (add ${name} to its ids to use it)`;
      if (!known.includes(name)) problems.push({ pointer, message: `uses {${name}}, which is not a placeholder of the programme ${p.id}`, hint });
      else if (name === "destination" && pointer !== p.at.link) problems.push({ pointer, message: "uses {destination}, which only a network's link can wrap", hint: "put {destination} in the programme's link" });
    }
  }
  const range = [...p.subId.characters.matchAll(/(.)-(.)/g)].find(([, lo, hi]) => lo > hi || !/^(\d\d|[a-z][a-z]|[A-Z][A-Z])$/.test(lo + hi));
  if (range) problems.push({ pointer: `${p.at.subId}/characters`, message: `has the range ${range[0]}, which is not within a-z, A-Z or 0-9 from low to high`, hint: "write each range inside one of a-z, A-Z and 0-9, low to high (e.g. a-z0-9_)" });
  if (p.link) {
    const at = linkQuery(p.link).filter(([, v]) => v.includes("{destination}"));
    if (at.length !== 1 || at[0][1] !== "{destination}" || p.link.split("{destination}").length !== 2) {
      problems.push({ pointer: p.at.link, message: "must hold {destination} once, as the whole value of one query parameter", hint: 'write it as the network documents it, e.g. "...&ued={destination}" (Awin)' });
    }
  }
  for (const [pointer, url] of [[p.at.link, p.link?.replace(/\{[^{}]*\}/g, "x")], [p.at.search("action"), p.search?.action]] as const) {
    const u = url === undefined ? undefined : URL.parse(url);
    if (u === null || u?.username || u?.password) problems.push({ pointer, message: u ? "names a user before its host (user@host), which hides where the link goes" : "is not a URL once its placeholders are filled", hint: "write the partner's https address as it documents it; placeholders belong in the path or the query" });
    else if (u && !p.hosts.includes(u.hostname)) problems.push(hostProblem(p, pointer, u.hostname));
  }
  if (all.placementIds !== undefined && !used.has("subId")) {
    problems.push({ pointer: p.link ? p.at.link : p.pointer, message: `carries no {subId}, so the programme ${p.id}'s report could not tell placements apart`, hint: p.link ? "add the network's sub-id parameter with {subId}, e.g. clickref={subId}" : 'add a parameter with the value "{subId}", e.g. label: "{subId}"' });
  }
  if (all.placementIds === undefined && used.has("subId")) {
    problems.push({ pointer: all.placementIdsAt, message: `is not set, but the programme ${p.id} carries {subId}`, hint: 'set affiliate.placementIds, e.g. "{lang}_{page}_{placement}"' });
  }
  const mapped = Object.keys(p.languages).length > 0;
  if (used.has("language") !== mapped) {
    problems.push(
      mapped
        ? { pointer: p.at.languages, message: `gives language values, but the programme ${p.id} passes no {language}`, hint: 'add the partner\'s language parameter, e.g. lang: "{language}"' }
        : { pointer: p.pointer, message: `passes {language} without languages`, hint: "add languages: the partner's value for each site language (e.g. en: en-us)" },
    );
  }
  return problems;
}

const hostProblem = (p: Programme, pointer: string, host: string): SettingProblem => ({
  pointer,
  message: `goes to ${host}, which is not one of ${hostsWhere(p)}`,
  hint: `add ${host} to its hosts (${p.hosts.join(", ")}) if the programme really sends visitors there`,
});

/** Every problem of site.yaml's affiliate settings and of the programmes hotels name. */
export function affiliateProblems(site: SiteSettings, ctx: AffiliateContext): SettingProblem[] {
  const a = site.affiliate;
  const form = formProblems(a);
  if (form.length) return form;
  const all = programmesOf(a);
  const problems: SettingProblem[] = [];
  if (a.programme !== undefined && !all.byId.has(a.programme)) {
    problems.push({ pointer: "/affiliate/programme", message: `"${a.programme}" is not a programme of affiliate.programmes`, hint: `declared: ${[...all.byId.keys()].join(", ")}` });
  }
  for (const p of all.list) {
    // A clash of names already lost a parameter: the programme's other findings would only echo it.
    const clash = clashes(p, a);
    problems.push(...(clash.length ? clash : programmeProblems(p, all)));
  }
  for (const p of site.countClicks ? all.list : []) {
    for (const k of ["checkIn", "checkOut", "adults", "rooms", "children", "childAge"] as const) {
      const name = p.search?.[k];
      if (name?.includes("-")) problems.push({ pointer: p.at.search(k), message: `names "${name}", which a /go/ link cannot pass on (nginx and Netlify take letters, digits and _ in the names they pass)`, hint: "give the partner's name for it if it has one without -, or set countClicks: false" });
    }
  }
  if (site.countClicks && !idMaker(all)) {
    problems.push({ pointer: "/countClicks", message: "needs placement ids: clicks are counted by them", hint: "give the booking links placement ids (affiliate.tracking, or placementIds with programmes; see docs/affiliate.md), or set countClicks: false" });
  }
  for (const h of ctx.hotels) {
    if (h.programme !== undefined && !all.byId.has(h.programme)) {
      problems.push({ hotel: h.id, pointer: "/programme", message: `"${h.programme}" is not a programme of site.yaml's affiliate.programmes`, hint: `declared: ${[...all.byId.keys()].join(", ")}` });
    }
  }
  if (problems.length) return problems;
  const where = (pointer: string) => {
    const { line, column } = ctx.locate(pointer);
    return line ? `${path.basename(ctx.file)}:${line}:${column ?? 1}` : `${path.basename(ctx.file)} ${pointer}`;
  };
  const langs = site.languages.map((l) => l.code);
  const pages = ["home", "404", ...ctx.hotels.map((h) => h.page)];
  const found: SettingProblem[] = placementIdProblems(all, { langs, pages, placements: ctx.placements, where });
  const ids = idMaker(all);
  if (found.length || !ids) return found;
  // A page whose ids had to take a short code: say which programme's limit made it, and where that limit is.
  const longest = (xs: readonly string[]) => xs.reduce((x, y) => (y.length > x.length ? y : x), "");
  for (const h of ctx.hotels) {
    const values = { lang: longest(langs), page: h.page, placement: longest(ctx.placements) };
    const by = ids.shortenedBy(values);
    if (by) found.push({ hotel: h.id, pointer: "/id", warning: true, message: `its page's placement ids use a short code ("${ids.id(values)}"): the programme ${by.id} takes at most ${by.subId.maxLength} characters (${where(by.at.subId)})`, hint: "" });
  }
  return found;
}
