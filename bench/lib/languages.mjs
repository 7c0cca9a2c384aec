// The languages sweep: the bundled site with 3, 30 and 100 languages (the added ones have no copy of their own
// and fall back to English), one fresh build each: pages, time, time and bytes per page, peak memory. Every
// language adds a page per route and a few hundred bytes to every page; time per page should stay flat.
import { cp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import YAML from "yaml";
import { coldBuild } from "./run.mjs";

/** A copy of the content folder `from` at `out` with `count` languages: its own, then synthetic ones ("qaa", ...). */
export async function withLanguages(from, out, count) {
  await rm(out, { recursive: true, force: true });
  await cp(from, out, { recursive: true });
  const file = path.join(out, "site.yaml");
  const site = YAML.parse(await readFile(file, "utf8"));
  const used = new Set(site.languages.map((l) => l.code));
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const partner = site.affiliate?.languages?.[site.languages[0].code];
  for (let i = 0; site.languages.length < count; i++) {
    const code = `q${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}`;
    if (used.has(code)) continue;
    site.languages.push({ code, label: `Language ${code}`, nativeName: `Lingua ${code}`, flag: "🇺🇳", htmlLang: code, locale: `${code.slice(0, 2)}_US` });
    if (partner) site.affiliate.languages[code] = partner;
  }
  site.languages = site.languages.slice(0, count);
  await writeFile(file, YAML.stringify(site));
}

/** Bytes of every HTML page under `root`, and how many there are. */
async function htmlBytes(root) {
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith(".html"));
  const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(root, f))).size));
  return { pages: files.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

/** Builds `contentDir` at each language count, once each, into `work`. */
export async function languagesSweep(contentDir, work, { counts = [3, 30, 100], log = () => {} } = {}) {
  const rows = [];
  for (const languages of counts) {
    const content = path.join(work, `languages-${languages}`);
    const out = path.join(work, `languages-${languages}-dist`);
    await withLanguages(contentDir, content, languages);
    log(`languages sweep: ${languages} languages`);
    const build = await coldBuild(content, out);
    const { pages, bytes } = await htmlBytes(out);
    rows.push({ languages, pages, ms: build.ms, msPerPage: build.ms / pages, bytesPerPage: bytes / pages, maxRssMb: build.maxRssMb });
    await rm(content, { recursive: true, force: true });
    await rm(out, { recursive: true, force: true });
  }
  return rows;
}

/** The sweep as a text table. */
export function languagesTable(name, rows) {
  const head = `Languages sweep, ${name} (added languages fall back to English; one fresh build each):`;
  const lines = rows.map(
    (r) =>
      `  ${String(r.languages).padStart(3)} languages  ${String(r.pages).padStart(6)} pages  ${(r.ms / 1000).toFixed(2).padStart(6)} s  ${r.msPerPage.toFixed(2).padStart(5)} ms/page  ${(r.bytesPerPage / 1024).toFixed(1).padStart(6)} KB/page  ${Math.round(r.maxRssMb).toString().padStart(4)} MB peak`,
  );
  return [head, ...lines].join("\n");
}
