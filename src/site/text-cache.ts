// resolveText kept per pair of parsed blocks (the default language's and the page language's), in the run's Memo:
// load hands an unchanged file's same objects to the next run, so re-resolving a page that lists every hotel
// (the home page) costs only the hotels whose text changed. Pure; the memo holds nothing a run did not make.
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
