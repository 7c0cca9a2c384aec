// The browser editor's configuration (Sveltia CMS), made from the content's JSON Schemas and the site's settings, never
// by hand; translated text uses the CMS's `single_file` i18n structure (format.ts maps hotel files to it).
import type { SiteSettings } from "../types.js";
import { hint, labelOf, objectFields, type CmsField, type FieldContext, type SchemaNode } from "./fields.js";

/** The four content schemas, as JSON. */
export interface ContentSchemas {
  site: SchemaNode;
  strings: SchemaNode;
  home: SchemaNode;
  hotel: SchemaNode;
}

/** What the configuration is made from. */
export interface CmsConfigOptions {
  schemas: ContentSchemas;
  site: SiteSettings;
  /** The content folder's path from the repository's root, with forward slashes ("content"). */
  contentPath: string;
}

/** The custom file formats (format.ts), one per kind of file: each knows how its files map to the CMS's shape. */
export const FORMATS = { hotel: "hotelsite-hotel", home: "hotelsite-home", strings: "hotelsite-strings", site: "hotelsite-site" } as const;

/** The hotel fields that hold translated copy, by language: the CMS shows them per locale. */
export const TEXT_KEY = "text";

/** Fields of a text block (strings, home, a hotel's text): translated, the default language's `complete` ones required. */
function textFields(schema: SchemaNode, ctx: FieldContext): CmsField[] {
  const text = schema.$defs?.text;
  if (!text) throw new Error("schema has no $defs.text");
  const complete = new Set(schema.$defs?.complete?.required ?? []);
  return objectFields(text, ctx, (name) => (complete.has(name) ? [ctx.languages[0]] : false)).map((f) => ({ ...f, i18n: true }));
}

/** A hotel's fields: its text first, so a translator's pane lines up with the default language's, then its shared fields. */
function hotelFields(schema: SchemaNode, site: SiteSettings, ctx: FieldContext): CmsField[] {
  const own: SchemaNode = { ...schema, properties: Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => k !== TEXT_KEY)) };
  const shared = objectFields(own, ctx).map((f) => {
    if (f.name !== "region" || !site.regions?.length) return { ...f, i18n: false };
    const { pattern: _pattern, minlength: _min, maxlength: _max, ...rest } = f;
    return { ...rest, widget: "select", options: site.regions.map((r) => ({ label: r.name[ctx.languages[0]] ?? r.id, value: r.id })), i18n: false };
  });
  const text = textFields(schema, ctx);
  const clash = text.find((t) => shared.some((s) => s.name === t.name));
  if (clash) throw new Error(`hotel schema: the text field ${clash.name} has the name of a hotel field`);
  return [...text, ...shared];
}

/** The backend the hosted editor commits through (site.yaml `editor`); local editing needs none of it. */
function backend(site: SiteSettings): Record<string, unknown> {
  const e = site.editor;
  const out: Record<string, unknown> = { name: e?.backend ?? "github", repo: e?.repo ?? "owner/site" };
  if (e?.branch) out.branch = e.branch;
  if (e?.authUrl) out.base_url = e.authUrl;
  return out;
}

/** The editor's whole configuration (config.json beside the admin page). */
export function cmsConfig(opts: CmsConfigOptions): Record<string, unknown> {
  const { schemas, site } = opts;
  const languages = site.languages.map((l) => l.code);
  const content = opts.contentPath.replace(/\/+$/, "") || ".";
  const media = { folder: `${content}/images`, publicFolder: "images" };
  const ctx = (root: SchemaNode): FieldContext => ({ root, languages, media });
  return {
    load_config_file: false,
    backend: backend(site),
    site_url: site.baseUrl,
    media_folder: media.folder,
    public_folder: `/${media.publicFolder}`,
    i18n: { structure: "single_file", locales: languages, default_locale: languages[0] },
    output: { omit_empty_optional_fields: true },
    collections: [
      {
        name: "hotels",
        label: "Hotels",
        label_singular: "Hotel",
        ...(schemas.hotel.description ? { description: hint(schemas.hotel.description) } : {}),
        folder: `${content}/hotels`,
        extension: "yaml",
        format: FORMATS.hotel,
        identifier_field: "id",
        slug: "{{id}}",
        summary: "{{name}}",
        create: true,
        i18n: true,
        fields: hotelFields(schemas.hotel, site, ctx(schemas.hotel)),
      },
      {
        name: "site",
        label: "Site",
        files: [
          { name: "home", label: "Home page", file: `${content}/home.yaml`, format: FORMATS.home, i18n: true, fields: textFields(schemas.home, ctx(schemas.home)) },
          { name: "strings", label: "Interface strings", file: `${content}/strings.yaml`, format: FORMATS.strings, i18n: true, fields: textFields(schemas.strings, ctx(schemas.strings)) },
          { name: "settings", label: labelOf("siteSettings"), file: `${content}/site.yaml`, format: FORMATS.site, fields: objectFields(schemas.site, ctx(schemas.site)) },
        ],
      },
    ],
  };
}
