// Stage 1: reads the content folder (YAML files and the images they name) into memory. The only content
// stage that touches the disk; everything after it is a pure function of what it returns.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { imageSize } from "image-size";
import { ContentError, ContentErrors } from "../errors.js";
import type { ImageInfo, LoadedContent, SourceFile } from "../types.js";
import { parseYaml } from "./yaml.js";

/** Options for {@link loadContent}. */
export interface LoadOptions {
  /** The content folder. */
  contentDir: string;
  /** Paths in messages are shown relative to this folder (the working directory). */
  cwd?: string;
}

/** Reads and parses one YAML file, turning I/O and syntax problems into ContentErrors. */
async function readSource(absPath: string, shown: string, errors: ContentError[]): Promise<SourceFile | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(absPath);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const message = code === "ENOENT" ? "does not exist" : `cannot be read (${code})`;
    errors.push(new ContentError({ file: shown }, message, "every content folder has site.yaml, strings.yaml, home.yaml and hotels/"));
    return null;
  }
  try {
    return parseYaml(bytes, shown);
  } catch (e) {
    if (e instanceof ContentErrors) {
      errors.push(...e.errors);
      return null;
    }
    throw e;
  }
}

/** Image paths the content names, read loosely: validation decides later whether they are well formed. */
function imageRefs(site: unknown, hotels: SourceFile[]): string[] {
  const refs = new Set<string>();
  const add = (v: unknown) => typeof v === "string" && refs.add(v);
  if (site && typeof site === "object") {
    add((site as Record<string, unknown>).defaultImage);
    add((site as Record<string, unknown>).homeImage);
  }
  for (const h of hotels) if (h.data && typeof h.data === "object") add((h.data as Record<string, unknown>).image);
  return [...refs];
}

/** Reads an image's size and hash; null when it does not exist, is outside the folder or is unreadable. */
async function readImage(contentDir: string, ref: string): Promise<ImageInfo | null> {
  const abs = path.resolve(contentDir, ref);
  if (!abs.startsWith(path.resolve(contentDir) + path.sep)) return null;
  try {
    const bytes = await readFile(abs);
    const size = imageSize(bytes);
    if (!size.width || !size.height) return null;
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
    return { width: size.width, height: size.height, hash, ext: path.extname(ref).slice(1).toLowerCase() };
  } catch {
    return null;
  }
}

/** Stage 1 of the pipeline: every content file parsed with its source positions, or all read errors at once. */
export async function loadContent(opts: LoadOptions): Promise<LoadedContent> {
  const cwd = opts.cwd ?? process.cwd();
  const contentDir = path.resolve(cwd, opts.contentDir);
  const shown = (abs: string) => path.relative(cwd, abs) || abs;
  const errors: ContentError[] = [];
  const at = (name: string) => readSource(path.join(contentDir, name), shown(path.join(contentDir, name)), errors);

  const hotelsDir = path.join(contentDir, "hotels");
  let hotelNames: string[] = [];
  try {
    hotelNames = (await readdir(hotelsDir)).filter((n) => /\.ya?ml$/.test(n)).sort();
  } catch {
    errors.push(new ContentError({ file: shown(hotelsDir) }, "is not a folder of hotel files", "create it and add one <id>.yaml per hotel"));
  }
  const [site, strings, home, ...hotels] = await Promise.all([
    at("site.yaml"),
    at("strings.yaml"),
    at("home.yaml"),
    ...hotelNames.map((n) => at(path.join("hotels", n))),
  ]);
  if (errors.length) throw new ContentErrors(errors);

  const loadedHotels = hotels as SourceFile[];
  const images = new Map<string, ImageInfo>();
  await Promise.all(
    imageRefs(site!.data, loadedHotels).map(async (ref) => {
      const info = await readImage(contentDir, ref);
      if (info) images.set(ref, info);
    }),
  );
  return { contentDir, site: site!, strings: strings!, home: home!, hotels: loadedHotels, images };
}
