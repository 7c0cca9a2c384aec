#!/usr/bin/env node
// The benchmark: builds the bundled site and synthetic sites of 333, 1,334 and 4,000 hotels (1,005, 4,008 and
// 12,006 pages) with the real CLI in fresh processes, on disk in bench/work/ by default (it prints the file
// system), side by side with Hugo building the same pages (when Hugo is installed), the two taking turns: first
// CI's first build (fresh output folder, empty caches), then rebuilds into the existing output folder. It
// reports time and peak-memory ratios to Hugo against the budgets (first builds first), per-page cost, time per
// stage, the incremental rebuild, page weight, the renderToStaticMarkup floor
// a threads sweep (1, 2, 4, 8 threads: time, peak memory, identical output) and a languages sweep (the bundled
// site at 3, 30 and 100 languages: pages, time, time and bytes per page).
// Results: tables on stdout, bench/results/*.json and a chart; `--readme` writes the figures of docs/performance.md.
//
// Usage: npm run bench [-- --no-peers] [--sizes 333,1334,4000] [--runs N] [--work DIR] [--readme] [--no-sweep]
//        [--languages 3,30,100] (an empty list skips the languages sweep)
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { budgetRows, budgetTable, fileSystemOf } from "./lib/budget.mjs";
import { FIGURES_FILE, readmeSection, withSection } from "./readme.mjs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as esbuild from "esbuild";
import YAML from "yaml";
import { makeHugoSite } from "./peers/hugo-site.mjs";
import { chartSvg } from "./lib/chart.mjs";
import { buildTable, stageTable, weightTable } from "./lib/report.mjs";
import { coldBuild, harness, hugoBuild, hugoVersion, median, removeOutput, ROOT, run } from "./lib/run.mjs";
import { pageWeights } from "./lib/weight.mjs";
import { sweepTable, threadsSweep } from "./lib/sweep.mjs";
import { languagesSweep, languagesTable } from "./lib/languages.mjs";
import { synth } from "./synth.mjs";

const { values: args } = parseArgs({
  options: {
    peers: { type: "boolean" },
    "no-peers": { type: "boolean", default: false },
    sizes: { type: "string", default: "333,1334,4000" },
    runs: { type: "string" },
    // On disk, inside the project: never assume the system's temp folder is the disk users build on.
    work: { type: "string", default: path.join(ROOT, "bench", "work") },
    readme: { type: "boolean", default: false },
    // The sweep's site: 1,334 hotels (4,008 pages) when measured, else the largest.
    "no-sweep": { type: "boolean", default: false },
    "hotel-to-edit": { type: "string" },
    languages: { type: "string", default: "3,30,100" },
  },
});
const sizes = args.sizes.split(",").filter(Boolean).map(Number);
const log = (msg) => process.stderr.write(`bench: ${msg}\n`);
if (args.peers && !hugoVersion()) {
  console.error("bench: --peers needs Hugo on the PATH (Debian: apt-get install -y hugo)");
  process.exit(2);
}
// Hugo runs beside us whenever it is installed, unless --no-peers.
args.peers = !args["no-peers"] && (args.peers || hugoVersion() !== null);
if (!args.peers) log("no Hugo peer (install it with apt-get install -y hugo): ratios to Hugo are not measured");

/** Runs an async measurement `n` times. */
async function repeat(n, fn) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await fn(i));
  return out;
}

/** Median of each stage over several runs. */
function medianStages(runs) {
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.stages)))];
  return Object.fromEntries(names.map((k) => [k, median(runs.map((r) => r.stages[k] ?? 0))]));
}

/** Compiles the CLI and bundles the harness, so what is measured is the source as it is now. */
async function prepare() {
  await run("npm", ["run", "--silent", "compile"]);
  // Inside the project, so the bundle's package imports (react, esbuild, ...) resolve from node_modules.
  const bundle = path.join(ROOT, "node_modules", ".cache", "hotelsite-bench", "harness.mjs");
  await esbuild.build({
    entryPoints: [path.join(ROOT, "bench", "lib", "harness.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  return bundle;
}

/** A hotel that is not a popular destination: editing it re-renders its own pages and the home pages only. */
async function ordinaryHotel(contentDir) {
  const site = YAML.parse(await readFile(path.join(contentDir, "site.yaml"), "utf8"));
  const ids = (await readdir(path.join(contentDir, "hotels"))).map((f) => f.replace(/\.ya?ml$/, "")).sort();
  return ids.find((id) => !site.popularDestinations.includes(id)) ?? ids[0];
}

/** Every figure for one site. */
async function measure(name, contentDir, work, bundle, hotels, { sweep = false } = {}) {
  const n = args.runs ? Number(args.runs) : 5;
  const hugoSite = path.join(work, `${name}-hugo`);
  if (args.peers) await makeHugoSite({ contentDir, outDir: hugoSite });
  const out = path.join(work, `${name}-dist`);
  const pub = path.join(work, `${name}-hugo-public`);
  // A clone has its image variants committed (content/.generated/images): made once here, not timed.
  log(`${name}: image variants (made once, as a clone has them committed)`);
  await coldBuild(contentDir, out);
  // CI's first build: a fresh output folder and an empty user cache (no parse cache, no compiled templates), and
  // Hugo with a fresh output folder and --cacheDir; the two take turns. Every run is recorded.
  const firsts = [];
  const hugoFirsts = [];
  for (let i = 0; i < n; i++) {
    log(`${name}: first build ${i + 1} of ${n}`);
    const cache = await mkdtemp(path.join(work, "cache-"));
    firsts.push(await coldBuild(contentDir, out, { XDG_CACHE_HOME: cache }));
    await rm(cache, { recursive: true, force: true });
    if (args.peers) hugoFirsts.push(await hugoBuild(hugoSite, pub, { freshCache: true }));
  }
  // Rebuilds: each tool builds again into its own existing output folder with the caches of its last build, as an
  // editor does after a first build. Every run is recorded.
  const builds = [];
  const hugoRuns = [];
  for (let i = 0; i < n; i++) {
    log(`${name}: rebuild ${i + 1} of ${n}`);
    builds.push(await coldBuild(contentDir, out, {}, { keep: true }));
    if (args.peers) hugoRuns.push(await hugoBuild(hugoSite, pub, { keep: true }));
  }
  const weight = await pageWeights(out);
  await removeOutput(out);
  await rm(pub, { recursive: true, force: true });
  const pages = weight.pages.length;
  const coldMs = median(builds.map((b) => b.ms));
  const stages = medianStages(builds);
  const inStages = Object.values(stages).reduce((a, b) => a + b, 0);
  /** The figures of a series of builds. */
  const series = (runs) => ({ runs: runs.map((b) => b.ms), medianMs: median(runs.map((b) => b.ms)), stages: medianStages(runs), maxRssMb: median(runs.map((b) => b.maxRssMb)) });
  const hugoSeries = (runs) => (runs.length ? { medianMs: median(runs.map((r) => r.ms)), runs: runs.map((r) => r.ms), maxRssMb: median(runs.map((r) => r.maxRssMb ?? 0)), pagesPerSecond: pages / (median(runs.map((r) => r.ms)) / 1000) } : null);
  // The floor and the incremental rebuild are measured up to 4,008 pages; above that they only lengthen the run.
  const detailed = pages <= 4100;
  log(`${name}: floor`);
  const floors = detailed ? await repeat(hotels < 200 ? 3 : 1, () => harness(bundle, ["floor", contentDir])) : [{ ms: NaN }];
  const floorMs = median(floors.map((f) => f.ms));
  log(`${name}: incremental rebuild`);
  let incremental = null;
  if (detailed) try {
    const hotel = args["hotel-to-edit"] ?? (await ordinaryHotel(contentDir));
    const inc = await harness(bundle, ["incremental", contentDir, path.join(work, `${name}-watch`), hotel, "5"]);
    incremental = { hotel, medianMs: median(inc.runs.map((r) => r.ms)), runs: inc.runs.map((r) => r.ms), rendered: inc.runs[0].rendered, written: inc.runs[0].written, fullMs: inc.fullMs };
  } catch (e) {
    log(`${name}: incremental rebuild not measured: ${e.message.split("\n")[0]}`);
  }
  await rm(path.join(work, `${name}-watch`), { recursive: true, force: true });
  const latency = (await import("./watch-latency.mjs")).watchLatency;
  const watchLatency = await latency({ from: contentDir, saves: 5, work }).catch((e) => void log(`${name}: watch latency not measured: ${e.message}`) ?? null);
  // A popular destination's name: every page of its language shows it; its own page is timed, the last page noted.
  const watchLatencyName = detailed ? await latency({ from: contentDir, saves: 5, work, popular: true, field: "name" }).catch((e) => void log(`${name}: name save not measured: ${e.message}`) ?? null) : null;
  // A hotel moved to another region: every language's home page groups its cards anew (the English one timed).
  const watchLatencyRegion = detailed ? await latency({ from: contentDir, saves: 5, work, field: "region" }).catch((e) => void log(`${name}: region save not measured: ${e.message}`) ?? null) : null;
  const hugo = hugoSeries(hugoRuns);
  return {
    name,
    hotels,
    pages,
    first: series(firsts),
    hugoFirst: hugoSeries(hugoFirsts),
    rebuild: {
      runs: builds.map((b) => b.ms),
      medianMs: coldMs,
      stages,
      startupMs: Math.max(0, coldMs - inStages),
      pagesPerSecond: pages / (coldMs / 1000),
      maxRssMb: median(builds.map((b) => b.maxRssMb)),
    },
    floor: { ms: floorMs, perPageMs: floorMs / pages },
    ratios: { coldToFloor: coldMs / floorMs, renderToFloor: (stages.render ?? 0) / floorMs },
    incremental,
    watchLatency,
    watchLatencyName,
    watchLatencyRegion,
    weight: { largest: weight.largest, maxTotalGz: Math.max(...weight.pages.map((p) => p.total.gz)), maxJsGz: Math.max(...weight.pages.map((p) => p.js.gz)) },
    hugo,
    threads: sweep ? await threadsSweep(contentDir, work, { runs: Math.min(n, 3), log: (m) => log(`${name}: ${m}`) }) : null,
  };
}

await mkdir(args.work, { recursive: true });
const loadAtStart = os.loadavg();
const work = await mkdtemp(path.join(path.resolve(args.work), "hotelsite-bench-"));
const fileSystem = fileSystemOf(work);
try {
  log(`working in ${work}, on ${fileSystem.type} (${fileSystem.device})${fileSystem.ramDisk ? ": a RAM disk, not the disk users build on" : ""}`);
  const bundle = await prepare();
  const bundled = path.join(work, "bundled");
  await cp(path.join(ROOT, "content"), bundled, { recursive: true });
  log("warm-up build (fills the image cache when it is empty)");
  const warm = await coldBuild(bundled, path.join(work, "warmup-dist"));
  await rm(path.join(work, "warmup-dist"), { recursive: true, force: true });
  const sites = [await measure("bundled", bundled, work, bundle, (await readdir(path.join(bundled, "hotels"))).length)];
  for (const size of sizes) {
    const dir = path.join(work, `synth-${size}`);
    await synth({ hotels: size, out: dir });
    const sweepSize = sizes.includes(1334) ? 1334 : Math.max(...sizes);
    sites.push(await measure(`synth-${size}`, dir, work, bundle, size, { sweep: !args["no-sweep"] && size === sweepSize }));
    await rm(dir, { recursive: true, force: true });
  }

  const languageCounts = args.languages.split(",").filter(Boolean).map(Number);
  const languages = languageCounts.length ? await languagesSweep(bundled, work, { counts: languageCounts, log }) : null;

  const cpus = os.cpus();
  const result = {
    version: 1,
    date: new Date().toISOString(),
    machine: { cpu: cpus[0]?.model ?? "unknown", cores: os.availableParallelism(), memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}`, loadAverage: { atStart: loadAtStart, atEnd: os.loadavg() } },
    hugo: args.peers ? hugoVersion() : null,
    workDir: path.resolve(args.work),
    fileSystem,
    runs: args.runs ? Number(args.runs) : 5,
    warmup: { ms: warm.ms, imageStageMs: warm.stages.images ?? 0 },
    sites,
    languages,
  };

  const out = [
    `hotelsite benchmark, ${result.date} (${result.machine.cores} cores, ${result.machine.cpu}, Node ${process.version}${result.hugo ? `, ${result.hugo.split(" ").slice(0, 2).join(" ")}` : ""})`,
    `Output folders on ${fileSystem.type} (${fileSystem.device}) in ${work}`,
    "",
    "Against Hugo and the budgets (medians; ratios are hotelsite / Hugo):",
    budgetTable(budgetRows(sites)),
    "",
    "Rebuilds (a fresh `hotelsite build` process into its existing output with the last build's caches, Node's start included; medians):",
    buildTable(sites),
    "",
    "Time per stage (median first build, then median rebuild; start+other = Node's start, module loading, the dead-link check, exit):",
    stageTable(sites),
    "",
    `Page weight, bundled site (raw / gzipped; heaviest page ${(sites[0].weight.maxTotalGz / 1024).toFixed(1)} KB gz, JS ${(sites[0].weight.maxJsGz / 1024).toFixed(1)} KB gz):`,
    weightTable(sites[0]),
    ...sites.filter((r) => r.threads).map((r) => `\n${sweepTable(r.name, r.pages, r.threads)}`),
    ...(languages ? [`\n${languagesTable("bundled", languages)}`] : []),
  ].join("\n");
  console.log(out);

  const resultsDir = path.join(ROOT, "bench", "results");
  await mkdir(resultsDir, { recursive: true });
  const stamp = result.date.replace(/[:.]/g, "-");
  await writeFile(path.join(resultsDir, `bench-${stamp}.json`), JSON.stringify(result, null, 2));
  await writeFile(path.join(resultsDir, "latest.json"), JSON.stringify(result, null, 2));
  await writeFile(path.join(resultsDir, "latest.txt"), out + "\n");
  const series = [
    { name: "hotelsite", points: sites.map((r) => ({ pages: r.pages, seconds: r.first.medianMs / 1000 })) },
    ...(args.peers ? [{ name: "Hugo", points: sites.map((r) => ({ pages: r.pages, seconds: r.hugoFirst.medianMs / 1000 })) }] : []),
    { name: "floor", dashed: true, points: sites.map((r) => ({ pages: r.pages, seconds: r.floor.ms / 1000 })) },
  ];
  const svg = chartSvg({
    title: "First build time (fresh output, empty caches) against page count",
    note: `${result.machine.cores}-core machine, Node ${process.version}, output in ${path.resolve(args.work)}; floor = renderToStaticMarkup loop alone`,
    series,
  });
  await writeFile(path.join(resultsDir, "chart.svg"), svg);
  if (args.peers) await writeFile(path.join(ROOT, "bench", "chart.svg"), svg);
  log(`results in bench/results/bench-${stamp}.json${args.peers ? "; chart in bench/chart.svg" : ""}`);
  if (args.readme) {
    await writeFile(FIGURES_FILE, withSection(await readFile(FIGURES_FILE, "utf8"), readmeSection(result)));
    log(`${path.relative(ROOT, FIGURES_FILE)}: performance figures written from this run`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
