// What check and the translate commands start from: the checked content's text sources, its languages and its
// translation lock, read once (the lock is the only file these commands read besides the content).
import path from "node:path";
import type { CheckResult } from "../build.js";
import { LOCK_FILE, readLock, type Lock } from "./lock.js";
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
}

/** Reads the lock beside checked content. */
export async function translationContext(result: CheckResult, cwd: string): Promise<TranslationContext> {
  const contentDir = result.loaded.contentDir;
  const lockShown = path.relative(cwd, path.join(contentDir, LOCK_FILE)) || LOCK_FILE;
  return {
    contentDir,
    lockShown,
    sources: textSources(result.loaded, result.content, cwd),
    languages: result.content.site.languages.map((l) => l.code),
    lock: await readLock(contentDir, lockShown),
  };
}
