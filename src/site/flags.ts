// The language menu's flag images as hashed assets: their URLs for the pages and their files for the output.
import { countryOfFlag } from "../content/flags.js";
import type { OutputFile } from "../render/assets.js";
import type { Content, Language } from "../types.js";

/** Root-relative URL of a flag file, with its content hash in the name. */
const urlOf = (country: string, hash: string) => `/assets/flags/${country}.${hash}.svg`;

/** The flag image URL of a language, when the site shows SVG flags and one exists for it. */
export function flagUrl(lang: Pick<Language, "flag">, flags: Content["flags"]): string | undefined {
  const country = countryOfFlag(lang.flag);
  const image = country ? flags?.get(country) : undefined;
  return image && urlOf(country!, image.hash);
}

/** The flag files every page's menu links to. */
export function flagFiles(flags: Content["flags"]): OutputFile[] {
  return [...(flags ?? [])].map(([country, image]) => ({ path: urlOf(country, image.hash).slice(1), contents: image.svg }));
}
