#!/usr/bin/env node
// Save-to-disk latency under `hotelsite watch`: the real CLI watches a content folder on disk; one field of one
// hotel's English text is edited several times, and each save is timed from the saved file's modification time
// to that of the page an editor looks at once it shows the edit (both the kernel's clock: this process shares the
// cores with watch's threads and would see the page late): the home page for a description, the hotel's own page
// for a name; the first save a second after watch says it is watching, as an editor's comes. Also timed, from the
// end of the write: until this process saw the page, and until watch reported the run done (its last page
// written). Prints the medians and what each run rendered and wrote (watch's own line).
//
// Usage: node bench/watch-latency.mjs [--hotels N] [--saves 7] [--work DIR] [--popular | --hotel ID] [--field description|name|region]
//   --hotels 0 (default) watches a copy of the bundled content; N > 0 a synthetic site of N hotels (3N + 6 pages).
//   --field name with --popular edits a name every footer of that language shows: every page of it changes.
//   --field region moves the hotel to another of site.yaml's regions and back: every language's home page groups
//   its cards by region (timed until the English one has changed).
import { spawn } from "node:child_process";
import { watch as fsWatch } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import YAML from "yaml";
import { NODE_FLAGS } from "./lib/run.mjs";
import { synth } from "./synth.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The middle value (the mean of the two middle ones for an even count). */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Resolves once `file` holds `text` (or, given a function, once it says yes to the contents), checking on every
 * change in its folder (and every 5 ms besides), with when this process saw it and the file's own modification time
 * (the kernel's clock at the write: this process shares the two cores with watch, and sees the page late while
 * watch's threads keep them busy).
 */
function untilShows(file, text) {
  const shows = typeof text === "function" ? text : (now) => now.includes(text);
  return new Promise((resolve, reject) => {
    let done = false;
    // The probe must not take the CPU it measures: the page (2 MB at 4,008 pages) is read again only when the
    // file was replaced or changed since the last look, never on every tick.
    let seen = "";
    const check = async () => {
      if (done) return;
      const s = await stat(file).catch(() => null);
      const id = s ? `${s.ino} ${s.size} ${s.mtimeMs}` : "";
      if (id === seen) return;
      seen = id;
      const now = await readFile(file, "utf8").catch(() => "");
      if (!done && shows(now)) {
        done = true;
        const at = performance.now();
        watcher.close();
        clearInterval(timer);
        resolve({ at, mtimeMs: s.mtimeMs });
      }
    };
    const watcher = fsWatch(path.dirname(file), () => void check());
    const timer = setInterval(() => void check(), 5);
    setTimeout(() => {
      if (done) return;
      done = true;
      watcher.close();
      clearInterval(timer);
      reject(new Error(`${file} did not show "${text}" within 30 s`));
    }, 30_000);
  });
}

/** Measures one site: starts watch, saves `saves` times, stops watch. */
export async function watchLatency({ hotels = 0, saves = 7, work, from, popular = false, field = "description", hotel } = {}) {
  if (!["description", "name", "region"].includes(field)) throw new Error(`--field must be description, name or region, not ${field}`);
  const dir = await mkdtemp(path.join(work ?? os.tmpdir(), "hotelsite-watch-latency-"));
  const content = path.join(dir, "content");
  try {
    // `from`: a content folder made already (the benchmark's); else the bundled one or a synthetic one.
    if (from) await cp(from, content, { recursive: true });
    else if (hotels > 0) await synth({ hotels, out: content });
    else await cp(path.join(ROOT, "content"), content, { recursive: true });
    const site = YAML.parse(await readFile(path.join(content, "site.yaml"), "utf8"));
    const ids = (await readdir(path.join(content, "hotels"))).map((f) => f.replace(/\.ya?ml$/, "")).sort();
    // A hotel no footer lists, or (--popular) one every footer names: either way a description save should
    // rewrite its own pages and the home pages only (footers read the name alone).
    const id = hotel ?? (popular ? site.popularDestinations[0] : ids.find((h) => !site.popularDestinations.includes(h)));
    const file = path.join(content, "hotels", `${id}.yaml`);
    const original = await readFile(file, "utf8");
    // Where the edit shows: a description on the home page's card, a name on the hotel's own page (and, for a
    // popular destination, in every footer of that language).
    const watched = path.join(dir, "dist", field === "name" ? `${site.brand.slugPrefix}-${id}` : "", "index.html");
    const regions = (site.regions ?? []).map((r) => r.id);
    if (field === "region" && regions.length < 2) throw new Error("--field region needs a site with two regions or more");

    // With the flags of bin/hotelsite.js's shebang, as a user's `hotelsite watch` runs.
    const child = spawn(process.execPath, [...NODE_FLAGS, path.join(ROOT, "bin", "hotelsite.js"), "watch", "--content", "content", "--out", "dist", "--port", "0"], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines = [];
    let waiting;
    const onLine = (line) => {
      lines.push(line);
      waiting?.(line);
    };
    let buffered = "";
    child.stdout.on("data", (chunk) => {
      buffered += chunk;
      let i;
      while ((i = buffered.indexOf("\n")) >= 0) {
        onLine(buffered.slice(0, i));
        buffered = buffered.slice(i + 1);
      }
    });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    const nextLine = (re) => new Promise((resolve) => (waiting = (line) => re.test(line) && resolve(line)));
    try {
      await nextLine(/^Watching /);
      // Timed as an editor meets it: the first save a second after watch says it is watching (no sync first: the
      // kernel may still be writing the first build's pages back, as it is for an editor), then a save a second.
      await new Promise((r) => setTimeout(r, 1000));
      const runs = [];
      for (let round = 1; round <= saves; round++) {
        const mark = `latency-${round}-${Date.now()}`;
        // A region: to another one on odd saves, back on even ones; the page has changed once its bytes differ.
        const region = /^region: (.*)$/m.exec(original)?.[1];
        const edited = field === "region" ? original.replace(/^region: .*$/m, `region: ${round % 2 ? regions.find((r) => r !== region) : region}`) : original.replace(new RegExp(`^( {4}${field}: )(.*)$`, "m"), `$1$2 ${mark}`);
        if (edited === original && !(field === "region" && region && round % 2 === 0)) throw new Error(`no English ${field} to edit in ${file}`);
        const reported = nextLine(new RegExp(`hotels/${id}\\.yaml: rendered`)).then((line) => ({ line, at: performance.now() }));
        const before = field === "region" ? await readFile(watched, "utf8") : "";
        const shown = untilShows(watched, field === "region" ? (now) => now !== "" && now !== before : mark);
        const saved = performance.now();
        await writeFile(file, edited);
        const savedAt = (await stat(file)).mtimeMs;
        const seen = await shown;
        const { line, at } = await reported;
        const [, rendered, pages, updated] = /rendered (\d+) of (\d+) pages?, (\d+) files? updated/.exec(line) ?? [];
        // ms: from the save's file time to the page's (both the kernel's clock); seenMs: until this process saw it.
        runs.push({ ms: seen.mtimeMs - savedAt, seenMs: seen.at - saved, doneMs: at - saved, rendered: Number(rendered), pages: Number(pages), updated: Number(updated) });
        // Past watch's second look at the file (80 ms), so each save is measured alone.
        await new Promise((r) => setTimeout(r, 1000));
      }
      return { hotels, pages: runs[0]?.pages, hotel: id, field, page: path.relative(path.join(dir, "dist"), watched), medianMs: median(runs.map((r) => r.ms)), firstMs: runs[0]?.ms, medianSeenMs: median(runs.map((r) => r.seenMs)), medianDoneMs: median(runs.map((r) => r.doneMs)), runs };
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      if (errors.trim()) process.stderr.write(errors);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { hotels: { type: "string", default: "0" }, saves: { type: "string", default: "7" }, work: { type: "string" }, popular: { type: "boolean", default: false }, field: { type: "string", default: "description" }, hotel: { type: "string" } } });
  const result = await watchLatency({ hotels: Number(values.hotels), saves: Number(values.saves), work: values.work, popular: values.popular, field: values.field, hotel: values.hotel });
  const r = result.runs[0];
  console.log(
    `watch latency, ${result.pages} pages (hotel ${result.hotel}, ${result.field}): first save ${result.firstMs.toFixed(1)} ms, median ${result.medianMs.toFixed(1)} ms save-to-disk of ${result.page} over ${result.runs.length} saves ` +
      `[${result.runs.map((x) => x.ms.toFixed(1)).join(", ")}] (from the saved file's time to the page's); seen by this process after a median ${result.medianSeenMs.toFixed(1)} ms; run done (last page written) median ${result.medianDoneMs.toFixed(1)} ms; each save rendered ${r.rendered} pages, updated ${r.updated} files`,
  );
  console.log(JSON.stringify(result));
}
