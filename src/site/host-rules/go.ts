// First-party click counting (countClicks): /go/<placement id> answered by the host with a 302, logged without personal data.

/** The http-level nginx file: the build writes it exactly when countClicks is on. */
export const GO_NGINX_FILE = "_nginx_clicks.conf";

/** The /go/ map as data, for the tools that answer or follow /go/ links themselves (preview server, `links`). */
export const GO_MAP_FILE = "_go.json";

/** Ends a form field's name that the form sends once per value (a child's age): each value is passed on, digits only. */
export const REPEATED = "[]";

/** Most values of a repeated field passed on (the form asks ages for up to four children). */
export const MAX_REPEATED = 4;

/** The values of a repeated field a host passes on: one or two digits each (ages 0 to 17), at most MAX_REPEATED. */
const REPEATED_VALUE = /^\d{1,2}$/;

/** `_go.json`: each id's link, and the form fields each form id passes on. */
export interface GoMap {
  links: Record<string, string>;
  fields: Record<string, string[]>;
}

/** The map of entries, as `_go.json` and the Pages Function hold it. */
export function goMap(entries: GoEntry[]): GoMap {
  return { links: Object.fromEntries(entries.map((e) => [e.id, e.url])), fields: Object.fromEntries(entries.filter((e) => e.fields?.length).map((e) => [e.id, e.fields!])) };
}

/** `_go.json`'s text as a map, or undefined when it is not one (cut, hand-edited, committed by someone else). */
export function parseGoMap(text: string): GoMap | undefined {
  let map: Partial<GoMap> | null;
  try {
    map = JSON.parse(text);
  } catch {
    return undefined;
  }
  const all = (o: unknown, ok: (v: unknown) => boolean) => !!o && typeof o === "object" && !Array.isArray(o) && Object.values(o).every(ok);
  return all(map?.links, (v) => typeof v === "string") && all(map?.fields, (v) => Array.isArray(v) && v.every((f) => typeof f === "string")) ? (map as GoMap) : undefined;
}

/** Where /go/<id> leads with the request's query (the form's fields passed on by name), or undefined for an unknown id. */
export function goTarget(map: GoMap, id: string, query: URLSearchParams): string | undefined {
  if (!Object.hasOwn(map.links, id)) return undefined;
  let location = map.links[id];
  for (const field of map.fields[id] ?? []) {
    const name = field.endsWith(REPEATED) ? field.slice(0, -REPEATED.length) : field;
    const first = query.get(name);
    const values = name === field ? (first === null ? [] : [first]) : query.getAll(name).filter((v) => REPEATED_VALUE.test(v)).slice(0, MAX_REPEATED);
    for (const value of values) location += `${location.includes("?") ? "&" : "?"}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  }
  return location;
}

/** One /go/ target: the placement id, the programme's URL, and the form fields passed on (the availability form). */
export interface GoEntry {
  id: string;
  url: string;
  fields?: string[];
}

/** User agents that are not people (lower case, a regular expression both nginx and the Pages Function use). */
export const BOT_PATTERN = "bot|crawl|spider|slurp|preview|fetch|monitor|curl|wget|python|java/|go-http|httpclient|okhttp|scrapy|lighthouse|headlesschrome";

/** The click log nginx writes: time, method, path, status, visitor class (the format report/clicks.ts parses). */
export const NGINX_LOG = "$time_iso8601 $request_method $uri $status $hotelsite_visitor";

/** Where nginx writes the click log (the location in _nginx.conf names it). */
export const NGINX_LOG_FILE = "/var/log/nginx/hotelsite-clicks.log";

/** Most placements Netlify gets rules for: its documentation asks for wildcards past 10,000 redirects. */
export const NETLIFY_MAX_GO = 9_000;

/** Text inside an nginx quoted string: `$` (a variable), quotes, backslashes, spaces and braces percent-encoded. */
const UNSAFE = /[$"\\\s{};]/;
const nginxText = (url: string) => (UNSAFE.test(url) ? url.replace(new RegExp(UNSAFE, "g"), (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`) : url);

/** The form fields a host can pass on by name (nginx's $arg_<name>: letters, digits and underscores only). */
const passable = (e: GoEntry) => (e.fields ?? []).filter((name) => /^[A-Za-z0-9_]+$/.test(name));

/** The repeated fields of an entry (their names without the mark) that a host can pass on. */
const repeatedOf = (e: GoEntry) => (e.fields ?? []).filter((f) => f.endsWith(REPEATED)).map((f) => f.slice(0, -REPEATED.length)).filter((n) => /^[A-Za-z0-9_]+$/.test(n));

/** nginx's variable holding the `k`th value of repeated field `name` as "&name=value" (empty without one). */
const nthVariable = (name: string, k: number) => `$hotelsite_${name}_${k}`;

/** Every nth variable of repeated field `name`, in order: its values appended one after another. */
const nthValues = (name: string) => Array.from({ length: MAX_REPEATED }, (_, i) => nthVariable(name, i + 1)).join("");

/** The maps that pick each value of a repeated field out of the query: a child's age, one or two digits, up to four. */
function repeatedMaps(names: string[]): string[] {
  return names.flatMap((name) =>
    Array.from({ length: MAX_REPEATED }, (_, i) => {
      // A capture's name is short (PCRE takes 32 characters), one per map.
      const v = `hotelsite_v${i + 1}`;
      // Whole parameters skipped as few as may be (a lazy repeat, never a greedy optional that skips a value).
      const regex = `^(?:[^&]*&)*?${`${name}=\\d{1,2}&(?:[^&]*&)*?`.repeat(i)}${name}=(?<${v}>\\d{1,2})(?:&|$)`;
      return `map $args ${nthVariable(name, i + 1)} {\n  default "";\n  "~${regex}" "&${name}=$${v}";\n}`;
    }),
  );
}

/** The URL with the visitor's form fields appended, each written by `value(name)`. */
const withFields = (e: GoEntry, value: (name: string) => string) =>
  e.url + passable(e).map((f, i) => `${i === 0 && !e.url.includes("?") ? "?" : "&"}${f}=${value(f)}`).join("");

/** `_nginx_clicks.conf`, included in nginx's http block: the visitor classes, the log format and the map. */
export function nginxGoHttp(entries: GoEntry[]): string {
  const key = (id: string) => `/go/${id}`;
  const longest = Math.max(64, ...entries.map((e) => key(e.id).length));
  return (
    [
      "# Generated by hotelsite (site.yaml countClicks): include it in nginx's http block, beside the server block.",
      "# Who clicked is never logged: no address, no user agent, no referrer, no query; only a visitor class.",
      // nginx fixes these sizes at the http block's first map, so this file goes before any other (docs/report.md).
      `map_hash_bucket_size ${2 ** Math.ceil(Math.log2(longest + 8))};`,
      `map_hash_max_size ${Math.max(2048, 2 ** Math.ceil(Math.log2(entries.length * 2 + 1)))};`,
      "map $http_user_agent $hotelsite_agent {",
      "  default browser;",
      '  "" bot;',
      `  "~*(${BOT_PATTERN})" bot;`,
      "}",
      'map "$http_sec_purpose $http_purpose" $hotelsite_visitor {',
      "  default $hotelsite_agent;",
      '  "~*(prefetch|prerender)" prefetch;',
      "}",
      `log_format hotelsite_clicks '${NGINX_LOG}';`,
      ...repeatedMaps([...new Set(entries.flatMap(repeatedOf))]),
      "map $uri $hotelsite_go {",
      '  default "";',
      ...entries.map((e) => `  "${nginxText(key(e.id))}" "${withFields({ ...e, url: nginxText(e.url) }, (f) => `$arg_${f}`)}${repeatedOf(e).map(nthValues).join("")}";`),
      "}",
    ].join("\n") + "\n"
  );
}

/** The location of _nginx.conf that answers /go/: 302 to the mapped link, never cached, never indexed, logged. */
export function nginxGoLocation(security: string[]): string[] {
  return [
    "# Booking links (countClicks): 302 to the programme's link; the click log holds no personal data.",
    "location ^~ /go/ {",
    `  access_log ${NGINX_LOG_FILE} hotelsite_clicks;`,
    ...security.map((l) => `  ${l}`),
    '  add_header Cache-Control "no-store" always;',
    '  add_header X-Robots-Tag "noindex, nofollow" always;',
    '  if ($hotelsite_go = "") { return 404; }',
    "  return 302 $hotelsite_go;",
    "}",
  ];
}

/** Netlify's /go/ redirects, one a placement (forced, 302), or none past its limit (the caller says so). */
export function netlifyGoRules(entries: GoEntry[]): string[] {
  if (entries.length > NETLIFY_MAX_GO) return [`# ${entries.length} placements: more than Netlify's redirects can hold; /go/ links need nginx or Cloudflare Pages`];
  const rules = entries.flatMap((e) => {
    const fields = passable(e);
    // The form's fields by Netlify's query matching, then the link alone for a request without them.
    const query = fields.length ? [`/go/${e.id} ${fields.map((f) => `${f}=:${f}`).join(" ")} ${withFields(e, (f) => `:${f}`)} 302!`] : [];
    return [...query, `/go/${e.id} ${e.url} 302!`];
  });
  return ["# Booking links (countClicks): Netlify logs no redirect, so clicks are not counted there", ...rules];
}
