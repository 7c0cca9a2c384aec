// The one place a booking URL is made from a destination and a programme (parameters, then a network's link around it).
import { Memo, table } from "../util/memo.js";
import type { Programme } from "./programmes.js";

/** What a link's placeholders are filled with, besides the programme's ids. */
export interface Fill {
  lang: string;
  subId?: string;
}

/** A placeholder's value: an id of the programme, the partner's language, the sub-id; undefined when it has none. */
function valueOf(p: Programme, name: string, fill: Fill): string | undefined {
  if (name === "language") return p.languages[fill.lang];
  if (name === "subId") return fill.subId;
  return p.ids[name];
}

/** A template with its placeholders filled; undefined for a parameter whose placeholder has no value (a network's link is always made). */
export function fillTemplate(template: string, p: Programme, fill: Fill & { destination?: string }, encode: (v: string) => string = (v) => v): string | undefined {
  let parts = split.get(template);
  if (!parts) split.set(template, (parts = template.split(/\{([A-Za-z][A-Za-z0-9]*)\}/)));
  let out = parts[0];
  let missing = false;
  for (let i = 1; i < parts.length; i += 2) {
    const v = parts[i] === "destination" ? fill.destination : valueOf(p, parts[i], fill);
    if (v === undefined) missing = true;
    out += encode(v ?? "") + parts[i + 1];
  }
  return missing && fill.destination === undefined ? undefined : out;
}
/** Templates split once at their placeholders (a page's six links fill the same few). */
const split = new Map<string, string[]>();

/** Whether a parameter's value differs between pages (language, sub-id) rather than being fixed for the programme. */
const varies = (value: string) => /\{(language|subId)\}/.test(value);

/** The programme's parameters on the destination with their values, in the order declared (a language the programme does not map is left out). */
export function destinationParams(p: Programme, fill: Fill): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(p.params)) {
    const v = fillTemplate(value, p, fill);
    if (v !== undefined) out.push([name, v]);
  }
  return out;
}

/** A destination parsed once a programme: its URL with the fixed parameters set and the varying ones removed, its fragment, and the programme's varying parameters (language, sub-id). */
interface Prepared {
  head: string;
  fragment: string;
  varying: [string, string][];
}
/** Per programme: its destinations parsed, and the parameters whose values vary. */
const PREPARED = table<Programme, { links: Map<string, Prepared>; varying: [string, string][] }>("booking links");

function prepare(link: string, p: Programme, memo: Memo): Prepared {
  const kept = memo.get(PREPARED, p, () => ({ links: new Map(), varying: Object.entries(p.params).filter(([, v]) => varies(v)) }));
  let prepared = kept.links.get(link);
  if (!prepared) {
    const url = new URL(link);
    for (const name of Object.keys(p.params)) url.searchParams.delete(name);
    for (const [name, value] of Object.entries(p.params)) if (!varies(value)) url.searchParams.set(name, fillTemplate(value, p, { lang: "" }) ?? "");
    const fragment = url.hash;
    url.hash = "";
    kept.links.set(link, (prepared = { head: url.href, fragment, varying: kept.varying }));
  }
  return prepared;
}

/** A value as a query writes it: as it is when it needs no escaping, else form-encoded. */
const queryValue = (name: string, value: string) => (/^[A-Za-z0-9_.-]*$/.test(value) ? `${name}=${value}` : new URLSearchParams({ [name]: value }).toString());

/** The destination with the programme's parameters for this language and sub-id (no network around it). */
export function destinationUrl(link: string, p: Programme, fill: Fill, memo: Memo = new Memo()): string {
  const { head, fragment, varying } = prepare(link, p, memo);
  const pairs: string[] = [];
  for (const [name, value] of varying) {
    const v = fillTemplate(value, p, fill);
    if (v !== undefined) pairs.push(queryValue(name, v));
  }
  if (!pairs.length) return head + fragment;
  // Joined, not concatenated: one flat string a page keeps, not a tree of pieces (six URLs a page).
  return [head, head.includes("?") ? "&" : "?", pairs.join("&"), fragment].join("");
}

/** The URL a Book link opens: the destination with its parameters, wrapped in the network's link when there is one. */
export function programmeUrl(link: string, p: Programme, fill: Fill, memo: Memo = new Memo()): string {
  const destination = destinationUrl(link, p, fill, memo);
  if (!p.link) return destination;
  return fillTemplate(p.link, p, { ...fill, destination }, encodeURIComponent)!;
}
