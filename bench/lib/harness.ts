// The benchmark's in-process measurements, bundled by bench.mjs and run in a fresh child process each: the
// renderToStaticMarkup floor and the incremental rebuild. Prints one JSON line on stdout.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { check, templatesDirFor } from "../../src/build.js";
import { bundleAssets } from "../../src/render/assets.js";
import { loadTemplates, type TemplateModule } from "../../src/render/templates.js";
import { runBuild } from "../../src/build.js";
import { Session } from "../../src/state.js";
import { update } from "../../src/update.js";

/**
 * The floor: the same pages, already resolved, through the same templates with a plain renderToStaticMarkup
 * loop in one thread. Nothing is loaded, validated, written or started in that time: no build can beat it.
 */
async function floor(contentDir: string): Promise<{ pages: number; ms: number; bytes: number }> {
  const templatesDir = templatesDirFor({});
  const [site, templates, assets] = await Promise.all([check({ contentDir, outDir: "" }), loadTemplates({ templatesDir }), bundleAssets({ templatesDir })]);
  const { Document, pages } = (await import(templates.url)) as TemplateModule;
  let bytes = 0;
  const start = performance.now();
  for (const page of site.pages) {
    const body = createElement(pages[page.template], { page });
    bytes += renderToStaticMarkup(createElement(Document, { page, assets: assets.links, children: body })).length;
  }
  return { pages: site.pages.length, ms: performance.now() - start, bytes };
}

/** A visible edit to one hotel file: its English description gains (or loses) a trailing marker. */
async function touch(file: string, round: number): Promise<void> {
  const text = await readFile(file, "utf8");
  const edited = text.replace(/^( {4}description: )(.*?)( \(rev \d+\))?$/m, (_m, key, value) => `${key}${value} (rev ${round})`);
  if (edited === text) throw new Error(`cannot find an English description to edit in ${file}`);
  await writeFile(file, edited);
}

/** Incremental rebuild latency: a full build, then `rounds` edits of one hotel file, each rebuilt alone. */
async function incremental(contentDir: string, outDir: string, hotel: string, rounds: number) {
  // As watch runs it: the state kept from run to run, the rendering threads in the session.
  const session = new Session({ contentDir, outDir });
  const { state: firstState, report: first } = await runBuild(session, true);
  let state = firstState;
  if (!first.ok) throw new Error(`the full build failed: ${first.errors.map((e) => e.format()).join("\n")}${first.failure?.stack ?? ""}`);
  const file = path.join(contentDir, "hotels", `${hotel}.yaml`);
  const original = await readFile(file, "utf8");
  const runs: { ms: number; rendered: number; written: number }[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      await touch(file, round);
      const next = await update(session, state!, [file]);
      const report = next.report;
      state = next.state;
      if (!report.ok) throw new Error(`the rebuild failed: ${report.errors.map((e) => e.format()).join("\n")}${report.failure?.stack ?? ""}`);
      runs.push({ ms: report.ms, rendered: report.rendered.length, written: report.written.length });
    }
  } finally {
    await writeFile(file, original);
    await session.close();
  }
  return { fullMs: first.ms, pages: first.pages, runs };
}

const [what, ...args] = process.argv.slice(2);
const result =
  what === "floor" ? await floor(args[0]) : what === "incremental" ? await incremental(args[0], args[1], args[2], Number(args[3] ?? 3)) : undefined;
if (!result) throw new Error(`harness: unknown measurement ${what}`);
process.stdout.write(JSON.stringify(result) + "\n");
