// The editor's configuration, generated from the content schemas: valid against the CMS's own published
// configuration schema (shipped in the installed package), made of the schemas' widgets, requirements, choices and
// hints, and following a schema change with no other edit.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cmsConfig, type ContentSchemas } from "../../src/cms/config.js";
import type { SiteSettings } from "../../src/types.js";
import { REPO } from "../support/fixture.js";

const read = async (p: string) => JSON.parse(await readFile(path.join(REPO, p), "utf8"));
const schemas: ContentSchemas = {
  site: await read("src/content/schemas/site.schema.json"),
  strings: await read("src/content/schemas/strings.schema.json"),
  home: await read("src/content/schemas/home.schema.json"),
  hotel: await read("src/content/schemas/hotel.schema.json"),
};
const site = parse(await readFile(path.join(REPO, "content/site.yaml"), "utf8")) as SiteSettings;
const sveltiaSchema = await read("node_modules/@sveltia/cms/schema/sveltia-cms.json");

type Field = { name: string; widget: string; [k: string]: any };
const config = (s: ContentSchemas = schemas) => cmsConfig({ schemas: s, site, contentPath: "content" }) as any;
const hotelFields = (c = config()): Field[] => c.collections.find((x: any) => x.name === "hotels").fields;
const siteFile = (c: any, name: string) => c.collections.find((x: any) => x.name === "site").files.find((f: any) => f.name === name);
const field = (fields: Field[], name: string) => {
  const f = fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name} in ${fields.map((x) => x.name).join(", ")}`);
  return f;
};

describe("cmsConfig", () => {
  it("is valid against the CMS's published configuration schema", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(sveltiaSchema);
    const ok = validate(config());
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it("the published schema refuses a configuration it does not know (the check can fail)", () => {
    const validate = new Ajv({ strict: false }).compile(sveltiaSchema);
    const c = config();
    c.i18n.structure = "text_under_each_file";
    expect(validate(c)).toBe(false);
    expect(validate.errors!.some((e) => e.instancePath === "/i18n/structure")).toBe(true);
  });

  it("has hotels as a folder of entries with the site's languages, and home, strings and settings as files", () => {
    const c = config();
    expect(c.i18n).toEqual({ structure: "single_file", locales: ["en", "zh", "ja"], default_locale: "en" });
    const hotels = c.collections[0];
    expect([hotels.name, hotels.folder, hotels.extension, hotels.slug, hotels.create]).toEqual(["hotels", "content/hotels", "yaml", "{{id}}", true]);
    expect(c.collections[1].files.map((f: any) => [f.name, f.file, !!f.i18n])).toEqual([
      ["home", "content/home.yaml", true],
      ["strings", "content/strings.yaml", true],
      ["settings", "content/site.yaml", false],
    ]);
    expect(c.media_folder).toBe("content/images");
  });

  it("takes widgets, enums, lists, images, requirements and hints from the hotel schema", () => {
    const f = hotelFields();
    // The text first, so that a translator's pane lines up with the default language's, then the shared fields.
    expect(f[0]).toMatchObject({ name: "name", widget: "string", i18n: true });
    const own = f.findIndex((x) => x.name === "id");
    expect(f.slice(0, own).every((x) => x.i18n === true)).toBe(true);
    expect(f.slice(own - 1, own + 10).map((x) => [x.name, x.widget, x.i18n])).toEqual([
      ["ctaText", "text", true],
      ["id", "string", false],
      ["aliases", "list", false],
      ["layout", "select", false],
      ["region", "select", false],
      ["hero", "select", false],
      ["image", "image", false],
      ["imageFocus", "object", false],
      ["affiliateLink", "string", false],
      ["programme", "string", false],
      ["facts", "list", false],
    ]);
    expect(field(f, "layout").options).toEqual(["showcase", "story", "article"]);
    expect(field(f, "region").options.map((o: any) => o.value)).toEqual(["asia-pacific", "americas", "europe", "middle-east-africa"]);
    expect(field(f, "region").options[0].label).toBe("Asia-Pacific");
    // No default: the CMS would write it into every hotel it saves (the build applies the schema's).
    expect(field(f, "hero").default).toBeUndefined();
    expect(field(f, "image")).toMatchObject({ widget: "image", media_folder: "content/images", public_folder: "images", required: false });
    expect(field(f, "id").required).toBe(true);
    expect(field(f, "id").hint).toBe(schemas.hotel.properties!.id.description);
    expect(field(f, "imageFocus").fields.map((x: Field) => [x.name, x.widget, x.value_type, x.min, x.max, x.step])).toEqual([
      ["x", "number", "int", 0, 100, 5],
      ["y", "number", "int", 0, 100, 5],
    ]);
    const facts = field(f, "facts");
    expect(facts.max).toBe(8);
    expect(facts.fields.map((x: Field) => [x.name, x.widget, x.required])).toEqual([
      ["kind", "select", true],
      ["value", "number", true],
      ["unit", "select", false],
      ["qualifier", "select", false],
    ]);
    expect(field(f, "gallery").field).toMatchObject({ widget: "image" });
    // Text: translated, required in the default language only where the schema's `complete` says so.
    expect(field(f, "name").required).toEqual(["en"]);
    expect(field(f, "tagline").required).toBe(false);
    expect(field(f, "intro").widget).toBe("text");
    expect(field(f, "sections").fields.map((x: Field) => [x.name, x.widget])).toEqual([
      ["title", "string"],
      ["text", "text"],
    ]);
    expect(field(f, "whyChoose").fields.map((x: Field) => x.name)).toEqual(["title", "points"]);
  });

  it("gives the site settings' language maps a field per site language", () => {
    const settings = siteFile(config(), "settings").fields as Field[];
    const regions = field(settings, "regions");
    expect(field(regions.fields, "name").fields.map((x: Field) => [x.name, x.required])).toEqual([
      ["en", true],
      ["zh", false],
      ["ja", false],
    ]);
    expect(field(field(settings, "affiliate").fields, "languages").fields.map((x: Field) => x.name)).toEqual(["en", "zh", "ja"]);
    expect(field(settings, "editor").fields.map((x: Field) => x.name)).toEqual(["enabled", "backend", "repo", "branch", "authUrl"]);
  });

  it("follows a schema change with no other edit: a field added to a copy of a schema appears in the editor", () => {
    const hotel = structuredClone(schemas.hotel);
    hotel.properties!.starRating = { description: "Stars the guide gives.", type: "integer", minimum: 1, maximum: 5 };
    hotel.$defs!.text.properties!.teaser = { $ref: "#/$defs/line", description: "A one-line teaser." };
    const home = structuredClone(schemas.home);
    home.$defs!.text.properties!.newsletterTitle = { $ref: "#/$defs/line", description: "Newsletter box heading." };
    const c = config({ ...schemas, hotel, home });
    expect(field(hotelFields(c), "starRating")).toEqual({ name: "starRating", label: "Star rating", widget: "number", value_type: "int", min: 1, max: 5, required: false, hint: "Stars the guide gives.", i18n: false });
    expect(field(hotelFields(c), "teaser")).toMatchObject({ widget: "string", i18n: true, required: false, hint: "A one-line teaser." });
    expect(field(siteFile(c, "home").fields, "newsletterTitle")).toMatchObject({ widget: "string", i18n: true, hint: "Newsletter box heading." });
    expect(hotelFields().some((x) => x.name === "starRating" || x.name === "teaser")).toBe(false);
  });

  it("maps with keys of the user's choosing: per language when keyed by language code, key and value pairs for strings, kept as they are for groups", () => {
    const siteSchema = structuredClone(schemas.site);
    const affiliate = siteSchema.properties!.affiliate;
    affiliate.properties!.params = { description: "Parameters added to the destination, name: value.", type: "object", additionalProperties: { type: "string" } };
    affiliate.properties!.programmes = { description: "Programmes by key.", type: "object", additionalProperties: { type: "object", properties: { link: { type: "string" } } } };
    // A $ref may point anywhere in its schema, not only into $defs.
    affiliate.properties!.fallbackSearch = { $ref: "#/properties/affiliate/properties/search", description: "Another search page." };
    const fields = field(siteFile(config({ ...schemas, site: siteSchema }), "settings").fields, "affiliate").fields as Field[];
    expect(field(fields, "languages").fields.map((x: Field) => x.name)).toEqual(["en", "zh", "ja"]);
    expect(field(fields, "params")).toMatchObject({ widget: "keyvalue", hint: "Parameters added to the destination, name: value." });
    expect(field(fields, "programmes")).toEqual({ name: "programmes", widget: "hidden" });
    expect(field(fields, "fallbackSearch")).toMatchObject({ widget: "object", hint: "Another search page." });
    expect(field(fields, "fallbackSearch").fields.map((x: Field) => x.name)).toEqual(field(fields, "search").fields.map((x: Field) => x.name));
    const validate = new Ajv({ strict: false }).compile(sveltiaSchema);
    expect(validate(config({ ...schemas, site: siteSchema }))).toBe(true);
  });

  it("takes the hosted backend from site.yaml's editor settings", () => {
    const withEditor = { ...site, editor: { enabled: true, backend: "gitlab" as const, repo: "acme/guide", branch: "main", authUrl: "https://auth.example.com" } };
    expect((cmsConfig({ schemas, site: withEditor, contentPath: "site/content/" }) as any).backend).toEqual({ name: "gitlab", repo: "acme/guide", branch: "main", base_url: "https://auth.example.com" });
    expect((cmsConfig({ schemas, site: withEditor, contentPath: "site/content/" }) as any).collections[0].folder).toBe("site/content/hotels");
  });
});
