// What a pull request can commit into the output folder (issue 39): an output carrying the marker, so a build
// replaces it, but holding links that lead out of it and FIFOs where the build writes. Each arrangement is built
// twice (the second build recycles the first one's replaced output as its staging folder): both builds succeed,
// nothing outside the output is written or deleted, no build hangs on a FIFO, and no lock is left behind.
import { mkdir, readFile, rm, symlink, writeFile, lstat } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markerText } from "../../src/write/marker.js";
import { FIXTURE, runCli } from "../support/fixture.js";
import { cp } from "node:fs/promises";
import { leftovers, tempRoot, treePrint } from "./support.js";

let root: string;
beforeAll(async () => {
  root = await tempRoot("hotelsite-committed-", tmpdir());
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** What stands at a path of the committed output: a link to a path relative to the project, or a FIFO. */
type Planted = { link: string } | { fifo: true };

/** Arrangements a pull request can commit, by path inside dist/ (or beside it, for the spare). */
const CASES: { name: string; dist: Record<string, Planted>; beside?: Record<string, Planted> }[] = [
  { name: "a link at .gitignore to the site settings", dist: { ".gitignore": { link: "../content/site.yaml" } } },
  { name: "a link at .gitignore to a file outside the project", dist: { ".gitignore": { link: "../../outside/victim.txt" } } },
  { name: "a link at .gitignore to a folder outside the project", dist: { ".gitignore": { link: "../../outside/victim" } } },
  { name: "a FIFO at .gitignore", dist: { ".gitignore": { fifo: true } } },
  { name: "a FIFO at the marker's name beside a marker-linked folder", dist: { "zh/.hotelsite-output": { fifo: true } } },
  { name: "links at a page and at the home page", dist: { "index.html": { link: "../content/site.yaml" }, "alpha/index.html": { link: "../../outside/victim.txt" } } },
  { name: "a link at a language folder to a folder outside", dist: { zh: { link: "../../outside/victim" } } },
  { name: "a link at the assets folder to the content folder", dist: { assets: { link: "../content" } } },
  { name: "FIFOs at a page, an asset folder's file and the sitemap", dist: { "ja/index.html": { fifo: true }, "assets/x.css": { fifo: true }, "sitemap.xml": { fifo: true } } },
  {
    name: "a committed spare beside the output holding links and a FIFO",
    dist: {},
    beside: { ".dist.hotelsite-spare/.gitignore": { link: "../content/site.yaml" }, ".dist.hotelsite-spare/zh": { link: "../../outside/victim" }, ".dist.hotelsite-spare/index.html": { fifo: true } },
  },
  { name: "a committed spare that is a link to a folder outside", dist: {}, beside: { ".dist.hotelsite-spare": { link: "../outside/victim" } } },
];

/** Plants `entries` under `base`. */
async function plant(base: string, entries: Record<string, Planted>): Promise<void> {
  for (const [rel, what] of Object.entries(entries)) {
    const full = path.join(base, rel);
    await mkdir(path.dirname(full), { recursive: true });
    if ("link" in what) await symlink(what.link, full);
    else execFileSync("mkfifo", [full]);
  }
}

describe("an output folder committed by a pull request", () => {
  for (const c of CASES) {
    it(`${c.name}: two builds, nothing outside the output written or deleted, no hang, no lock left`, { timeout: 120_000 }, async () => {
      const top = path.join(root, c.name.replace(/\W+/g, "-"));
      const dir = path.join(top, "project");
      const outside = path.join(top, "outside");
      await mkdir(path.join(outside, "victim"), { recursive: true });
      await writeFile(path.join(outside, "victim.txt"), "the user's own file\n");
      await writeFile(path.join(outside, "victim", "keep.txt"), "the user's own folder\n");
      await cp(FIXTURE, path.join(dir, "content"), { recursive: true });
      await mkdir(path.join(dir, "dist"));
      await writeFile(path.join(dir, "dist", ".hotelsite-output"), markerText("0.0.1"));
      await plant(path.join(dir, "dist"), c.dist);
      await plant(dir, c.beside ?? {});
      const outsideBefore = await treePrint(outside);
      const contentBefore = await treePrint(path.join(dir, "content"));
      for (let run = 0; run < 2; run++) {
        const r = await runCli(["build", "--content", "content", "--out", "dist"], dir);
        expect(r.err.split("\n").filter((l) => l.startsWith("error") || l.includes("internal"))).toEqual([]);
        expect(r.code).toBe(0);
        expect(await treePrint(outside)).toEqual(outsideBefore);
        expect(await treePrint(path.join(dir, "content"))).toEqual(contentBefore);
        expect((await lstat(path.join(dir, "dist"))).isDirectory()).toBe(true);
        expect((await lstat(path.join(dir, "dist", "index.html"))).isFile()).toBe(true);
        expect(await readFile(path.join(dir, "dist", "zh", "index.html"), "utf8")).toContain('<html lang="zh-Hans"');
        expect(await leftovers(dir)).toEqual([]);
        const spare = await lstat(path.join(dir, ".dist.hotelsite-spare")).catch(() => undefined);
        if (spare) {
          expect(spare.isDirectory()).toBe(true);
          expect(await readFile(path.join(dir, ".dist.hotelsite-spare", ".gitignore"), "utf8")).toBe("*\n");
        }
      }
    });
  }
});
