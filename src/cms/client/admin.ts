// The admin page's own script, loaded before the CMS's bundle: registers the content files' format and the page
// previews, then starts the CMS with config.json.
import { parse } from "yaml";
import { fileText, toCms, type FileKind } from "../format.js";
import { previewTemplates, type PageUrls } from "./preview.js";

interface Cms {
  init(o: { config: unknown }): Promise<void>;
  registerPreviewTemplate(name: string, component: unknown): void;
  registerCustomFormat(name: string, extension: string, m: { fromFile(text: string): unknown; toFile(data: Record<string, unknown>): string }): void;
}
type Field = { name: string; i18n?: unknown; widget?: string; fields?: Field[] };
type Config = { i18n: { locales: string[] }; collections: { name: string; format?: string; fields?: Field[]; files?: { format: string; fields?: Field[] }[] }[] };

const w = window as unknown as { CMS?: Cms; CMS_MANUAL_INIT?: boolean } & Parameters<typeof previewTemplates>[0];
w.CMS_MANUAL_INIT = true;

/** The dotted paths of the hidden fields among `fields` (values the editor keeps without showing). */
const hiddenPaths = (fields: Field[] = [], prefix = ""): string[] =>
  fields.flatMap((f) => (f.widget === "hidden" ? [prefix + f.name] : f.fields ? hiddenPaths(f.fields, `${prefix}${f.name}.`) : []));

/** Registers one format per kind of file; a save rewrites only what changed in the text the CMS last read. */
function registerFormats(cms: Cms, config: Config) {
  const languages = config.i18n.locales;
  const originals = new Map<string, string>();
  for (const collection of config.collections) {
    // Hotels: one file per entry, known by its id; the others are one file per format.
    const hotels = collection.fields?.some((f) => f.i18n === true) && collection.fields.some((f) => f.i18n === false);
    const files = collection.format ? [{ format: collection.format, fields: collection.fields }] : (collection.files ?? []);
    for (const { format, fields } of files) {
      const kind: FileKind = { languages, hidden: hiddenPaths(fields), ...(hotels ? { ownFields: fields!.filter((f) => f.i18n === false).map((f) => f.name) } : {}) };
      const key = (data: Record<string, unknown> | undefined) => (hotels ? `${format}:${String(data?.id)}` : format);
      cms.registerCustomFormat(format, "yaml", {
        fromFile(text) {
          const data = parse(text) as Record<string, unknown>;
          originals.set(key(data), text);
          return toCms(data, kind);
        },
        toFile(data) {
          const k = key(hotels ? (data[languages[0]] as Record<string, unknown>) : undefined);
          const text = fileText(data, kind, originals.get(k));
          originals.set(k, text);
          return text;
        },
      });
    }
  }
}

window.addEventListener("DOMContentLoaded", async () => {
  const [config, urls] = await Promise.all([fetch("config.json").then((r) => r.json() as Promise<Config>), fetch("pages.json").then((r) => r.json() as Promise<PageUrls>)]);
  registerFormats(w.CMS!, config);
  for (const [name, component] of Object.entries(previewTemplates(w, config.i18n.locales, urls))) w.CMS!.registerPreviewTemplate(name, component);
  await w.CMS!.init({ config });
});
