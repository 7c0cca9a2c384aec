// Every list of site.yaml whose items are named by a field (language codes, region ids) names each once: one located
// error per repeat, pointing back at the first (lists of plain values are the schema's uniqueItems).
import { ContentError } from "../errors.js";
import type { SiteSettings, SourceFile } from "../types.js";

/** A list of the settings, how to read each item's name, and what to say about a repeat. */
interface Named {
  pointer: string;
  items: readonly unknown[] | undefined;
  /** The field that names an item ("code"). */
  key: string;
  what: (name: string, where: string) => string;
  hint: string;
}

/** The repeats in each such list of the settings; `languages` says whether the languages' codes were all distinct. */
export function duplicateNames(source: SourceFile, site: SiteSettings): { errors: ContentError[]; languages: boolean } {
  const lists: Named[] = [
    {
      pointer: "/languages",
      items: site.languages,
      key: "code",
      what: (n, w) => `"${n}" is already the code of the language ${w}`,
      hint: "each language needs its own code: it names the language's folder (/zh/) and its block in every text file",
    },
    {
      pointer: "/regions",
      items: site.regions,
      key: "id",
      what: (n, w) => `"${n}" is already the id of the region ${w}`,
      hint: "each region needs its own id: hotels name it in region:, and the home page's list of the region is found by it",
    },
  ];
  const errors: ContentError[] = [];
  let languages = true;
  for (const list of lists) {
    const first = new Map<string, number>();
    list.items?.forEach((item, i) => {
      const name = String((item as Record<string, unknown>)[list.key]);
      const j = first.get(name);
      if (j === undefined) return void first.set(name, i);
      const at = (k: number) => `${list.pointer}/${k}/${list.key}`;
      const line = source.locate(at(j)).line;
      const pointer = at(i);
      errors.push(new ContentError({ file: source.file, ...source.locate(pointer), pointer }, list.what(name, line ? `on line ${line}` : `${list.pointer}/${j}`), list.hint));
      if (list.pointer === "/languages") languages = false;
    });
  }
  return { errors, languages };
}
