// The rules of a hotel's facts and gallery that its JSON Schema cannot state: a fact's unit suits its kind, each
// gallery image exists, and each language describes as many images as the gallery holds. Pure.
import { factProblem } from "../site/facts.js";
import type { Hotel } from "../types.js";

/** A mistake at a pointer of the hotel file. */
export interface HotelProblem {
  pointer: string;
  message: string;
  hint: string;
}

/** Problems of a schema-valid hotel's facts and gallery (`image`: why an image cannot be used; `def`: the default language). */
export function factAndGalleryProblems(hotel: Hotel, def: string, image: (ref: string) => string | undefined): HotelProblem[] {
  const problems: HotelProblem[] = [];
  hotel.facts?.forEach((fact, i) => {
    const p = factProblem(fact);
    if (p) problems.push({ ...p, pointer: `/facts/${i}${p.pointer}` });
  });
  const gallery = hotel.gallery ?? [];
  gallery.forEach((ref, i) => {
    const why = image(ref);
    if (why !== undefined) problems.push({ pointer: `/gallery/${i}`, message: `"${ref}" is not an image file in the content folder`, hint: why });
  });
  for (const [lang, block] of Object.entries(hotel.text)) {
    const alts = block.galleryAlt;
    const pointer = `/text/${lang}/galleryAlt`;
    if (alts && alts.length !== gallery.length) {
      problems.push({ pointer, message: `describes ${alts.length} image${alts.length === 1 ? "" : "s"} but the gallery has ${gallery.length}`, hint: "write one line of alternative text per gallery image, in the gallery's order" });
    } else if (!alts && lang === def && gallery.length) {
      problems.push({ pointer: `/text/${lang}`, message: "has no galleryAlt for the gallery's images", hint: "add galleryAlt: one line per gallery image saying what it shows, in the gallery's order" });
    }
  }
  return problems;
}
