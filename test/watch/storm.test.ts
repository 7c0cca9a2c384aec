// A storm of saves under watch: valid and broken versions alternating, files created, renamed, deleted and
// briefly replaced by a FIFO, with no pause for the rebuilds. Afterwards the output equals a clean build of
// the final content, byte for byte, and memory stays flat from one storm to the next (no growth per save). Which
// intermediate versions a run saw is the scheduler's business, so nothing is asserted about them.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_SCRIPT_URL } from "../../src/watch/client.js";
import { build } from "../../src/build.js";
import type { RunReport } from "../../src/state.js";
import { startWatch, type WatchSession } from "../../src/watch/watch.js";
import { fixtureCopy, REPO } from "../support/fixture.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const NOW = new Date("2031-05-01T00:00:00Z");

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let session: WatchSession;
const reports: RunReport[] = [];
const hotels = () => path.join(fx.content, "hotels");
let betaText = "";
let alphaText = "";

beforeAll(async () => {
  fx = await fixtureCopy();
  await cp(path.join(REPO, "templates"), path.join(fx.dir, "templates"), { recursive: true });
  await symlink(path.join(REPO, "node_modules"), path.join(fx.dir, "node_modules"));
  betaText = await readFile(path.join(hotels(), "beta.yaml"), "utf8");
  alphaText = await readFile(path.join(hotels(), "alpha.yaml"), "utf8");
  session = await startWatch({ contentDir: "content", outDir: "dist", templatesDir: "templates", cwd: fx.dir, port: 0, delay: 5, now: NOW, onReport: (r) => reports.push(r) });
}, 60_000);
afterAll(async () => {
  await session?.stop();
  await fx.cleanup();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One storm: `saves` file operations a few milliseconds apart, ending in valid content marked `mark`. */
async function storm(saves: number, mark: string): Promise<void> {
  const at = (n: string) => path.join(hotels(), n);
  const delta = betaText.replace("id: beta", "id: delta").replace("/hotel/beta", "/hotel/delta");
  for (let i = 0; i < saves; i++) {
    switch (i % 8) {
      case 0:
        await writeFile(at("beta.yaml"), betaText.replace("Beta intro.", `Beta intro ${mark} ${i}.`));
        break;
      case 1:
        await writeFile(at("beta.yaml"), betaText.replace("  en:\n", "  en:\n\t"));
        break;
      case 2:
        await writeFile(at("delta.yaml"), delta);
        break;
      case 3:
        await rename(at("delta.yaml"), at("epsilon.yaml"));
        break;
      case 4:
        await rm(at("epsilon.yaml"));
        execFileSync("mkfifo", [at("zeta.yaml")]);
        break;
      case 5:
        await rm(at("zeta.yaml"));
        await writeFile(at("alpha.yaml"), alphaText.replace("The seaside one", `The seaside one ${i}`));
        break;
      case 6:
        await writeFile(at("alpha.yaml"), "id: alpha\nlayout: [\n");
        break;
      default:
        await writeFile(at("alpha.yaml"), alphaText);
    }
    await pause(i % 3 === 0 ? 0 : 15);
  }
  // The final state: every file valid, the storm's extra files gone, beta carrying the mark.
  for (const n of ["delta.yaml", "epsilon.yaml", "zeta.yaml"]) await rm(at(n), { force: true });
  await writeFile(at("alpha.yaml"), alphaText);
  await writeFile(at("beta.yaml"), betaText.replace("Beta intro.", `Beta intro ${mark}.`));
  await settled(`Beta intro ${mark}.`);
}

/** Waits for runs until beta's page on disk shows `text` (the storm's last save), then until the session is idle. */
async function settled(text: string): Promise<void> {
  const page = path.join(fx.dir, "dist/test-brand-beta/index.html");
  for (;;) {
    const seen = reports.length;
    if ((await readFile(page, "utf8").catch(() => "")).includes(text)) break;
    await new Promise<void>((resolve) => {
      const poll = () => (reports.length > seen ? resolve() : void session.nextRebuild().then(poll));
      poll();
    });
  }
  // Idle: no run going or waiting, and the second look at every file the storm touched taken.
  await session.idle();
}

/** Every file under `dir` with its SHA-256, sorted by path. */
async function contents(dir: string): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out.push([path.relative(dir, full), createHash("sha256").update(await readFile(full)).digest("hex")]);
  }
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

function memory(): { heap: number; rss: number } {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

describe("a storm of saves under watch", () => {
  it("ends with the output of a clean build and a good last run, and memory flat across storms", async () => {
    await storm(48, "first");
    const after1 = memory();
    await storm(48, "second");
    await storm(48, "third");
    const after3 = memory();

    // Only the final state is asserted: which of the storm's broken versions a run saw depends on how the
    // scheduler spaced the saves (under load they coalesce); signals.test.ts reports a FIFO save on its own.
    expect(reports.at(-1)!.ok).toBe(true);
    expect(await readFile(path.join(fx.dir, "dist/test-brand-beta/index.html"), "utf8")).toContain("Beta intro third.");

    await build({ contentDir: "content", outDir: "clean", templatesDir: "templates", cwd: fx.dir, now: NOW, devScript: LIVE_SCRIPT_URL });
    const fresh = await contents(path.join(fx.dir, "clean"));
    expect(fresh.length).toBeGreaterThan(15);
    expect(await contents(path.join(fx.dir, "dist"))).toEqual(fresh);

    // 96 saves between the measurements: a leak of even 100 KB a save would pass 9 MB. Generous bounds.
    expect(after3.heap - after1.heap).toBeLessThan(24 * 1024 * 1024);
    expect(after3.rss - after1.rss).toBeLessThan(96 * 1024 * 1024);
  }, 240_000);
});
