// The placeholders `hotelsite new` writes (`TODO: name`, a booking link to `.../TODO-<id>`): a hotel file that
// still holds one is unfinished, so validate leaves it unpublished and `check` lists each placeholder left.
import { ContentError, type Warning } from "../errors.js";
import type { Hotel, SourceFile } from "../types.js";
import { pathPointer } from "../util/json-pointer.js";
import { Memo, table } from "../util/memo.js";

/** What marks a placeholder: the word TODO anywhere in a string. */
const PLACEHOLDER = /\bTODO\b/;

/**
 * The pointers of the strings in `data` that still hold a placeholder, in document order. Every string of every
 * hotel is read at each build, so a pointer is made only for a string that holds one.
 */
export function placeholderPointers(data: unknown): string[] {
  const found: string[] = [];
  const path: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      if (PLACEHOLDER.test(value)) found.push(pathPointer(path));
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(String(i));
        walk(value[i]);
        path.pop();
      }
    } else if (value && typeof value === "object") {
      for (const key of Object.keys(value)) {
        path.push(key);
        walk((value as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  walk(data);
  return found;
}

const LEFT = table<SourceFile, number>("placeholders left");

/** What {@link unfinishedHotels} found. */
export interface Unfinished {
  ids: Set<string>;
  warnings: Warning[];
  errors: ContentError[];
}

/** The hotels still holding placeholders, left out of the site with a warning; a popular destination naming one is an error. */
export function unfinishedHotels(memo: Memo, hotels: { source: SourceFile; hotel: Hotel }[], site: { file: SourceFile; popular?: string[] }): Unfinished {
  const found: Unfinished = { ids: new Set(), warnings: [], errors: [] };
  const files = new Map<string, string>();
  for (const { source, hotel } of hotels) {
    const left = memo.get(LEFT, source, () => placeholderPointers(source.data).length);
    if (!left) continue;
    found.ids.add(hotel.id);
    files.set(hotel.id, source.file);
    const message = `is not published: it still holds ${left} TODO placeholder${left === 1 ? "" : "s"} from hotelsite new (hotelsite check lists them)`;
    found.warnings.push({ place: { file: source.file }, message, unpublished: hotel.id });
  }
  site.popular?.forEach((id, i) => {
    if (!found.ids.has(id)) return;
    const pointer = `/popularDestinations/${i}`;
    const hint = `${files.get(id)} still holds TODO placeholders: replace them first`;
    found.errors.push(new ContentError({ file: site.file.file, ...site.file.locate(pointer), pointer }, `"${id}" names a hotel that is not published`, hint));
  });
  return found;
}
