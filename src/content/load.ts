// Stage 1: reads the content folder (YAML files and the images they name) into memory. The only content
// stage that touches the disk; everything after it is a pure function of what it returns.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { ContentError, ContentErrors, shownPath, type Warning } from "../errors.js";
import type { FlagImage, ImageInfo, LoadedContent, SourceFile } from "../types.js";
import pLimit from "p-limit";
import { loadFlags } from "./flags.js";
import { isEditorFile } from "./editor-files.js";
import { gitChangeTimes } from "./git-times.js";
import { imageRefs, readImage } from "./read-images.js";
import { megabytes, readRegularFile, realFolders, type ReadRefusal, type RealFolders } from "./read-file.js";
import { openParseCache } from "./parse-cache.js";
import { parseAll, type ParseBeside, type QuickFile } from "./quick-read.js";
import { MAX_FILE_BYTES, parseYaml, sourceFromData } from "./yaml.js";

/** Options for {@link loadContent}. */
export interface LoadOptions {
  contentDir: string;
  /** Paths in messages are shown relative to this folder (the working directory). */
  cwd?: string;
  /** The previous run's files: those not in `changed` are taken as they were, not read again (watch). */
  previous?: LoadCache;
  /** Absolute paths of the files that changed since `previous`. */
  changed?: Set<string>;
  /** Another thread that parses files while this one parses others (a build's first rendering thread). */
  parse?: ParseBeside;
  /** Called once the files are parsed, before their images are read. */
  parsed?: () => void;
}

/** Content files read at once: started all together, their bytes piled up faster than this thread parsed them. */
export const READS_IN_FLIGHT = 32;

/** What load keeps between runs, by absolute path: parsed YAML files (or their errors) and image facts. */
export interface LoadCache {
  files: Map<string, { source: SourceFile | null; errors: ContentError[] }>;
  images: Map<string, ImageInfo | string>;
  /** Each content file's latest commit time: watch asks git once, on its first run (commits are not saves). */
  git?: Promise<Map<string, number>>;
  /** The commit times by shown path, made from `git` once for a content folder and working directory. */
  shownTimes?: { from: Map<string, number>; key: string; times: Map<string, number> };
  /** How many files a build's first load took from the parse cache (parse-cache.ts) instead of parsing them. */
  fromParseCache?: number;
  /** The flag images of a site.yaml's parsed data: they come from a package, so the same data keeps them. */
  flags?: { site: unknown; flags: Map<string, FlagImage> };
}

/** True when the previous run's value for a file is still good (watch: the file did not change). */
function unchanged(abs: string, opts: LoadOptions, kind: "files" | "images"): boolean {
  return !!opts.previous?.[kind].has(abs) && !!opts.changed && !opts.changed.has(abs);
}

/** The previous run's value for a file that did not change, else a fresh one (kept in `next` either way). */
async function cached<K extends "files" | "images">(
  abs: string,
  opts: LoadOptions,
  kind: K,
  next: LoadCache,
  read: () => Promise<LoadCache[K] extends Map<string, infer V> ? V : never>,
): Promise<LoadCache[K] extends Map<string, infer V> ? V : never> {
  type V = LoadCache[K] extends Map<string, infer T> ? T : never;
  const before = opts.previous?.[kind] as Map<string, V> | undefined;
  const value = unchanged(abs, opts, kind) ? before!.get(abs)! : await read();
  (next[kind] as Map<string, V>).set(abs, value);
  return value;
}

/** What each kind of file holds, for the hint under "is empty" and friends. */
function holds(name: string): string {
  if (name.startsWith("hotels")) return "a hotel file holds id, layout, affiliateLink and text (copy another hotel's file to start)";
  if (name === "site.yaml") return "site.yaml holds the brand, languages, affiliate settings and images";
  return `${name} holds one block per language code (en:, zh:, ja:) of key: value lines`;
}

/** Reads and parses one YAML file the careful way, turning I/O and syntax problems into ContentErrors. */
async function readSource(o: { root: string; absPath: string; name: string; shown: string; errors: ContentError[] }): Promise<SourceFile | null> {
  const { root, absPath, name, shown, errors } = o;
  const fail = (message: string, hint?: string) => {
    errors.push(new ContentError({ file: shown }, message, hint));
    return null;
  };
  const read = await readRegularFile(absPath, { root, maxBytes: MAX_FILE_BYTES });
  if ("refused" in read) return fail(...contentRefusal(read.refused, name));
  try {
    // Stamped: the file's text is read again only should an error or warning ask for a position in it.
    const source = parseYaml(read.bytes, shown, { path: read.real, size: read.bytes.length, mtimeMs: read.info.mtimeMs });
    if (source.data === null || source.data === undefined) return fail("is empty", holds(name));
    return source;
  } catch (e) {
    if (e instanceof ContentErrors) {
      errors.push(...e.errors);
      return null;
    }
    throw e;
  }
}

/** A refused content file's message and hint, in the words of the content folder. */
function contentRefusal(r: ReadRefusal, name: string): [string, string | undefined] {
  switch (r.kind) {
    case "missing":
      return ["does not exist", "every content folder has site.yaml, strings.yaml, home.yaml and hotels/"];
    case "folder":
      return ["is a folder, not a file", holds(name)];
    case "too-large":
      return [`is ${megabytes(r.size!)}, larger than the 1 MB a content file may be`, "content files hold text for one page; split or trim this one"];
    case "outside":
      return [r.reason.replace("its folder", "the content folder"), "copy the file into the content folder instead of linking to it"];
    default:
      return [r.reason, r.hint];
  }
}

/** The hotels folder's entries that are not hotel files, none in silence: a dotted YAML file is an error, the rest warnings. */
async function skippedHotelFiles(dir: string, names: string[], shown: (abs: string) => string, errors: ContentError[]): Promise<Warning[]> {
  const warnings: Warning[] = [];
  for (const n of names.filter((n) => !/\.ya?ml$/i.test(n) || isEditorFile(n)).sort()) {
    const abs = path.join(dir, n);
    if (/^\.[^#].*\.ya?ml$/i.test(n)) {
      errors.push(new ContentError({ file: shown(abs) }, "starts with a dot, so it is not read as a hotel file", `rename it to ${n.replace(/^\.+/, "")} (hidden files are skipped as editors' own)`));
    } else if (!isEditorFile(n)) {
      const folder = (await stat(abs).catch(() => undefined))?.isDirectory();
      warnings.push({ place: { file: shown(abs) }, message: folder ? "is a folder, which is not read: hotel files are read from hotels/ itself, not from folders inside it" : "is not read: only <id>.yaml files in hotels/ are hotel files" });
    }
  }
  return warnings;
}

/** The content files the cheap way (quick-read.ts) could read, by absolute path; folders linked outside go the careful way. */
async function quickFiles(o: { folders: RealFolders; contentDir: string; hotelsDir: string; hotelNames: string[]; shown: (abs: string) => string; read: (abs: string) => boolean; keep: boolean; parse?: ParseBeside }): Promise<{ sources: Map<string, SourceFile>; fromCache: number }> {
  const [root, hotels] = await Promise.all([o.folders.inside(o.contentDir), o.folders.inside(o.hotelsDir)]);
  const files: QuickFile[] = [];
  const add = (dir: string, realDir: string | undefined, names: string[]) => {
    if (!realDir) return;
    for (const name of names) {
      const abs = dir + path.sep + name;
      if (o.read(abs)) files.push({ path: abs, realDir, shown: o.shown(abs) });
    }
  };
  add(o.contentDir, root, ["site.yaml", "strings.yaml", "home.yaml"]);
  add(o.hotelsDir, hotels, o.hotelNames);
  const out = new Map<string, SourceFile>();
  // A first load takes unchanged files from the parse cache and parses the rest (a watch run parses its few).
  const cache = o.keep && root ? openParseCache(root) : undefined;
  const toParse: QuickFile[] = [];
  for (const f of files) {
    const kept = cache?.get(f.path);
    if (kept) out.set(f.path, sourceFromData(f.shown, kept.data, kept.stamp));
    else toParse.push(f);
  }
  const parsed = await parseAll(toParse, o.parse);
  toParse.forEach((f, i) => {
    const p = parsed[i];
    if (!p) return;
    out.set(f.path, sourceFromData(f.shown, p.data, p.stamp));
    cache?.set(f.path, p.data, p.stamp);
  });
  cache?.save();
  return { sources: out, fromCache: files.length - toParse.length };
}

/** Stage 1 of the pipeline: every content file parsed with its source positions, or all read errors at once. */
export async function loadContent(opts: LoadOptions): Promise<LoadedContent & { cache: LoadCache }> {
  const cwd = opts.cwd ?? process.cwd();
  const contentDir = path.resolve(cwd, opts.contentDir);
  const shown = (abs: string) => shownPath(abs, cwd);
  const folder = await stat(contentDir).catch(() => null);
  if (!folder?.isDirectory()) {
    throw new ContentErrors([
      new ContentError(
        { file: shown(contentDir) },
        folder ? "is not a folder" : "does not exist",
        "--content names the content folder, which holds site.yaml, strings.yaml, home.yaml and hotels/ (default: ./content)",
      ),
    ]);
  }
  const errors: ContentError[] = [];
  const gitTimes = opts.previous?.git ?? gitChangeTimes(contentDir);
  const cache: LoadCache = { files: new Map(), images: new Map(), git: gitTimes };
  const gate = pLimit(READS_IN_FLIGHT);
  const at = async (name: string, abs = path.join(contentDir, name)) => {
    const read = await cached(abs, opts, "files", cache, async () => {
      const quick = quicker.get(abs);
      if (quick) return { source: quick, errors: [] };
      return gate(async () => {
        const own: ContentError[] = [];
        return { source: await readSource({ root: contentDir, absPath: abs, name, shown: shown(abs), errors: own }), errors: own };
      });
    });
    errors.push(...read.errors);
    return read.source;
  };

  const hotelsDir = path.join(contentDir, "hotels");
  let hotelNames: string[] = [];
  let skipped: Warning[] = [];
  try {
    const names = await readdir(hotelsDir);
    // An editor's lock or swap file (Emacs's .#bali.yaml link) is not a hotel: passed over, not refused.
    hotelNames = names.filter((n) => /\.ya?ml$/.test(n) && !isEditorFile(n)).sort();
    skipped = await skippedHotelFiles(hotelsDir, names, shown, errors);
    // athens.YAML would otherwise vanish from the site in silence; the id must match a lower-case file name.
    for (const n of names.filter((n) => /\.ya?ml$/i.test(n) && !/\.ya?ml$/.test(n)).sort()) {
      const fixed = n.replace(/\.(ya?ml)$/i, (_, ext: string) => `.${ext.toLowerCase()}`);
      errors.push(new ContentError({ file: shown(path.join(hotelsDir, n)) }, "has an upper-case extension, so it is not read as a hotel file", `rename it to ${fixed}`));
    }
  } catch {
    errors.push(new ContentError({ file: shown(hotelsDir) }, "is not a folder of hotel files", "create it and add one <id>.yaml per hotel"));
  }
  // The cheap way first (a watch run reads the few that changed); what that cannot take goes the careful way below.
  // Folders whose real path leaves the content folder: their files and images go the careful way, which says why.
  const folders = realFolders(contentDir);
  const { sources: quicker, fromCache } = await quickFiles({ folders, contentDir, hotelsDir, hotelNames, shown, read: (abs) => !unchanged(abs, opts, "files"), keep: !opts.previous, parse: opts.parse });
  const [site, strings, home, ...hotels] = await Promise.all([
    at("site.yaml"),
    at("strings.yaml"),
    at("home.yaml"),
    // A name from readdir holds no separator: joined by hand, as path.join would (1,334 joins a run otherwise).
    ...hotelNames.map((n) => at(`hotels${path.sep}${n}`, hotelsDir + path.sep + n)),
  ]);
  opts.parsed?.();
  if (errors.length) throw new ContentErrors(errors);
  cache.fromParseCache = fromCache;

  const loadedHotels = hotels as SourceFile[];
  const images = new Map<string, ImageInfo>();
  const imageProblems = new Map<string, string>();
  const refs = imageRefs(site!.data, loadedHotels);
  const infos = await Promise.all(refs.map((ref) => cached(path.resolve(contentDir, ref), opts, "images", cache, () => readImage(contentDir, ref, folders.inside))));
  // In the order the content names them, not the reads ended: the image stage's key stays the same across runs.
  refs.forEach((ref, i) => {
    const info = infos[i];
    if (typeof info === "string") imageProblems.set(ref, info);
    else images.set(ref, info);
  });
  const times = await gitTimes;
  const key = `${contentDir}\u0000${cwd}`;
  const kept = opts.previous?.shownTimes;
  const changed = kept?.from === times && kept.key === key ? kept.times : new Map([...times].map(([rel, t]) => [shown(path.join(contentDir, rel)), t]));
  cache.shownTimes = { from: times, key, times: changed };
  const keptFlags = opts.previous?.flags;
  const flags = keptFlags && keptFlags.site === site!.data ? keptFlags.flags : await loadFlags(site!.data);
  cache.flags = { site: site!.data, flags };
  return { contentDir, site: site!, strings: strings!, home: home!, hotels: loadedHotels, images, imageProblems, changed, flags, cache, skipped };
}
