// The project's speed and memory budgets against a benchmark run: time and peak-memory ratios to Hugo, per-page
// cost, the bundled site's cold build, and which file system the run measured.
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
  /** At most this share of Hugo's time, per site size. */
  timeRatioMax: { 4008: 0.6, 12006: 0.5 },
  rssAtMostHugo: { pages: [4008] },
  rssMaxMb: { pages: [12006], value: 700 },
  bundledColdMaxMs: 1000,
};

const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mb = (v) => `${Math.round(v)} MB`;

/** One row per site: time and memory against Hugo, per-page cost, and the verdict of each budget that applies. */
export function budgetRows(sites) {
  return sites.map((r) => {
    const timeRatio = r.hugo ? r.cold.medianMs / r.hugo.medianMs : null;
    const rssRatio = r.hugo?.maxRssMb ? r.cold.maxRssMb / r.hugo.maxRssMb : null;
    const checks = [];
    if (r.name === "bundled") checks.push({ budget: `cold < ${secs(BUDGETS.bundledColdMaxMs)}`, ok: r.cold.medianMs < BUDGETS.bundledColdMaxMs });
    const maxRatio = BUDGETS.timeRatioMax[r.pages];
    if (maxRatio !== undefined) checks.push({ budget: `time/Hugo <= ${maxRatio}`, ok: timeRatio !== null && timeRatio <= maxRatio });
    if (BUDGETS.rssAtMostHugo.pages.includes(r.pages)) checks.push({ budget: "RSS <= Hugo's", ok: rssRatio !== null && rssRatio <= 1 });
    if (BUDGETS.rssMaxMb.pages.includes(r.pages)) checks.push({ budget: `RSS <= ${BUDGETS.rssMaxMb.value} MB`, ok: r.cold.maxRssMb <= BUDGETS.rssMaxMb.value });
    return {
      name: r.name,
      pages: r.pages,
      ms: r.cold.medianMs,
      hugoMs: r.hugo?.medianMs ?? null,
      timeRatio,
      rssMb: r.cold.maxRssMb,
      hugoRssMb: r.hugo?.maxRssMb ?? null,
      rssRatio,
      msPerPage: r.cold.medianMs / r.pages,
      kbPerPage: (r.cold.maxRssMb * 1024) / r.pages,
      checks,
    };
  });
}

/** The budget table (Markdown): the figures the README's performance section shows first. */
export function budgetTable(rows) {
  const head = ["site", "pages", "hotelsite", "Hugo", "time ratio", "peak RSS", "Hugo RSS", "RSS ratio", "ms/page", "RSS KB/page", "budgets"];
  return table(
    head,
    rows.map((r) => [
      r.name,
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
