#!/usr/bin/env node
// Writes a synthetic content folder of any size from the real one, so builds of 100 or 4,000 pages can be
// measured: varied copies of the bundled hotels with distinct ids, in every language, spread evenly over
// the three layouts, plus site.yaml, strings.yaml, home.yaml and the images.
//
// Usage: npm run synth -- --hotels N --out DIR [--from content]
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import YAML from "yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The hotels of a content folder, grouped by layout, in file order. */
async function readHotels(from) {
  const dir = path.join(from, "hotels");
  const names = (await readdir(dir)).filter((n) => /\.ya?ml$/.test(n)).sort();
  const hotels = await Promise.all(names.map(async (n) => YAML.parse(await readFile(path.join(dir, n), "utf8"))));
  const byLayout = new Map();
  for (const h of hotels) {
    if (!byLayout.has(h.layout)) byLayout.set(h.layout, []);
    byLayout.get(h.layout).push(h);
  }
  return { hotels, byLayout };
}

/** Moves the first `k` items of a list to its end (a cheap, deterministic variation). */
const rotate = (list, k) => (Array.isArray(list) && list.length ? [...list.slice(k % list.length), ...list.slice(0, k % list.length)] : list);

/** Copy number `copy` (1 = the original) of a hotel: distinct id, link and names, sections reordered. */
export function variant(hotel, copy) {
  if (copy === 1) return hotel;
  const id = `${hotel.id}-${copy}`;
  const link = new URL(hotel.affiliateLink);
  link.searchParams.set("ss", `${link.searchParams.get("ss") ?? hotel.id} ${copy}`);
  const text = {};
  for (const [lang, t] of Object.entries(hotel.text)) {
    const v = { ...t };
    for (const key of ["name", "title", "metaTitle", "mainTitle"]) if (typeof v[key] === "string") v[key] = `${v[key]} ${copy}`;
    if (v.sections) v.sections = rotate(v.sections, copy);
    if (v.features) v.features = rotate(v.features, copy);
    text[lang] = v;
  }
  return { ...hotel, id, affiliateLink: link.toString(), text };
}

/** N hotels: the layouts take turns, each layout cycling through its own hotels, copies numbered. */
export function synthHotels(byLayout, n) {
  const layouts = [...byLayout.keys()].sort();
  const out = [];
  const used = new Map();
  for (let i = 0; i < n; i++) {
    const layout = layouts[i % layouts.length];
    const list = byLayout.get(layout);
    const k = used.get(layout) ?? 0;
    used.set(layout, k + 1);
    out.push(variant(list[k % list.length], Math.floor(k / list.length) + 1));
  }
  return out;
}

/** True when a path exists. */
const exists = (p) => stat(p).then(() => true, () => false);

/** Writes the synthetic content folder; returns the number of hotels written. */
export async function synth({ hotels: n, out, from = path.join(ROOT, "content") }) {
  if (!Number.isInteger(n) || n < 1) throw new Error("--hotels must be a positive whole number");
  const outDir = path.resolve(out);
  const src = path.resolve(from);
  if (outDir === src || src.startsWith(outDir + path.sep)) throw new Error(`refusing to write over the source content in ${outDir}`);
  if ((await exists(outDir)) && (await readdir(outDir)).length && !(await exists(path.join(outDir, "site.yaml")))) {
    throw new Error(`${outDir} is not empty and is not a content folder; choose another --out`);
  }
  const { byLayout } = await readHotels(src);
  const hotels = synthHotels(byLayout, n);

  await rm(path.join(outDir, "hotels"), { recursive: true, force: true });
  await mkdir(path.join(outDir, "hotels"), { recursive: true });
  for (const f of ["strings.yaml", "home.yaml"]) await cp(path.join(src, f), path.join(outDir, f));
  await rm(path.join(outDir, "images"), { recursive: true, force: true });
  await cp(path.join(src, "images"), path.join(outDir, "images"), { recursive: true });

  const site = YAML.parse(await readFile(path.join(src, "site.yaml"), "utf8"));
  const ids = new Set(hotels.map((h) => h.id));
  const popular = site.popularDestinations.filter((id) => ids.has(id));
  site.popularDestinations = popular.length ? popular : hotels.slice(0, 6).map((h) => h.id);
  await writeFile(path.join(outDir, "site.yaml"), YAML.stringify(site));

  for (const h of hotels) {
    // A copy keeps its original's image when the file is there; otherwise the site's default is used.
    const hotel = h.image && !(await exists(path.join(src, h.image))) ? { ...h, image: undefined } : h;
    await writeFile(path.join(outDir, "hotels", `${h.id}.yaml`), YAML.stringify(hotel, { lineWidth: 0 }));
  }
  return hotels.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { hotels: { type: "string" }, out: { type: "string" }, from: { type: "string" } } });
  if (!values.hotels || !values.out) {
    console.error("usage: npm run synth -- --hotels N --out DIR [--from content]");
    process.exit(2);
  }
  try {
    const count = await synth({ hotels: Number(values.hotels), out: values.out, from: values.from });
    console.log(`Wrote ${count} hotels (${count * 3} hotel pages in 3 languages) to ${values.out}`);
  } catch (e) {
    console.error(`synth: ${e.message}`);
    process.exit(2);
  }
}
