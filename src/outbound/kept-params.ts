// What a booking link must still carry where its redirects end (a programme's parameters; a network's sub-id and its
// destination): a partner that drops one loses the commission without any link looking broken.
import path from "node:path";
import { readRegularFile } from "../content/read-file.js";
import { MAX_FILE_BYTES, parseYaml } from "../content/yaml.js";
import { attributionParams, linkQuery, programmesOf, type AffiliateSettings, type Programme, type Programmes } from "../affiliate/programmes.js";
import type { ProbeResult } from "./probe.js";

/** The programmes of `<contentDir>/site.yaml`, read as far as they can be; undefined when it cannot be read. */
export async function siteProgrammes(contentDir: string): Promise<Programmes | undefined> {
  const file = path.join(contentDir, "site.yaml");
  const read = await readRegularFile(file, { root: contentDir, maxBytes: MAX_FILE_BYTES }).catch(() => undefined);
  if (!read || "refused" in read) return undefined;
  try {
    const a = (parseYaml(read.bytes, file).data as { affiliate?: unknown } | null)?.affiliate;
    return a && typeof a === "object" ? programmesOf(a as AffiliateSettings) : undefined;
  } catch {
    return undefined;
  }
}

/** The parameters of `names` the URL had that the end of its redirects no longer carries with the same value. */
export function lostParams(result: Pick<ProbeResult, "url" | "final">, names: readonly string[]): string[] {
  if (result.final === result.url) return [];
  const from = new URL(result.url).searchParams;
  const to = new URL(result.final).searchParams;
  return names.filter((n) => from.has(n) && to.get(n) !== from.get(n));
}

/** A network's link as this URL uses it: the destination it wraps and the sub-id it carries, if the URL is one. */
function unwrap(url: URL, p: Programme): { destination: URL; subId?: string; subIdName: string } | undefined {
  const template = new URL(p.link!.replace(/\{[A-Za-z][A-Za-z0-9]*\}/g, (m) => (m === "{subId}" ? "SUBID" : "x")));
  if (template.host !== url.host) return undefined;
  const query = linkQuery(p.link!);
  const destinationName = query.find(([, v]) => v === "{destination}")?.[0];
  const destination = destinationName && url.searchParams.get(destinationName);
  if (!destination || !URL.canParse(destination)) return undefined;
  const inQuery = query.find(([, v]) => v === "{subId}")?.[0];
  const segment = template.pathname.split("/").indexOf("SUBID");
  const subId = inQuery ? (url.searchParams.get(inQuery) ?? undefined) : segment > 0 ? url.pathname.split("/")[segment] : undefined;
  return { destination: new URL(destination), subId, subIdName: inQuery ?? "its path" };
}

/** Why a working link lost its attribution on the way, or undefined when it kept it. */
export function attributionLoss(result: Pick<ProbeResult, "url" | "final" | "chain">, all: Programmes): string | undefined {
  const url = new URL(result.url);
  for (const p of all.list) {
    const wrapped = p.link ? unwrap(url, p) : undefined;
    if (!wrapped) continue;
    const { destination, subId, subIdName } = wrapped;
    const final = new URL(result.final);
    if (final.host !== destination.host) return `the redirects end at ${final.host}, not at the destination ${destination.host}`;
    // Inside the network every hop still carries the sub-id (in a parameter or a path segment).
    for (const hop of result.chain.slice(1)) {
      const at = new URL(hop.url);
      if (at.host !== url.host) break;
      if (subId && ![...at.searchParams.values(), ...at.pathname.split("/")].includes(subId)) return `the redirects dropped the sub-id ${subId} (${subIdName}) at ${hop.url}`;
    }
    const lost = lostParams({ url: destination.href, final: result.final }, Object.keys(p.params));
    return lost.length ? `the redirects dropped ${lost.join(", ")} from the destination` : undefined;
  }
  const lost = lostParams(result, attributionParams(all));
  return lost.length ? `the redirects dropped ${lost.join(", ")}` : undefined;
}

/** A working link whose redirects lost its attribution, reported as broken with what was lost. */
export function withLostParams<R extends ProbeResult>(result: R, all: Programmes | undefined): R {
  if (!result.ok || !all) return result;
  const error = attributionLoss(result, all);
  return error ? { ...result, ok: false, error } : result;
}
