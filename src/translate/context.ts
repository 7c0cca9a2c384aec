// What check and the translate commands start from: the checked content's text sources, languages and translation lock.
import path from "node:path";
import type { CheckResult } from "../build.js";
import { LOCK_FILE, readLock, type Lock } from "./lock.js";
import { carryRenamed, renamedKeys, staleEntries, type CarriedKey, type StaleEntry } from "./lock-keys.js";
import { textSources, type TextSource } from "./sources.js";

/** The content's translatable text and its lock. */
export interface TranslationContext {
  contentDir: string;
  /** The lock's path as messages show it. */
  lockShown: string;
  sources: TextSource[];
  /** Language codes, the default first. */
  languages: string[];
  lock: Lock | null;
  /** Lock entries of renamed hotels' old files, carried to their files now in `lock` (written by the next translate command). */
  carried: CarriedKey[];
  /** Lock entries for files and fields the content no longer has (`hotelsite translate prune` removes them). */
  stale: StaleEntry[];
  /** A renamed hotel's old file keys (from its aliases) -> its file now: an XLIFF file exported before the rename still imports. */
  renamed: Map<string, string>;
}

/** Reads the lock beside checked content. */
export async function translationContext(result: CheckResult, cwd: string): Promise<TranslationContext> {
  const contentDir = result.loaded.contentDir;
  const lockShown = path.relative(cwd, path.join(contentDir, LOCK_FILE)) || LOCK_FILE;
  const sources = textSources(result.loaded, result.content, cwd);
  const languages = result.content.site.languages.map((l) => l.code);
  const lock = await readLock(contentDir, lockShown);
  // A hotel renamed with an alias keeps its translations' record: read under its old file's key, used under the new.
  const aliases = new Map(result.content.hotels.map((h) => [`hotel:${h.id}`, h.aliases ?? []]));
  const carried = lock ? carryRenamed(lock, sources, aliases) : [];
  const stale = lock ? staleEntries(lock, sources, languages[0]) : [];
  return { contentDir, lockShown, sources, languages, lock, carried, stale, renamed: renamedKeys(sources, aliases) };
}

/** check's note on the lock's keys: records carried from renamed hotels' old files, and stale ones; undefined when neither. */
export function lockKeysNote(ctx: Pick<TranslationContext, "carried" | "stale" | "lockShown">): string | undefined {
  const lines: string[] = [];
  for (const c of ctx.carried) lines.push(`note: ${ctx.lockShown} records ${c.to}'s translations under its old name ${c.from}; they count for ${c.to}.`);
  if (ctx.stale.length) {
    const shown = ctx.stale.slice(0, 5).map((e) => (e.pointer ? `${e.key}#${e.pointer}` : e.key));
    lines.push(`note: ${ctx.lockShown} holds ${ctx.stale.length} entr${ctx.stale.length === 1 ? "y" : "ies"} for files or fields the content no longer has (${shown.join(", ")}${ctx.stale.length > 5 ? ", ..." : ""}).`);
  }
  if (!lines.length) return undefined;
  return [...lines, "Run hotelsite translate prune to write the lock as the content is now."].join("\n");
}
