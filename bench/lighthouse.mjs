#!/usr/bin/env node
// Lighthouse (mobile: emulated phone, simulated slow 4G and CPU) on the built site, served the way a CDN serves
// it (bench/lib/serve.mjs): the home page, one hotel page of each layout and the 404 page, all four categories.
// Uses Debian's chromium. Not part of `npm test`: it takes a minute and depends on the machine's load.
//
// Usage: node bench/lighthouse.mjs [--dist DIR] [--chrome /usr/bin/chromium] [--lang en|zh|ja]
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import YAML from "yaml";
import { table } from "./lib/report.mjs";
import { ROOT, run } from "./lib/run.mjs";
import { serve } from "./lib/serve.mjs";

const { values: args } = parseArgs({
  options: { dist: { type: "string" }, chrome: { type: "string", default: "/usr/bin/chromium" }, lang: { type: "string", default: "en" } },
});

/** The pages to measure: home, the first hotel of each layout, the 404 page (as URLs under a language prefix). */
async function pagesToMeasure(contentDir, prefix) {
  const site = YAML.parse(await readFile(path.join(contentDir, "site.yaml"), "utf8"));
  const byLayout = new Map();
  for (const name of (await readdir(path.join(contentDir, "hotels"))).sort()) {
    const hotel = YAML.parse(await readFile(path.join(contentDir, "hotels", name), "utf8"));
    if (!byLayout.has(hotel.layout)) byLayout.set(hotel.layout, hotel.id);
  }
  return [
    { name: "home", url: prefix },
    ...[...byLayout].sort().map(([layout, id]) => ({ name: `${layout} (${id})`, url: `${prefix}${site.brand.slugPrefix}-${id}/` })),
    { name: "404", url: `${prefix}404.html` },
  ];
}

const work = await mkdtemp(path.join(os.tmpdir(), "hotelsite-lighthouse-"));
let server;
let chrome;
try {
  let dist = args.dist && path.resolve(args.dist);
  if (!dist) {
    dist = path.join(work, "dist");
    process.stderr.write("lighthouse: building the site\n");
    await run("npm", ["run", "--silent", "compile"]);
    await run(process.execPath, [path.join(ROOT, "bin", "hotelsite.js"), "build", "--out", dist]);
  }
  server = await serve(dist);
  chrome = await chromeLauncher.launch({
    chromePath: args.chrome,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const prefix = args.lang === "en" ? "/" : `/${args.lang}/`;
  const results = [];
  for (const page of await pagesToMeasure(path.join(ROOT, "content"), prefix)) {
    process.stderr.write(`lighthouse: ${page.url}\n`);
    const { lhr } = await lighthouse(`${server.origin}${page.url}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    // Audits that count towards a category's score and are not passed in full.
    const weighted = new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)));
    const failing = Object.values(lhr.audits)
      .filter((a) => weighted.has(a.id) && a.score !== null && a.score < 1)
      .map((a) => a.id);
    results.push({
      ...page,
      scores: { performance: score("performance"), accessibility: score("accessibility"), bestPractices: score("best-practices"), seo: score("seo") },
      metrics: { fcpMs: metric("first-contentful-paint"), lcpMs: metric("largest-contentful-paint"), tbtMs: metric("total-blocking-time"), cls: metric("cumulative-layout-shift"), speedIndexMs: metric("speed-index") },
      failing,
      runtimeError: lhr.runtimeError?.code ?? null,
    });
  }
  const ms = (v) => (v === null ? "-" : `${Math.round(v)} ms`);
  console.log(`Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile, ${args.lang} pages\n`);
  console.log(
    table(
      ["page", "performance", "accessibility", "best practices", "SEO", "FCP", "LCP", "TBT", "CLS", "not passed in full"],
      results.map((r) => [r.name, r.scores.performance, r.scores.accessibility, r.scores.bestPractices, r.scores.seo, ms(r.metrics.fcpMs), ms(r.metrics.lcpMs), ms(r.metrics.tbtMs), r.metrics.cls?.toFixed(3) ?? "-", r.failing.join(", ") || "-"]),
    ),
  );
  const dir = path.join(ROOT, "bench", "results");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  await writeFile(file, JSON.stringify({ date: new Date().toISOString(), lang: args.lang, results }, null, 2));
  process.stderr.write(`lighthouse: results in ${path.relative(ROOT, file)}\n`);
} finally {
  if (chrome) await chrome.kill();
  if (server) await server.close();
  await rm(work, { recursive: true, force: true });
}
