// Where encoded variants are kept: the content's committed `.generated/images/`, else the user's cache (a read-only checkout).
import { constants } from "node:fs";
import { access, lstat, mkdir, mkdtemp, readdir, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { cacheFolder } from "../io/cache.js";
import { VARIANT_FILE } from "./plan.js";

/** The committed variants' folder, relative to the content folder. */
export const GENERATED_DIR = path.join(".generated", "images");

/** The folders a build reads variants from, and the one it writes new ones into. */
export interface VariantStore {
  /** Folders to look in, in order (the committed one first when it exists). */
  readFrom: string[];
  /** Where a missing variant is written. */
  writeTo: string;
  /** True when `writeTo` is the committed folder (then unused variants there are pruned). */
  committed: boolean;
  /** The user's cache folder among those, whose variants are named by their own digest and checked before use. */
  sealed?: string;
  /** The user's cache as a second level beside the committed folder: what is found there is copied, not encoded. */
  shared?: string;
}

/** Why `dir` cannot hold variants (undefined when it can), making it a level at a time from `base`, never through a link. */
async function unusable(dir: string, base: string, write: boolean): Promise<string | undefined> {
  const levels = path.relative(base, dir).split(path.sep).filter(Boolean);
  let d = base;
  for (const name of levels) {
    d = path.join(d, name);
    let st = await lstat(d).catch(() => undefined);
    if (!st) {
      const made = await mkdir(d).then(() => undefined, (e: NodeJS.ErrnoException) => e.code);
      if (made && made !== "EEXIST") return `it cannot be made (${made})`;
      st = await lstat(d).catch(() => undefined);
    }
    if (!st?.isDirectory()) return st?.isSymbolicLink() ? "it is a symbolic link" : "it is not a folder";
  }
  if (write && !(await access(dir, constants.W_OK).then(() => true, () => false))) return "it cannot be written";
  return undefined;
}

const warned = new Set<string>();
/** Warns once per process and folder (watch runs the stage on every image edit). */
function warnOnce(warn: (message: string) => void, dir: string, message: string): void {
  if (warned.has(dir)) return;
  warned.add(dir);
  warn(message);
}

/** Options for {@link variantStore}. */
export interface StoreOptions {
  contentDir: string;
  /** The committed folder (default: `.generated/images` in the content folder). */
  committedDir?: string;
  /** The fallback cache folder (default: `images` in hotelsite's cache folder). */
  cacheDir?: string;
  warn: (message: string) => void;
}

/** The user's cache folder for variants (io/cache.ts: private to the user; `cacheDir` in tests), or why none is. */
async function usableCache(opts: StoreOptions): Promise<{ dir?: string; first: string; refused?: string }> {
  if (!opts.cacheDir) {
    const dir = cacheFolder("images");
    // Without one (io/cache.ts has said why), the committed folder does; a read-only one's fallback is said below.
    return { dir, first: dir ?? "images" };
  }
  const cache = path.resolve(opts.cacheDir);
  const why = await unusable(cache, path.dirname(cache), true);
  return why ? { first: cache, refused: `hotelsite: the image cache ${cache} cannot be used (${why})` } : { dir: cache, first: cache };
}

/** Chooses the folders of one image stage run. */
export async function variantStore(opts: StoreOptions): Promise<VariantStore> {
  const contentDir = path.resolve(opts.contentDir);
  const committed = path.resolve(opts.committedDir ?? path.join(contentDir, GENERATED_DIR));
  const within = committed.startsWith(contentDir + path.sep) ? contentDir : path.dirname(committed);
  const readWhy = await unusable(committed, within, false);
  const why = readWhy ?? (await unusable(committed, within, true));
  const cache = await usableCache(opts);
  if (!why) {
    if (cache.refused) warnOnce(opts.warn, cache.first, `${cache.refused}; image variants are kept in ${committed} only`);
    return { readFrom: cache.dir ? [committed, cache.dir] : [committed], writeTo: committed, committed: true, shared: cache.dir, sealed: cache.dir };
  }
  // A read-only content folder is normal (a deploy checkout); a file or a link where the folder should be is not.
  if (/not a folder|symbolic link/.test(why)) warnOnce(opts.warn, committed, `hotelsite: ${committed} cannot hold image variants (${why}); remove it to have it made again`);
  const readFrom = readWhy ? [] : [committed];
  if (cache.dir) {
    if (cache.refused) warnOnce(opts.warn, cache.first, `${cache.refused}; new image variants go to ${cache.dir}`);
    return { readFrom: [...readFrom, cache.dir], writeTo: cache.dir, committed: false, sealed: cache.dir };
  }
  const temp = await mkdtemp(path.join(tmpdir(), "hotelsite-images-"));
  warnOnce(opts.warn, cache.first, `${cache.refused ?? "hotelsite: no cache folder can hold image variants"}; new image variants go to ${temp} for this run only`);
  return { readFrom: [...readFrom, temp], writeTo: temp, committed: false };
}

/** A variant being written (encode.ts place): `.<name>.<pid>.<random>`, the name one plan.ts makes. */
const TEMP_NAME = /^\.([^/]+)\.(\d+)\.[a-z0-9]+$/;

/** True while a process with this pid runs (a build still writing its temporary file). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the committed variants no image uses any more and killed builds' temporary files; returns how many variants went. */
export async function pruneVariants(dir: string, used: Set<string>): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const temp = TEMP_NAME.exec(name);
    if (temp && VARIANT_FILE.test(temp[1]) && !running(Number(temp[2]))) await unlink(path.join(dir, name)).catch(() => {});
    if (!VARIANT_FILE.test(name) || used.has(name)) continue;
    await unlink(path.join(dir, name)).then(() => removed++, () => {});
  }
  return removed;
}
