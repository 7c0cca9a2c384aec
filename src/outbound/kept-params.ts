// The affiliate parameters a booking link must still carry where its redirects end: the partner id, the tracking
// label and the partner language (site.yaml's names for them). A partner that drops one on a redirect loses the
// commission, the report's placement or the visitor's language without any link looking broken.
import path from "node:path";
import { readRegularFile } from "../content/read-file.js";
import { MAX_FILE_BYTES, parseYaml } from "../content/yaml.js";
import type { ProbeResult } from "./probe.js";

/** The names of the parameters to keep, from `<contentDir>/site.yaml`; none when it cannot be read. */
export async function affiliateParams(contentDir: string): Promise<string[]> {
  const file = path.join(contentDir, "site.yaml");
  const read = await readRegularFile(file, { root: contentDir, maxBytes: MAX_FILE_BYTES }).catch(() => undefined);
  if (!read || "refused" in read) return [];
  let data: unknown;
  try {
    data = parseYaml(read.bytes, file).data;
  } catch {
    return [];
  }
  const a = (data as { affiliate?: { partnerParam?: unknown; languageParam?: unknown; tracking?: { param?: unknown } } } | null)?.affiliate;
  return [a?.partnerParam, a?.tracking?.param, a?.languageParam].filter((p): p is string => typeof p === "string" && p !== "");
}

/** The parameters of `names` the URL had that the end of its redirects no longer carries with the same value. */
export function lostParams(result: Pick<ProbeResult, "url" | "final">, names: readonly string[]): string[] {
  if (result.final === result.url) return [];
  const from = new URL(result.url).searchParams;
  const to = new URL(result.final).searchParams;
  return names.filter((n) => from.has(n) && to.get(n) !== from.get(n));
}

/** A working link whose redirects dropped a kept parameter, reported as broken with what was lost. */
export function withLostParams<R extends ProbeResult>(result: R, names: readonly string[]): R {
  if (!result.ok) return result;
  const lost = lostParams(result, names);
  return lost.length ? { ...result, ok: false, error: `the redirects dropped ${lost.join(", ")}` } : result;
}
