#!/usr/bin/env node
// Makes a Hugo site from one of our content folders, for the benchmark's peer comparison: the same pages with the
// same parts (head with canonical, hreflang, preloads, Open Graph and JSON-LD; header whose navigation is also the
// phone menu, with the one language list, its flags and the Book buttons; footer with popular destinations; the
// one empty language banner; three hotel layouts with the facts panel, the availability form, the top Book
// button, the gallery and the sticky booking bar; home with the destinations grouped by region under a jump list;
// 404s), written with Hugo's own templates (bench/peers/hugo/layouts), and the banner's copy per language
// (languages/<code>.json, as we write it).
// The data is ours: the pages as our resolve stage makes them (src/build.ts check), so each part carries the same
// text, links, formatted facts and image variants, and what the ratio compares is the templating and writing.
// Images are referenced by URL only: Hugo does no image work.
//
// Usage: node bench/peers/hugo-site.mjs --content DIR --out HUGO_DIR; then `hugo -s HUGO_DIR -d PUBLIC`.
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import * as esbuild from "esbuild";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");

/** Hugo lower-cases parameter keys; we do it up front so templates and data agree. */
const lower = (obj) => Object.fromEntries(Object.entries(obj).map(([k, v]) => [k.toLowerCase(), v]));

/** Our resolved pages for `contentDir` (src/build.ts check) and each language's banner copy (what we write as
 * languages/<code>.json), bundled from the source as it is now. */
async function resolvedPages(contentDir) {
  const bundle = path.join(ROOT, "node_modules", ".cache", "hotelsite-bench", "peer-pages.mjs");
  await esbuild.build({
    stdin: { contents: 'export { check } from "./src/build.ts"; export { bannerCopies } from "./src/site/language-banner.ts";', resolveDir: ROOT, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    target: "node20",
    outfile: bundle,
    logLevel: "warning",
  });
  const { check, bannerCopies } = await import(`${pathToFileURL(bundle).href}?${Date.now()}`);
  const result = await check({ contentDir, outDir: "" });
  if (result.errors?.length) throw new Error(`the content does not check: ${result.errors[0].message}`);
  return { pages: result.pages, banners: bannerCopies(result.content) };
}

/** Head parts Hugo does not compute from its own page graph: social image and structured data. */
const head = (page) => ({ title: page.head.title, description: page.head.description, og: lower(page.head.og), jsonld: page.head.jsonLd });

/** The page's own header and footer links (each Book link carries the page's tracking label). */
const chromeOf = (page) => ({ booknow: lower(page.chrome.bookNow.hrefs), booklabel: page.chrome.bookNow.label });

/** An availability form with Hugo-safe (lower-case) keys. */
const form = (f) => f && { action: f.action, hidden: f.hidden, names: lower(f.names), rel: f.rel };

/** Writes the Hugo site for `contentDir` into `outDir`; returns the number of hotels. */
export async function makeHugoSite({ contentDir, outDir }) {
  const { pages, banners } = await resolvedPages(contentDir);
  const notFound = new Map(pages.filter((p) => p.kind === "notFound").map((p) => [p.lang.code, p]));
  const homes = new Map(pages.filter((p) => p.kind === "home").map((p) => [p.lang.code, p]));
  const langs = [...homes.values()];
  const def = langs[0];
  const rel = def.chrome.bookNow.rel;

  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, "static", "assets"), { recursive: true });
  await cp(path.join(HERE, "hugo", "layouts"), path.join(outDir, "layouts"), { recursive: true });
  const styles = path.join(ROOT, "templates", "styles");
  const css = await Promise.all((await readdir(styles)).filter((f) => f.endsWith(".css")).map((f) => readFile(path.join(styles, f), "utf8")));
  await writeFile(path.join(outDir, "static", "assets", "site.css"), css.join("\n"));
  await writeFile(path.join(outDir, "static", "assets", "site.js"), "/* the site's script */\n");

  const base = new URL(def.head.canonical);
  const config = {
    baseURL: base.href,
    title: def.chrome.siteName,
    defaultContentLanguage: def.lang.code,
    defaultContentLanguageInSubdir: false,
    disableKinds: ["taxonomy", "term", "RSS"],
    enableRobotsTXT: true,
    disableHugoGeneratorInject: true,
    params: {
      brandname: def.chrome.brandName,
      bannercopy: def.chrome.bannerCopy,
      email: def.chrome.contactEmail,
      themecolor: def.head.themeColor,
      rel,
      popular: def.chrome.popular.map((p) => p.href.replace(/^\/|\/$/g, "")),
      defaultlang: def.lang.code,
    },
    languages: Object.fromEntries(
      langs.map((home, i) => {
        const own = home.chrome.languages.find((l) => l.current);
        return [
          home.lang.code,
          {
            languageName: own.nativeName,
            weight: i + 1,
            contentDir: `content/${home.lang.code}`,
            params: {
              htmllang: home.lang.htmlLang,
              locale: home.lang.locale,
              flag: own.flag,
              flagsrc: own.flagSrc,
              t: lower(home.t),
              copyright: home.chrome.copyright.map((part) => lower(part)),
              // What the script fetches for this language's banner: Hugo writes it as languages/<code>.json.
              banner: banners.get(home.lang.code),
              // A 404 has no front matter in Hugo: its head and Book links come with its language.
              notfound: { ...head(notFound.get(home.lang.code)), ...chromeOf(notFound.get(home.lang.code)) },
            },
          },
        ];
      }),
    ),
  };
  await writeFile(path.join(outDir, "config.json"), JSON.stringify(config, null, 2));

  const page = (front) => `${JSON.stringify(front)}\n`;
  // Each hotel's order in the site and its page's name (its folder in the default language).
  const ids = new Map();
  const slugs = new Map();
  for (const p of pages) {
    if (p.kind !== "hotel" || ids.has(p.hotel.id)) continue;
    ids.set(p.hotel.id, ids.size);
    slugs.set(p.hotel.id, path.basename(path.dirname(p.outFile)));
  }
  await Promise.all(
    langs.map(async (home) => {
      const code = home.lang.code;
      const dir = path.join(outDir, "content", code);
      await mkdir(dir, { recursive: true });
      const h = home.home;
      await writeFile(
        path.join(dir, "_index.md"),
        page({
          ...head(home),
          ...chromeOf(home),
          text: lower(h.text),
          image: h.heroImage,
          book: { hrefs: h.book.hrefs, label: h.book.label },
          // The groups name their hotels; Hugo finds each hotel's page and shows its card, as it did the flat list.
          groups: h.groups.map((g) => ({ id: g.id, name: g.name, hotels: g.cards.map((c) => slugs.get(c.id)) })),
        }),
      );
      await Promise.all(
        pages
          .filter((p) => p.kind === "hotel" && p.lang.code === code)
          .map((p) => {
            const x = p.hotel;
            const card = h.groups.flatMap((g) => g.cards).find((c) => c.id === x.id);
            return writeFile(
              path.join(dir, `${slugs.get(x.id)}.md`),
              page({
                ...head(p),
                ...chromeOf(p),
                layout: x.layout,
                translationKey: x.id,
                order: ids.get(x.id),
                name: x.name,
                location: x.location,
                tagline: x.tagline,
                maintitle: x.mainTitle,
                hero: x.hero,
                card: card && { title: card.title, description: card.description, image: card.image },
                intro: x.intro,
                overview: x.overview,
                features: x.features,
                sections: x.sections,
                whychoose: x.whyChoose,
                closing: x.closing,
                cta: x.cta,
                image: x.image,
                facts: x.facts,
                gallery: x.gallery,
                availability: form(x.availability),
                book: { hrefs: x.book.hrefs, label: x.book.label },
              }),
            );
          }),
      );
    }),
  );
  return ids.size;
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
