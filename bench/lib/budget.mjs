// The project's speed and memory budgets against a benchmark run: time and peak-memory ratios to Hugo, per-page
// cost, CI's first build and the rebuild, the bundled site's cold build, and which file system the run measured.
import { spawnSync } from "node:child_process";
import { table } from "./report.mjs";

/** The file system a folder lives on, as `df -T` names it (type and device), e.g. "ext4 (/dev/vda)". */
export function fileSystemOf(dir) {
  const r = spawnSync("df", ["-T", dir], { encoding: "utf8" });
  const line = r.status === 0 ? r.stdout.trim().split("\n").pop() : "";
  const [device, type] = line.split(/\s+/);
  return type ? { type, device, ramDisk: ["tmpfs", "ramfs"].includes(type) } : { type: "unknown", device: "unknown", ramDisk: false };
}

/** The budgets, as data: each names the site size it applies to. */
export const BUDGETS = {
  /** CI's first build (fresh output folder, empty caches): at most this share of Hugo's first build. */
  firstRatioMax: { 4008: 0.85, 12006: 0.7 },
  /** A rebuild into the existing output folder: at most this share of Hugo's rebuild. */
  rebuildRatioMax: { 4008: 0.6, 12006: 0.5 },
  rssAtMostHugo: { pages: [4008] },
  rssMaxMb: { pages: [12006], value: 700 },
  bundledColdMaxMs: 1000,
};

const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (v) => `${Math.round(v)} MB`;

/** One row per site and kind of build, CI's first builds first: time and memory against Hugo, and the budgets. */
export function budgetRows(sites) {
  const row = (r, kind) => {
    const ours = kind === "first build" ? r.first : r.rebuild;
    const hugo = kind === "first build" ? r.hugoFirst : r.hugo;
    if (!ours) return null;
    const timeRatio = hugo ? ours.medianMs / hugo.medianMs : null;
    const rssRatio = hugo?.maxRssMb ? ours.maxRssMb / hugo.maxRssMb : null;
    const checks = [];
    if (r.name === "bundled" && kind === "rebuild") checks.push({ budget: `cold < ${secs(BUDGETS.bundledColdMaxMs)}`, ok: ours.medianMs < BUDGETS.bundledColdMaxMs });
    const maxRatio = (kind === "first build" ? BUDGETS.firstRatioMax : BUDGETS.rebuildRatioMax)[r.pages];
    if (maxRatio !== undefined) checks.push({ budget: `time/Hugo <= ${maxRatio}`, ok: timeRatio !== null && timeRatio <= maxRatio });
    if (BUDGETS.rssAtMostHugo.pages.includes(r.pages)) checks.push({ budget: "RSS <= Hugo's", ok: rssRatio !== null && rssRatio <= 1 });
    if (BUDGETS.rssMaxMb.pages.includes(r.pages)) checks.push({ budget: `RSS <= ${BUDGETS.rssMaxMb.value} MB`, ok: ours.maxRssMb <= BUDGETS.rssMaxMb.value });
    return {
      name: r.name,
      kind,
      pages: r.pages,
      ms: ours.medianMs,
      hugoMs: hugo?.medianMs ?? null,
      timeRatio,
      rssMb: ours.maxRssMb,
      hugoRssMb: hugo?.maxRssMb ?? null,
      rssRatio,
      msPerPage: ours.medianMs / r.pages,
      kbPerPage: (ours.maxRssMb * 1024) / r.pages,
      checks,
    };
  };
  return [...sites.map((r) => row(r, "first build")), ...sites.map((r) => row(r, "rebuild"))].filter(Boolean);
}

/** The budget table (Markdown): the figures the README's performance section shows first. */
export function budgetTable(rows) {
  const head = ["site", "build", "pages", "hotelsite", "Hugo", "time ratio", "peak RSS", "Hugo RSS", "RSS ratio", "ms/page", "RSS KB/page", "budgets"];
  return table(
    head,
    rows.map((r) => [
      r.name,
      r.kind,
      r.pages.toLocaleString("en-US"),
      secs(r.ms),
      r.hugoMs === null ? "-" : secs(r.hugoMs),
      r.timeRatio === null ? "-" : r.timeRatio.toFixed(2),
      mb(r.rssMb),
      r.hugoRssMb === null ? "-" : mb(r.hugoRssMb),
      r.rssRatio === null ? "-" : r.rssRatio.toFixed(2),
      r.msPerPage.toFixed(2),
      r.kbPerPage.toFixed(0),
      r.checks.map((c) => `${c.budget}: ${c.ok ? "met" : "MISSED"}`).join("; ") || "-",
    ]),
  );
}
