#!/usr/bin/env node
// Makes a Hugo site from one of our content folders, for the benchmark's peer comparison: the same hotels,
// languages, routes and page structure (head with canonical, hreflang, Open Graph and JSON-LD; header with the
// language menu; footer with popular destinations; three hotel layouts, home with every hotel's card, 404s),
// written with Hugo's own templates (bench/peers/hugo/layouts). Text is resolved per field with the default
// language as fallback, as our resolve stage does. Images are referenced by URL only: Hugo does no image work.
//
// Usage: node bench/peers/hugo-site.mjs --content DIR --out HUGO_DIR; then `hugo -s HUGO_DIR -d PUBLIC`.
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import YAML from "yaml";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");

/** Splits prose into paragraphs at blank lines (as src/site/resolve.ts does). */
const paragraphs = (text) =>
  text
    ? text
        .split(/\n\s*\n/)
        .map((p) => p.trim().replace(/\s*\n\s*/g, " "))
        .filter(Boolean)
    : [];

/** Hugo lower-cases parameter keys; we do it up front so templates and data agree. */
const lower = (obj) => Object.fromEntries(Object.entries(obj).map(([k, v]) => [k.toLowerCase(), v]));

/** A responsive image description like ours (URLs only; no files behind them). */
function image(ref, alt) {
  const stem = `/assets/${ref.replace(/\.[^.]+$/, "")}`;
  const set = (ext) => [480, 960, 1600].map((w) => `${stem}-${w}.${ext} ${w}w`).join(", ");
  return {
    src: `${stem}-960.jpg`,
    srcset: set("jpg"),
    sources: [
      { type: "image/avif", srcset: set("avif") },
      { type: "image/webp", srcset: set("webp") },
    ],
    width: 1600,
    height: 1000,
    alt,
    og: `${stem}-og.jpg`,
  };
}

/** The booking link with the partner id added. */
function withPartner(link, affiliate) {
  const url = new URL(link);
  url.searchParams.set(affiliate.partnerParam, affiliate.partnerId);
  return url.toString();
}

/** Writes the Hugo site for `contentDir` into `outDir`; returns the number of hotels. */
export async function makeHugoSite({ contentDir, outDir }) {
  const read = async (f) => YAML.parse(await readFile(path.join(contentDir, f), "utf8"));
  const [site, strings, home] = await Promise.all([read("site.yaml"), read("strings.yaml"), read("home.yaml")]);
  const names = (await readdir(path.join(contentDir, "hotels"))).filter((n) => /\.ya?ml$/.test(n)).sort();
  const hotels = await Promise.all(names.map((n) => read(path.join("hotels", n))));
  const langs = site.languages;
  const def = langs[0].code;
  const pick = (blocks, code) => ({ ...blocks[def], ...blocks[code] });
  const slug = (id) => `${site.brand.slugPrefix}-${id}`;
  const fill = (s, language) => s.replace(/\{language\}/g, language);

  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, "static", "assets"), { recursive: true });
  await cp(path.join(HERE, "hugo", "layouts"), path.join(outDir, "layouts"), { recursive: true });
  const styles = path.join(ROOT, "templates", "styles");
  const css = await Promise.all((await readdir(styles)).filter((f) => f.endsWith(".css")).map((f) => readFile(path.join(styles, f), "utf8")));
  await writeFile(path.join(outDir, "static", "assets", "site.css"), css.join("\n"));
  await writeFile(path.join(outDir, "static", "assets", "site.js"), "/* the site's script */\n");

  const config = {
    baseURL: site.baseUrl.replace(/\/?$/, "/"),
    title: site.siteName,
    defaultContentLanguage: def,
    defaultContentLanguageInSubdir: false,
    disableKinds: ["taxonomy", "term", "RSS"],
    enableRobotsTXT: true,
    params: {
      brandname: site.brand.name,
      email: site.contactEmail,
      themecolor: site.themeColor ?? "#1b2a3a",
      rel: `sponsored nofollow noopener${site.affiliate.noreferrer ? " noreferrer" : ""}`,
      popular: site.popularDestinations.map(slug),
      defaultlang: def,
      homeimage: image(site.homeImage, ""),
    },
    languages: Object.fromEntries(
      langs.map((l, i) => {
        const t = lower(pick(strings, l.code));
        return [
          l.code,
          {
            languageName: l.nativeName,
            weight: i + 1,
            contentDir: `content/${l.code}`,
            params: {
              htmllang: l.htmlLang,
              locale: l.locale,
              flag: l.flag,
              t,
              booknow: { href: withPartner(site.affiliate.link, site.affiliate), label: t.booknow },
              suggestion: fill(t.languagesuggestion ?? "", l.nativeName),
              suggestionlink: fill(t.languagesuggestionlink ?? "", l.nativeName),
              dismiss: t.dismiss,
            },
          },
        ];
      }),
    ),
  };
  await writeFile(path.join(outDir, "config.json"), JSON.stringify(config, null, 2));

  const page = (front) => `${JSON.stringify(front)}\n`;
  for (const l of langs) {
    const dir = path.join(outDir, "content", l.code);
    await mkdir(dir, { recursive: true });
    const x = pick(home, l.code);
    const t = lower(pick(strings, l.code));
    await writeFile(
      path.join(dir, "_index.md"),
      page({ title: x.metaTitle, description: x.metaDescription, text: lower(x), book: { href: withPartner(site.affiliate.link, site.affiliate), label: x.bookYourStay } }),
    );
    await Promise.all(
      hotels.map((h, order) => {
        const ht = pick(h.text, l.code);
        return writeFile(
          path.join(dir, `${slug(h.id)}.md`),
          page({
            title: ht.metaTitle,
            description: ht.metaDescription,
            layout: h.layout,
            translationKey: h.id,
            order,
            name: ht.name,
            location: ht.location,
            locality: ht.locality,
            country: ht.country,
            tagline: ht.tagline,
            maintitle: ht.mainTitle ?? ht.name,
            hero: h.hero ?? "regular",
            cardtitle: ht.title,
            carddescription: ht.description,
            intro: paragraphs(ht.intro),
            overview: paragraphs(ht.overview),
            features: ht.features ?? [],
            sections: (ht.sections ?? []).map((s) => ({ title: s.title, paragraphs: paragraphs(s.text) })),
            whychoose: ht.whyChoose,
            closing: paragraphs(ht.closing),
            cta: ht.ctaTitle ? { title: ht.ctaTitle, paragraphs: paragraphs(ht.ctaText) } : undefined,
            image: image(h.image ?? site.defaultImage, ht.imageAlt),
            book: { href: withPartner(h.affiliateLink, site.affiliate), label: ht.bookLabel ?? t.bookyourstay },
          }),
        );
      }),
    );
  }
  return hotels.length;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { content: { type: "string", default: "content" }, out: { type: "string" } } });
  if (!values.out) {
    console.error("usage: node bench/peers/hugo-site.mjs --content DIR --out HUGO_DIR");
    process.exit(2);
  }
  const n = await makeHugoSite({ contentDir: path.resolve(values.content), outDir: path.resolve(values.out) });
  console.log(`Wrote a Hugo site of ${n} hotels to ${values.out}`);
}
