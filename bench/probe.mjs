// Preloaded into a real `hotelsite build` process by the benchmark (node --import bench/probe.mjs ...): when the
// process exits it writes the build's stage times (build.ts puts them on the performance timeline), its peak
// memory and its time since the process started to the JSON file named by HOTELSITE_PROBE.
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const out = process.env.HOTELSITE_PROBE;
if (out) {
  process.on("exit", (code) => {
    const stages = {};
    for (const m of performance.getEntriesByType("measure")) {
      if (m.name.startsWith("hotelsite:")) {
        const stage = m.name.slice("hotelsite:".length);
        stages[stage] = (stages[stage] ?? 0) + m.duration;
      }
    }
    // maxRSS is in kilobytes; performance.now() counts from the process's start, Node's own start-up included.
    writeFileSync(out, JSON.stringify({ code, stages, maxRssKb: process.resourceUsage().maxRSS, sinceStartMs: performance.now() }));
  });
}
