// Focal points declared beside image references, attached to the image itself, so its crops and every page showing
// it agree. One image, one focal point: two different ones are an error.
import { ContentError } from "../errors.js";
import type { ImageFocus, ImageInfo, SourceFile } from "../types.js";
import { table, type Memo } from "../util/memo.js";

/** One place that names an image, with the focal point it declares (if any). */
export interface FocusClaim {
  ref: string;
  focus: ImageFocus | undefined;
  source: SourceFile;
  /** JSON pointer of the focal point (where an error about it points). */
  pointer: string;
}

const same = (a: ImageFocus, b: ImageFocus) => a.x === b.x && a.y === b.y;

/** An image with its focal point, the same object from run to run while the image and its point are (what is worked out from it is kept: site/record.ts). */
const FOCUSED = table<ImageInfo, ImageInfo>("focused images");

/** The images with their declared focal points (new objects, or the last run's from `memo`; `images` is left as it is), or the conflicts. */
export function withFocus(images: Map<string, ImageInfo>, claims: FocusClaim[], memo: Memo): { images: Map<string, ImageInfo>; errors: ContentError[] } {
  const errors: ContentError[] = [];
  const first = new Map<string, FocusClaim>();
  for (const claim of claims) {
    if (!claim.focus || !images.has(claim.ref)) continue;
    const had = first.get(claim.ref);
    if (!had) first.set(claim.ref, claim);
    else if (!same(had.focus!, claim.focus)) {
      const { line, column } = claim.source.locate(claim.pointer, {});
      errors.push(
        new ContentError(
          { file: claim.source.file, line, column, pointer: claim.pointer },
          `gives "${claim.ref}" a different focal point (${claim.focus.x}, ${claim.focus.y}) than ${had.source.file} (${had.focus!.x}, ${had.focus!.y})`,
          "an image has one focal point: use the same x and y in both files, or give one of them its own copy of the image",
        ),
      );
    }
  }
  if (!first.size) return { images, errors };
  const out = new Map(images);
  const focused = memo.map(FOCUSED);
  for (const [ref, claim] of first) {
    const image = images.get(ref)!;
    let kept = focused.get(image);
    if (!kept || !same(kept.focus!, claim.focus!)) focused.set(image, (kept = { ...image, focus: { x: claim.focus!.x, y: claim.focus!.y } }));
    out.set(ref, kept);
  }
  return { images: out, errors };
}
