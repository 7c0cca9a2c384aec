// The placeholders `hotelsite new` writes (`TODO: name`, a booking link to `.../TODO-<id>`): a hotel file that
// still holds one is unfinished, so validate leaves it unpublished and `check` lists each placeholder left.
import { ContentError, type Warning } from "../errors.js";
import type { Hotel, SourceFile } from "../types.js";
import { Memo, table } from "../util/memo.js";

/** What marks a placeholder: the word TODO anywhere in a string. */
const PLACEHOLDER = /\bTODO\b/;

/** Every string in a parsed file with its JSON pointer. */
function* strings(data: unknown, pointer = ""): Generator<[string, string]> {
  if (typeof data === "string") yield [pointer, data];
  else if (Array.isArray(data)) for (let i = 0; i < data.length; i++) yield* strings(data[i], `${pointer}/${i}`);
  else if (data && typeof data === "object") {
    for (const [k, v] of Object.entries(data)) yield* strings(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  }
}

/** The pointers of the strings in `data` that still hold a placeholder, in document order. */
export function placeholderPointers(data: unknown): string[] {
  return [...strings(data)].filter(([, value]) => PLACEHOLDER.test(value)).map(([pointer]) => pointer);
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
