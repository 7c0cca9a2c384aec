// resolveText kept per pair of parsed blocks in the run's Memo, so a home page re-resolved costs only the changed hotels.
import { table, type Memo } from "../util/memo.js";
import { resolveText, type ResolvedText } from "./i18n.js";

// Keys for "the page's language is the default one" and "the page's language has no block": not the same result.
const SAME = {};
const MISSING = {};
const RESOLVED = table<object, WeakMap<object, ResolvedText<unknown>>>("resolved texts");

/** resolveText(blocks, lang, def), computed once per pair of block objects. */
export function resolveTextOnce<T>(memo: Memo, blocks: Record<string, unknown>, lang: string, def: string): ResolvedText<T> {
  const base = blocks[def];
  const preferred = lang === def ? SAME : blocks[lang];
  if (!base || typeof base !== "object" || (preferred !== undefined && (typeof preferred !== "object" || preferred === null))) {
    return resolveText<T>(blocks, lang, def);
  }
  const byPreferred = memo.get(RESOLVED, base, () => new WeakMap());
  const key = (preferred ?? MISSING) as object;
  let r = byPreferred.get(key);
  if (!r) byPreferred.set(key, (r = resolveText<unknown>(blocks, lang, def)));
  return r as ResolvedText<T>;
}
