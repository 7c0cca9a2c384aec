// Incremental output equals a clean build: random sequences of edits (copy and meta titles, interface strings,
// site settings, a hotel's own fields and old addresses, hotels added, deleted and renamed, an image replaced, a
// template changed, a broken save and its fix) are applied through the pipeline as watch runs it; after each
// sequence the output folder must equal a clean build of the final content, file for file and byte for byte,
// apart from watch's live-reload script tag. At two sizes: the fixture (15 pages: one thread, one batch), and the
// fixture with 230 more hotels (705 pages, above every size threshold: several rendering threads, several batches
// a run) at 1, 2 and 4 threads.
import { cp, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import YAML from "yaml";
import { describe, expect, it, vi } from "vitest";
import { build } from "../src/build.js";
import type { RunOptions } from "../src/state.js";
import { BATCH_PAGES } from "../src/plan.js";
import { PAGES_PER_THREAD } from "../src/render/pool.js";
import { fixtureCopy, REPO } from "./support/fixture.js";
import { WatchRuns } from "./support/watch-runs.js";

vi.mock("../src/content/validate.js", async (original) => (await import("./support/deep-freeze.js")).freezingValidate(original));

const NOW = new Date("2031-05-01T00:00:00Z");
const LIVE = "/__hotelsite/live.js";
/** Hotels the fixture's site.yaml lists as popular: deleting or renaming them is a content error, not an edit. */
const POPULAR = ["alpha", "gamma"];

/** One edit of the project: which kind, and a number that picks the file, the value or the hotel. */
type Edit =
  | { kind: "copy" | "translation" | "fields" | "own" | "alias" | "string" | "setting" | "add" | "delete" | "rename" | "image" | "template"; n: number }
  | { kind: "broken"; n: number };

const edits = fc.array(
  fc.record({
    kind: fc.constantFrom("copy", "translation", "fields", "own", "alias", "string", "setting", "add", "delete", "rename", "image", "template", "broken" as const),
    n: fc.nat({ max: 999 }),
  }) as fc.Arbitrary<Edit>,
  { minLength: 1, maxLength: 6 },
);

/** Every file under `dir`, relative, with "/" separators. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** A file's bytes without watch's live-reload script tag. */
async function withoutLiveScript(file: string): Promise<Buffer> {
  const bytes = await readFile(file);
  if (!file.endsWith(".html")) return bytes;
  return Buffer.from(bytes.toString("utf8").replace(/<script src="?\/__hotelsite\/live\.js"? defer(="")?><\/script>/g, ""));
}

/** The two sizes the property runs at; the timeouts guard against a hang: at a load average of 30 the 705-page size ran over 20 minutes. */
const SIZES = [
  { name: "the fixture", extra: 0, numRuns: 25, threads: (_round: number): number | undefined => undefined, timeout: 3_600_000 },
  { name: "705 pages at 1, 2 and 4 threads", extra: 230, numRuns: 6, threads: (round: number): number | undefined => [1, 2, 4][round % 3], timeout: 3_600_000 },
];

/** Adds `count` hotels to a content folder, each a copy of beta with its own id, name and booking link. */
async function addHotels(content: string, count: number): Promise<void> {
  const beta = await readFile(path.join(content, "hotels/beta.yaml"), "utf8");
  for (let i = 0; i < count; i++) {
    const id = `extra${i}`;
    await writeFile(path.join(content, `hotels/${id}.yaml`), beta.replace(/^id: .*$/m, `id: ${id}`).replace(/^affiliateLink: .*$/m, `affiliateLink: https://book.example.com/hotel/${id}`).replace(/(name: )(Test Brand \w+)/, `$1$2 ${id}`));
  }
}

describe.each(SIZES)("incremental runs equal a clean build: $name", ({ extra, numRuns, threads, timeout }) => {
  it("after any sequence of edits, the watched output folder equals a clean build of the final content", { timeout }, async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(edits, async (sequence) => {
        round++;
        const fx = await fixtureCopy();
        let runs: WatchRuns | undefined;
        try {
          const content = fx.content;
          const templates = path.join(fx.dir, "templates");
          await cp(path.join(REPO, "templates"), templates, { recursive: true });
          await symlink(path.join(REPO, "node_modules"), path.join(fx.dir, "node_modules"));
          await addHotels(content, extra);
          // A preview open on one page: runs render and write it first, in a batch of its own.
          const preview = { shown: () => ["zh/test-brand-beta/index.html"], written: () => {} };
          // The per-page time limit is wall-clock: on a loaded machine a page took over its default 30 s here.
          const limits = { timeoutMs: 600_000 };
          const opts: RunOptions = { contentDir: "content", outDir: "watched", templatesDir: "templates", cwd: fx.dir, now: NOW, devScript: LIVE, preview, threads: threads(round), limits };
          runs = new WatchRuns(opts);
          const first = await runs.run();
          expect(first.errors).toEqual([]);
          if (extra) {
            // Above every threshold: the threads asked for, more than one batch for a change every page shows.
            expect(first.pages).toBeGreaterThanOrEqual(700);
            expect(first.pages).toBeGreaterThan(Math.max(4 * PAGES_PER_THREAD, 5 * BATCH_PAGES));
            expect(first.threads).toBe(threads(round));
          }
          const save = (...files: string[]) => runs!.run(files);
          const hotelIds = async () => (await readdir(path.join(content, "hotels"))).map((f) => f.replace(/\.yaml$/, "")).sort();
          const edit = async (file: string, change: (old: string) => string) => {
            const abs = path.join(content, file);
            await writeFile(abs, change(await readFile(abs, "utf8")));
            return abs;
          };

          for (const [i, { kind, n }] of sequence.entries()) {
            const mark = `r${round}e${i}n${n}`;
            if (kind === "copy") {
              // A card's description, or a page's meta title (which a renamed hotel's fallback page shows too).
              const ids = await hotelIds();
              const id = ids[n % ids.length];
              // The field from other bits of n than the hotel's (n % 4 picks a hotel added to the fixture's three).
              const field = (n >> 2) % 2 ? "metaTitle" : "description";
              const report = await save(await edit(`hotels/${id}.yaml`, (s) => s.replace(new RegExp(`^( {4}${field}: )(.*)$`, "m"), `$1$2 ${mark}`)));
              expect(report.errors).toEqual([]);
            } else if (kind === "alias") {
              // A hotel renamed in the past: its old id answers at the old addresses (redirect rules, fallback pages).
              const ids = await hotelIds();
              const id = ids[n % ids.length];
              const abs = await edit(`hotels/${id}.yaml`, (s) => (s.includes("\naliases:") ? s.replace(/^aliases: \[(.*)\]$/m, `aliases: [$1, was-${mark.toLowerCase()}]`) : s.replace(/^layout: /m, `aliases: [was-${mark.toLowerCase()}]\nlayout: `)));
              expect((await save(abs)).errors).toEqual([]);
            } else if (kind === "translation" || kind === "fields") {
              // A Chinese line (alpha's partial zh block), a complete Chinese translation of beta (which then
              // needs nothing from English), or one more section in a default-language block, which a
              // translation without it shows by falling back.
              const ids = await hotelIds();
              const id = kind === "translation" ? (n % 2 ? "beta" : "alpha") : n % 2 && ids.includes("beta") ? "beta" : ids[n % ids.length];
              if (!ids.includes(id)) continue;
              const abs = await edit(`hotels/${id}.yaml`, (s) => {
                if (kind === "fields") return s.replace(/^( {4}sections:\n)/m, `$1      - { title: Extra ${mark}, text: Extra text. }\n`);
                if (id === "alpha") return s.replace(/^( {4}name: )(阿尔法酒店.*)$/m, `$1$2 ${mark}`);
                const doc = YAML.parse(s) as { text: Record<string, unknown> };
                const translate = (v: unknown): unknown => (typeof v === "string" ? `中 ${v} ${mark}` : Array.isArray(v) ? v.map(translate) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, translate(x)])) : v);
                doc.text.zh = translate(doc.text.en);
                return YAML.stringify(doc);
              });
              expect((await save(abs)).errors).toEqual([]);
            } else if (kind === "own") {
              // One of a hotel's own fields (the home cards record the ones they show): its booking link, hero, facts.
              const ids = await hotelIds();
              const id = ids[n % ids.length];
              const abs = await edit(`hotels/${id}.yaml`, (s) => {
                const doc = YAML.parse(s) as Record<string, unknown>;
                if (n % 3 === 0) doc.affiliateLink = `https://book.example.com/hotel/${id}?${mark}`;
                else if (n % 3 === 1) doc.hero = doc.hero === "tall" ? "regular" : "tall";
                else doc.facts = [{ kind: "rooms", value: n + 1 }];
                return YAML.stringify(doc);
              });
              expect((await save(abs)).errors).toEqual([]);
            } else if (kind === "string") {
              const key = ["bookNow", "home", "dismiss", "contact", "notFoundTitle"][n % 5];
              const report = await save(await edit("strings.yaml", (s) => s.replace(new RegExp(`^(  ${key}: ")(EN [^"]*)"`, "m"), `$1$2 ${mark}"`)));
              expect(report.errors).toEqual([]);
            } else if (kind === "setting") {
              const report = await save(await edit("site.yaml", (s) => (n % 2 ? s.replace(/^siteName: .*$/m, `siteName: Guide ${mark}`) : s.replace(/^contactEmail: .*$/m, `contactEmail: hello+${mark}@fixture.example.com`))));
              expect(report.errors).toEqual([]);
            } else if (kind === "add") {
              const id = `h${mark.replace(/[^a-z0-9]/g, "")}`;
              const beta = await readFile(path.join(content, "hotels/beta.yaml"), "utf8").catch(() => null);
              const base = beta ?? (await readFile(path.join(content, "hotels/alpha.yaml"), "utf8"));
              const file = path.join(content, `hotels/${id}.yaml`);
              // A new hotel of its own: not the old addresses of the one it is copied from (a flow list as the alias
              // edit writes it, or a block list once an own-field edit has written the file out through YAML).
              await writeFile(file, base.replace(/^aliases:(?: .*\n|\n(?: +- .*\n)+)/m, "").replace(/^id: .*$/m, `id: ${id}`).replace(/^affiliateLink: .*$/m, `affiliateLink: https://book.example.com/hotel/${id}`).replace(/(name: )(Test Brand \w+)/, `$1$2 ${id}`));
              expect((await save(file)).errors).toEqual([]);
            } else if (kind === "delete" || kind === "rename") {
              const ids = (await hotelIds()).filter((id) => !POPULAR.includes(id));
              if (!ids.length) continue;
              const id = ids[n % ids.length];
              const from = path.join(content, `hotels/${id}.yaml`);
              if (kind === "delete") {
                await rm(from);
                expect((await save(from)).errors).toEqual([]);
              } else {
                const to = path.join(content, `hotels/${id}x.yaml`);
                await rename(from, to);
                await writeFile(to, (await readFile(to, "utf8")).replace(/^id: .*$/m, `id: ${id}x`));
                expect((await save(from, to)).errors).toEqual([]);
              }
            } else if (kind === "image") {
              const image = ["images/alpha.svg", "images/default.svg", "images/home.svg"][n % 3];
              const [w, h] = [[160, 100], [200, 120], [120, 90]][n % 3];
              const color = (n * 7919) % 4096;
              const file = path.join(content, image);
              await writeFile(file, `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#${color.toString(16).padStart(3, "0")}"/></svg>`);
              expect((await save(file)).errors).toEqual([]);
            } else if (kind === "template") {
              const [file, from] = [
                ["pages/Story.tsx", 'className="hotel hotel--story'],
                ["components/HotelParts.tsx", 'className="breadcrumb'],
                ["Document.tsx", "<body"],
              ][n % 3];
              const abs = path.join(templates, file);
              const before = await readFile(abs, "utf8");
              expect(before).toContain(from);
              await writeFile(abs, before.replace(from, n % 3 === 2 ? `<body data-edit="${mark}"` : `${from} ${mark}`));
              expect((await save(abs)).errors).toEqual([]);
            } else {
              // A broken save, then a change elsewhere while broken, then the fix.
              const ids = await hotelIds();
              const file = path.join(content, `hotels/${ids[n % ids.length]}.yaml`);
              const good = await readFile(file, "utf8");
              await writeFile(file, good.replace(/^layout: .*$/m, "layout: [unclosed"));
              const broken = await save(file);
              expect(broken.ok).toBe(false);
              expect(broken.errors.length).toBeGreaterThan(0);
              const home = await edit("home.yaml", (s) => s.replace(/^( {2}heroTitle: ")([^"]*)"/m, `$1$2 ${mark}"`));
              expect((await save(home)).ok).toBe(false);
              await writeFile(file, good);
              expect((await save(file)).errors).toEqual([]);
            }
          }

          const { preview: _preview, ...plain } = opts;
          await build({ ...plain, outDir: "clean", devScript: undefined });
          const watched = path.join(fx.dir, "watched");
          const cleanDir = path.join(fx.dir, "clean");
          const files = await listFiles(cleanDir);
          expect(await listFiles(watched)).toEqual(files);
          for (const f of files) {
            const [a, b] = await Promise.all([withoutLiveScript(path.join(watched, f)), readFile(path.join(cleanDir, f))]);
            expect(a.equals(b), `${f} differs from a clean build after ${JSON.stringify(sequence)}`).toBe(true);
          }
        } finally {
          await runs?.close();
          await fx.cleanup();
        }
      }),
      {
        numRuns,
        endOnFailure: true,
        // Sequences that random draws reach rarely, run first (they count within numRuns): a popular destination's
        // name; a renamed hotel's meta title; a translation that needs nothing from English, then English gains a section; a hotel renamed after
        // its image changed; a broken save between template edits.
        examples: [
          // A popular destination's Chinese name (every Chinese footer shows it: a copy edit whose batches resolve
          // their pages as the threads take them), then a string every page shows, then a hotel added.
          [[{ kind: "translation", n: 0 }, { kind: "string", n: 0 }, { kind: "add", n: 3 }]],
          // A renamed hotel's meta title changed: its fallback page at the old address shows it.
          [[{ kind: "alias", n: 1 }, { kind: "copy", n: 700 }]],
          // A hotel added, then its card's description: the home pages that took in its card must be found reading it.
          [[{ kind: "add", n: 3 }, { kind: "copy", n: 467 }]],
          [[{ kind: "translation", n: 1 }, { kind: "fields", n: 1 }]],
          [[{ kind: "image", n: 0 }, { kind: "rename", n: 0 }, { kind: "copy", n: 1 }]],
          [[{ kind: "template", n: 1 }, { kind: "broken", n: 2 }, { kind: "template", n: 2 }]],
        ],
      },
    );
  });
});
