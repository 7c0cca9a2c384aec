// The threads sweep: the same site built at HOTELSITE_THREADS = 1, 2, 4 and 8 (each a fresh CLI process, into
// its own folder): time, peak memory, and whether every output is byte-identical to the one-thread build's.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { coldBuild, median, removeOutput } from "./run.mjs";

/** One hash of every file's path and bytes under `root`. */
async function digest(root) {
  const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
  const hash = createHash("sha256");
  for (const f of files) hash.update(path.relative(root, f)).update("\0").update(await readFile(f)).update("\0");
  return hash.digest("hex");
}

/** Builds `contentDir` `runs` times at each thread count; medians, and the outputs compared with 1 thread's. */
export async function threadsSweep(contentDir, work, { threads = [1, 2, 4, 8], runs = 3, log = () => {} } = {}) {
  const rows = [];
  for (const n of threads) {
    const out = path.join(work, `sweep-${n}`);
    const builds = [];
    for (let i = 0; i < runs; i++) {
      log(`threads sweep: ${n} thread${n === 1 ? "" : "s"}, build ${i + 1} of ${runs}`);
      builds.push(await coldBuild(contentDir, out, { HOTELSITE_THREADS: String(n) }, { keep: true }));
    }
    rows.push({ threads: n, medianMs: median(builds.map((b) => b.ms)), runs: builds.map((b) => b.ms), maxRssMb: median(builds.map((b) => b.maxRssMb)), digest: await digest(out) });
  }
  for (const n of threads) await removeOutput(path.join(work, `sweep-${n}`));
  return rows.map((r) => ({ ...r, identical: r.digest === rows[0].digest }));
}

/** The sweep as a text table. */
export function sweepTable(name, pages, rows) {
  const head = `Threads sweep, ${name} (${pages} pages; HOTELSITE_THREADS, medians of fresh builds):`;
  const lines = rows.map((r) => `  ${String(r.threads).padStart(2)} thread${r.threads === 1 ? " " : "s"}  ${(r.medianMs / 1000).toFixed(2).padStart(6)} s  ${Math.round(r.maxRssMb).toString().padStart(4)} MB peak  ${r.identical ? "output identical" : "OUTPUT DIFFERS"}`);
  return [head, ...lines].join("\n");
}
