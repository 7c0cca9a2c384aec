// Validation of hotels' `aliases` (old ids, see src/site/aliases.ts): an alias may not take the address of a
// page or of another alias.
import { ContentError } from "../errors.js";
import type { Hotel, SourceFile } from "../types.js";

/** Aliases that would take another page's address or another alias: one located error each. */
export function aliasErrors(hotels: { source: SourceFile; hotel: Hotel }[]): ContentError[] {
  const errors: ContentError[] = [];
  const ids = new Map(hotels.map((h) => [h.hotel.id, h.source]));
  const taken = new Map<string, SourceFile>();
  for (const { source, hotel } of hotels) {
    (hotel.aliases ?? []).forEach((alias, i) => {
      const pointer = `/aliases/${i}`;
      // Located only when wrong: a position reads the file again (src/content/yaml.ts).
      const at = (message: string, hint: string) => errors.push(new ContentError({ file: source.file, ...source.locate(pointer), pointer }, message, hint));
      const page = ids.get(alias);
      const other = taken.get(alias);
      if (page) at(`"${alias}" is the id of ${page.file}, whose page has that address`, "an alias is an old id that no page uses any more; remove it");
      else if (other) at(`"${alias}" is already an alias in ${other.file}`, "an old address can move to one page only; keep the alias in one file");
      else taken.set(alias, source);
    });
  }
  return errors;
}
