// Validation of regions (site.yaml `regions`, each hotel's `region`): with regions declared, every hotel names
// one of them, so the home page's grouping never silently drops a hotel.
import { ContentError } from "../errors.js";
import type { Hotel, SiteSettings, SourceFile } from "../types.js";
import { didYouMean } from "../util/closest.js";

/** A hotel whose region is missing or unknown, and a region without the default language's name: one located error each. */
export function regionErrors(site: SiteSettings, siteSource: SourceFile, hotels: { source: SourceFile; hotel: Hotel }[]): ContentError[] {
  const errors: ContentError[] = [];
  const at = (source: SourceFile, pointer: string, message: string, hint: string) => errors.push(new ContentError({ file: source.file, ...source.locate(pointer), pointer }, message, hint));
  const regions = site.regions;
  const def = site.languages[0].code;
  regions?.forEach((r, i) => {
    if (!r.name[def]) at(siteSource, `/regions/${i}/name`, `has no ${def} name`, `the default language's name is the one other languages fall back to: add ${def}: ...`);
  });
  const ids = regions?.map((r) => r.id) ?? [];
  const known = ids.length ? `site.yaml's regions: ${ids.join(", ")}` : "site.yaml declares no regions";
  for (const { source, hotel } of hotels) {
    if (hotel.region === undefined) {
      if (regions) at(source, "", "has no region", `add region: with one of ${known}; the home page lists destinations by region`);
    } else if (!ids.includes(hotel.region)) {
      at(source, "/region", `"${hotel.region}" is not a region of the site`, `${didYouMean(hotel.region, ids)}use one of ${known}`);
    }
  }
  return errors;
}
