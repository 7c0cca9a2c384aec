// The images the content names, read at load: each one's size and hash, or why it cannot be used (the hint under
// validation's error). Part of stage 1 (load.ts), which keeps what this returns between runs.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { screenImage } from "../images/screen.js";
import type { ImageInfo, SourceFile } from "../types.js";
import { closest } from "../util/closest.js";
import { isWithin } from "../util/paths.js";
import { readPlainSync } from "../util/read-plain.js";
import { MAX_IMAGE_BYTES, megabytes, readRegularFile, type ReadRefusal, type RealFolders } from "./read-file.js";

/** An image's refusal as the hint under validation's "is not an image file in the content folder". */
function imageRefusal(r: ReadRefusal): string {
  switch (r.kind) {
    case "folder":
      return "it is a folder, not an image file";
    case "outside":
      return `it is a link to ${r.real}, outside the content folder; copy the image into the folder`;
    case "too-large":
      return `it is ${megabytes(r.size!)}, larger than the ${megabytes(MAX_IMAGE_BYTES)} an image may be; export it smaller`;
    default:
      return `it ${r.reason}; ${r.hint}`;
  }
}

/** The hint for a missing image: the file beside it whose name is nearest, when one is near enough. */
function missingImage(ref: string, abs: string): string {
  let names: string[] = [];
  try {
    names = readdirSync(path.dirname(abs));
  } catch {
    // No such folder either: nothing to suggest.
  }
  const near = closest(path.basename(ref), names);
  return `no such file: ${near ? `did you mean ${path.posix.join(path.posix.dirname(ref), near)}?` : "check the spelling;"} the path is relative to the content folder`;
}

/** Image paths the content names, read loosely: validation decides later whether they are well formed. */
export function imageRefs(site: unknown, hotels: SourceFile[]): string[] {
  const refs = new Set<string>();
  const add = (v: unknown) => typeof v === "string" && refs.add(v);
  if (site && typeof site === "object") {
    add((site as Record<string, unknown>).defaultImage);
    add((site as Record<string, unknown>).homeImage);
  }
  for (const h of hotels) {
    if (!h.data || typeof h.data !== "object") continue;
    const data = h.data as Record<string, unknown>;
    add(data.image);
    if (Array.isArray(data.gallery)) data.gallery.forEach(add);
  }
  return [...refs];
}

/** Reads an image's size and hash, or says why it cannot be used (the hint under validation's error). */
export async function readImage(contentDir: string, ref: string, inside: RealFolders["inside"]): Promise<ImageInfo | string> {
  const root = path.resolve(contentDir);
  const abs = path.resolve(root, ref);
  if (!isWithin(root, abs)) return "the path leaves the content folder";
  // A symbolic link may point anywhere; images are published byte for byte, so only files inside count. A plain
  // file in a folder inside is read in four calls (quick-read.ts); anything else the careful way, which says why not.
  const plain = (await inside(path.dirname(abs))) !== undefined ? readPlainSync(abs, { maxBytes: MAX_IMAGE_BYTES }) : undefined;
  const read = plain ?? (await readRegularFile(abs, { root, maxBytes: MAX_IMAGE_BYTES }));
  if ("refused" in read) return read.refused.kind === "missing" ? missingImage(ref, abs) : imageRefusal(read.refused);
  const ext = path.extname(ref).slice(1).toLowerCase();
  // Whatever the encoder cannot take (cut, damaged, a pixel bomb, a hostile SVG) is refused here, at its references.
  const size = screenImage(read.bytes, ext);
  if (typeof size === "string") return size;
  const hash = createHash("sha256").update(read.bytes).digest("hex").slice(0, 10);
  return { width: size.width, height: size.height, hash, ext };
}
