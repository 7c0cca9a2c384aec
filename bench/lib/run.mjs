// Runs what the benchmark measures, each in a fresh process: our CLI (with the probe preloaded), Hugo, and the
// bundled harness (floor, incremental rebuild). Wall time is taken here, from spawn to exit.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs a command; resolves with its output, wall time and exit code, rejects on a non-zero exit. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (code !== 0) reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}\n${err || out}`));
      else resolve({ out, err, ms, code });
    });
  });
}

/** The Node flags hotelsite runs with: those on bin/hotelsite.js's shebang line (what npx and `hotelsite` use). */
export const NODE_FLAGS = readFileSync(path.join(ROOT, "bin", "hotelsite.js"), "utf8").split("\n")[0].match(/--\S+/g) ?? [];

/** Deletes a hotelsite output and its spare (the output before last, which the next build would write into). */
export async function removeOutput(outDir) {
  await rm(outDir, { recursive: true, force: true });
  await rm(path.join(path.dirname(outDir), `.${path.basename(outDir)}.hotelsite-spare`), { recursive: true, force: true });
}

/** A cold `hotelsite build` of contentDir into outDir (emptied first unless `keep`): wall time, stage times, peak memory. */
export async function coldBuild(contentDir, outDir, env = {}, { keep = false } = {}) {
  if (!keep) await removeOutput(outDir);
  const dir = await mkdtemp(path.join(tmpdir(), "hotelsite-probe-"));
  const probe = path.join(dir, "probe.json");
  try {
    const r = await run(process.execPath, [...NODE_FLAGS, "--import", path.join(ROOT, "bench", "probe.mjs"), path.join(ROOT, "bin", "hotelsite.js"), "build", "--content", contentDir, "--out", outDir], {
      env: { ...env, HOTELSITE_PROBE: probe },
    });
    const p = JSON.parse(await readFile(probe, "utf8"));
    return { ms: r.ms, stages: p.stages, maxRssMb: p.maxRssKb / 1024, sinceStartMs: p.sinceStartMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Hugo's version line, or null when it is not installed. */
export function hugoVersion() {
  const r = spawnSync("hugo", ["version"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * A Hugo build of a Hugo site into outDir (emptied first unless `keep`; `freshCache`: an empty --cacheDir, as on CI):
 * wall time and peak memory (from /usr/bin/time).
 */
export async function hugoBuild(siteDir, outDir, { keep = false, freshCache = false } = {}) {
  if (!keep) await rm(outDir, { recursive: true, force: true });
  await rm(path.join(siteDir, "resources"), { recursive: true, force: true });
  if (freshCache) await rm(path.join(siteDir, ".cache"), { recursive: true, force: true });
  const timed = spawnSync("sh", ["-c", "command -v /usr/bin/time"]).status === 0;
  // --cleanDestinationDir: Hugo, too, ends with exactly the site in its output, as a hotelsite build does.
  const args = ["--quiet", "--cleanDestinationDir", "--source", siteDir, "--destination", outDir, "--cacheDir", path.join(siteDir, ".cache")];
  const r = timed ? await run("/usr/bin/time", ["-f", "maxrss=%M", "hugo", ...args]) : await run("hugo", args);
  const rss = /maxrss=(\d+)/.exec(r.err)?.[1];
  return { ms: r.ms, maxRssMb: rss ? Number(rss) / 1024 : null };
}

/** Runs one harness measurement (floor or incremental) in a fresh production-mode process. */
export async function harness(bundle, args) {
  const r = await run(process.execPath, [bundle, ...args], { env: { NODE_ENV: "production" } });
  return JSON.parse(r.out.trim().split("\n").pop());
}

/** Median of some numbers. */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
