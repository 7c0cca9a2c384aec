// `hotelsite new hotel <id> --layout <name>`: a commented hotel file holding every field its layout needs, with TODO
// placeholders, so an editor starts from something that builds; fields, counts and comments come from the schema.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { yamlLib } from "../content/yaml-lib.js";
import { ContentErrors, UsageError } from "../errors.js";
import hotelSchema from "../content/schemas/hotel.schema.json" with { type: "json" };
import { readRegularFile } from "../content/read-file.js";
import { MAX_FILE_BYTES, parseYaml } from "../content/yaml.js";
import { writeGuarded } from "../io/write.js";
import { packageRoot } from "../util/paths.js";

/** What the scaffold needs to know about the site. */
export interface ScaffoldSite {
  /** Language codes, the default first. */
  languages: { code: string; label: string }[];
  /** A host booking links may use (the placeholder link's host). */
  bookingHost: string;
  slugPrefix: string;
  /** The ids of site.yaml's regions, when it declares them (every hotel must then name one). */
  regions?: string[];
}

type Schema = { description?: string; required?: string[]; minItems?: number; properties?: Record<string, Schema>; $ref?: string };
const defs = hotelSchema.$defs as unknown as Record<string, Schema>;
const top = hotelSchema.properties as unknown as Record<string, Schema>;
const textProps = defs.text.properties!;

/** The layouts the schema knows. */
export const LAYOUTS: string[] = (top.layout as { enum: string[] }).enum;

/** Why an id is not a valid slug part, or null when it is one (the schema's own rule). */
export function invalidId(id: string): string | null {
  const rule = top.id as { pattern: string; maxLength: number };
  if (id.length > rule.maxLength) return `is longer than ${rule.maxLength} characters`;
  if (!new RegExp(rule.pattern).test(id)) return "must be lower-case letters and digits joined by single hyphens (e.g. kuala-lumpur)";
  return null;
}

/** A comment block from a schema description, wrapped to about 100 columns. */
function comment(indent: string, text: string | undefined): string[] {
  if (!text) return [];
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > 96 - indent.length) {
      lines.push(`${indent}# ${line}`);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(`${indent}# ${line}`);
  return lines;
}

/** A quoted YAML scalar. */
const q = (s: string) => yamlLib().stringify(s, { defaultStringType: "QUOTE_DOUBLE", lineWidth: 0 }).trim();

/** The text block of one language: every field the layout needs, with placeholders and the schema's comments. */
function textBlock(layout: string): string[] {
  const layoutDef = defs[`layout-${layout}`];
  const required = new Set([...defs.complete.required!, ...layoutDef.required!]);
  const count = (key: string, fallback: number) => layoutDef.properties?.[key]?.minItems ?? fallback;
  const pad = "    ";
  const out: string[] = [];
  for (const [key, prop] of Object.entries(textProps)) {
    const optional = !required.has(key);
    // Optional fields other layouts use are left out; bookLabel applies to every layout, so it is offered.
    if (optional && key !== "bookLabel") continue;
    out.push(...comment(pad, prop.description + (optional ? " (optional: remove the # to use it)" : "")));
    const hash = optional ? "# " : "";
    const label = key.replace(/([A-Z])/g, " $1").toLowerCase();
    if (key === "features") {
      out.push(`${pad}features:`);
      for (let i = 1; i <= count("features", 6); i++) out.push(`${pad}  - ${q(`TODO: feature ${i}`)}`);
    } else if (key === "sections") {
      out.push(`${pad}sections:`);
      for (let i = 1; i <= count("sections", 3); i++) {
        out.push(`${pad}  - title: ${q(`TODO: section ${i} title`)}`, `${pad}    text: |`, `${pad}      TODO: section ${i} text`);
      }
    } else if (key === "whyChoose") {
      const points = (layoutDef.properties?.whyChoose?.properties?.points?.minItems as number | undefined) ?? 7;
      out.push(`${pad}whyChoose:`, `${pad}  title: ${q("TODO: why-choose title")}`, `${pad}  points:`);
      for (let i = 1; i <= points; i++) out.push(`${pad}    - ${q(`TODO: point ${i}`)}`);
    } else if (prop.$ref === "#/$defs/prose") {
      out.push(`${pad}${hash}${key}: |`, `${pad}${hash}  TODO: ${label}`);
    } else {
      out.push(`${pad}${hash}${key}: ${q(`TODO: ${label}`)}`);
    }
  }
  return out;
}

/** The text of a new hotel file. Pure. */
export function hotelScaffold(opts: { id: string; layout: string; site: ScaffoldSite; schemaRef: string }): string {
  const { id, layout, site } = opts;
  const [def, ...others] = site.languages;
  const lines = [
    `# yaml-language-server: $schema=${opts.schemaRef}`,
    `# ${id}: a new hotel with the ${layout} layout, made by \`hotelsite new hotel\`. Its pages are /${site.slugPrefix}-${id}/`,
    `# in every language. Replace every TODO, then run \`hotelsite check\`: it lists the TODOs left and every`,
    `# untranslated field. In an editor with the YAML extension, hover a key to read what it is for.`,
    "",
    ...comment("", top.id.description),
    `id: ${id}`,
    ...comment("", top.layout.description),
    `layout: ${layout}`,
    ...(site.regions?.length ? [...comment("", `${top.region.description} One of: ${site.regions.join(", ")}.`), `region: ${site.regions[0]}`] : []),
    ...comment("", `${top.hero.description} (optional: remove the # to use it)`),
    `# hero: tall`,
    ...comment("", `${top.image.description} Add the file, then remove the # below.`),
    `# image: images/hotels/${id}.svg`,
    ...comment("", `${top.imageFocus.description} (optional: remove the # to use it)`),
    `# imageFocus: { x: 50, y: 50 }`,
    ...comment("", top.affiliateLink.description),
    `affiliateLink: ${q(`https://${site.bookingHost}/TODO-${id}`)}`,
    ...comment("", `${top.facts.description} (optional: remove the # and write the figures)`),
    `# facts:`,
    `#   - { kind: rooms, value: 250 }`,
    `#   - { kind: eventSpace, value: 1200, unit: sqm }`,
    ...comment("", top.text.description),
    // No commented-out translation blocks: once an import adds the real block, "remove the #" would make a duplicate key.
    ...(others.length
      ? comment(
          "",
          `Translations: a block per language beside ${def.code}: (${others.map((l) => `${l.code}: ${l.label}`).join(", ")}) with the same keys, ` +
            `written by hand or by \`hotelsite translate import\` from the XLIFF file \`hotelsite translate export --lang <code>\` makes. ` +
            `A field a language leaves out is shown in ${def.label}, and \`hotelsite check\` lists it as untranslated.`,
        )
      : []),
    `text:`,
    `  ${def.code}:`,
    ...textBlock(layout),
  ];
  return lines.join("\n") + "\n";
}

/** Reads what the scaffold needs from site.yaml. */
async function readSite(contentDir: string, shown: string): Promise<ScaffoldSite> {
  let data: Record<string, unknown>;
  const read = await readRegularFile(path.join(contentDir, "site.yaml"), { root: contentDir, maxBytes: MAX_FILE_BYTES });
  if ("refused" in read) throw new UsageError(`${shown}/site.yaml ${read.refused.reason}\nrun hotelsite new in the project folder, or pass --content <dir>`);
  try {
    data = parseYaml(read.bytes, `${shown}/site.yaml`).data as Record<string, unknown>;
  } catch (e) {
    const why = e instanceof ContentErrors ? e.errors.map((x) => x.format()).join("\n") : `${shown}/site.yaml cannot be read`;
    throw new UsageError(`${why}\nrun hotelsite new in the project folder, or pass --content <dir>`);
  }
  const languages = (data?.languages as { code?: unknown; label?: unknown }[] | undefined)?.filter((l) => typeof l?.code === "string");
  // The general booking link's host: a hotel's own page is on the same booking site (whatever network wraps it).
  const affiliate = data?.affiliate as { link?: unknown; allowedHosts?: unknown[] } | undefined;
  const host = typeof affiliate?.link === "string" && URL.canParse(affiliate.link) ? new URL(affiliate.link).hostname : affiliate?.allowedHosts?.find((h) => typeof h === "string");
  const prefix = (data?.brand as { slugPrefix?: unknown } | undefined)?.slugPrefix;
  if (!languages?.length || typeof host !== "string" || typeof prefix !== "string") {
    throw new UsageError(`${shown}/site.yaml needs languages, affiliate.link and brand.slugPrefix first (run hotelsite check)`);
  }
  const regions = Array.isArray(data?.regions) ? (data.regions as { id?: unknown }[]).map((r) => r?.id).filter((id): id is string => typeof id === "string") : undefined;
  return { languages: languages.map((l) => ({ code: l.code as string, label: String(l.label ?? l.code) })), bookingHost: host, slugPrefix: prefix, regions };
}

/** Options for {@link newHotel}. */
export interface NewHotelOptions {
  contentDir: string;
  id: string;
  /** Without one, `new` lists the layouts and writes nothing. */
  layout?: string;
  cwd?: string;
}

/** Writes content/hotels/<id>.yaml; returns its path (as shown) and the steps to take next. */
export async function newHotel(opts: NewHotelOptions): Promise<{ file: string; next: string[] }> {
  const cwd = opts.cwd ?? process.cwd();
  const contentDir = path.resolve(cwd, opts.contentDir);
  const shownContent = path.relative(cwd, contentDir) || ".";
  const bad = invalidId(opts.id);
  if (bad) throw new UsageError(`"${opts.id}" cannot be a hotel id: it ${bad}`);
  if (opts.layout === undefined) {
    const which = `${LAYOUTS.slice(0, -1).join(", ")} or ${LAYOUTS.at(-1)}`;
    throw new UsageError(`a new hotel needs a layout: --layout ${which}\n  ${top.layout.description}\n  e.g. hotelsite new hotel ${opts.id} --layout ${LAYOUTS.at(-1)}`);
  }
  if (!LAYOUTS.includes(opts.layout)) throw new UsageError(`"${opts.layout}" is not a layout; use one of: ${LAYOUTS.join(", ")}`);
  const site = await readSite(contentDir, shownContent);

  const hotelsDir = path.join(contentDir, "hotels");
  const names = (await readdir(hotelsDir).catch(() => [] as string[])).filter((n) => /\.ya?ml$/.test(n));
  const taken = names.find((n) => n.replace(/\.ya?ml$/, "") === opts.id);
  if (taken) throw new UsageError(`a hotel with the id "${opts.id}" exists already: ${path.join(shownContent, "hotels", taken)}`);
  for (const n of names) {
    // Never a blocking read: a FIFO or device named like a hotel file is skipped here (build refuses it).
    const read = await readRegularFile(path.join(hotelsDir, n), { root: contentDir, maxBytes: MAX_FILE_BYTES });
    const text = "bytes" in read ? read.bytes.toString("utf8") : "";
    if (new RegExp(`^id:\\s*["']?${opts.id}["']?\\s*(#.*)?$`, "m").test(text)) {
      throw new UsageError(`the id "${opts.id}" is taken by ${path.join(shownContent, "hotels", n)}`);
    }
  }

  const file = path.join(hotelsDir, `${opts.id}.yaml`);
  const schema = path.join(packageRoot(), "src", "content", "schemas", "hotel.schema.json");
  const schemaRef = path.relative(hotelsDir, schema).split(path.sep).join("/");
  const text = hotelScaffold({ id: opts.id, layout: opts.layout, site, schemaRef });
  if (!(await stat(hotelsDir).catch(() => undefined))?.isDirectory()) throw new UsageError(`${path.join(shownContent, "hotels")} is not a folder; create it first`);
  await writeGuarded(file, text, { root: contentDir });
  const shown = path.relative(cwd, file);
  const others = site.languages.slice(1).map((l) => l.code);
  return {
    file: shown,
    next: [
      `Replace every TODO in ${shown} (hotelsite check lists the ones left).`,
      `Add the hotel's own image (e.g. ${path.join(shownContent, "images", "hotels", `${opts.id}.svg`)}) and remove the # before its image: line.`,
      ...(others.length ? [`Translate: hotelsite translate export --lang ${others[0]} --out ${others[0]}.xlf, then translate import ${others[0]}.xlf; or add a ${others.join(": / ")}: block under text: by hand (${site.languages[0].label} is shown meanwhile).`] : []),
      `Preview with hotelsite watch: the page is at /${site.slugPrefix}-${opts.id}/.`,
      `Run hotelsite check before you commit.`,
    ],
  };
}
