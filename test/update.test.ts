// update on a copy of the fixture site and of the templates, as watch runs it: only the pages whose recorded
// inputs a change reaches are rendered, only changed files are written, a failed run changes nothing and is
// retried with the next save.
import { cp, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { build } from "../src/build.js";
import type { RunOptions, RunReport, State } from "../src/state.js";
import { changedSince } from "../src/steps.js";
import { fixtureCopy, REPO } from "./support/fixture.js";
import { WatchRuns } from "./support/watch-runs.js";

vi.mock("../src/content/validate.js", async (original) => (await import("./support/deep-freeze.js")).freezingValidate(original));

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let runs: WatchRuns;
let opts: RunOptions;
let first: RunReport;
/** The state the last good run left. */
let state: State | undefined;
/** One run with these changed files, as watch makes it. */
async function rebuild(files: string[]): Promise<RunReport> {
  const report = await runs.run(files);
  state = runs.state;
  return report;
}
const out = (f: string) => path.join(fx.dir, "dist", f);
/** A page's text as read: headlines and place lines bind words with no-break spaces. */
const shown = async (file: string) => (await readFile(out(file), "utf8")).replace(/\u00a0/g, " ");
const src = (f: string) => path.join(fx.dir, f);
const mtime = async (f: string) => (await stat(out(f))).mtimeMs;
const langs = (f: string) => [f, `zh/${f}`, `ja/${f}`];
const sorted = (list: string[]) => [...list].sort();
/** Edits a file of the copy and rebuilds with it as the changed file. */
async function edit(file: string, change: (old: string) => string): Promise<RunReport> {
  await writeFile(src(file), change(await readFile(src(file), "utf8")));
  return rebuild([src(file)]);
}

beforeAll(async () => {
  fx = await fixtureCopy();
  await cp(path.join(REPO, "templates"), src("templates"), { recursive: true });
  // The stylesheet's fonts resolve from node_modules.
  await symlink(path.join(REPO, "node_modules"), src("node_modules"));
  opts = { contentDir: "content", outDir: "dist", templatesDir: "templates", cwd: fx.dir, now: new Date("2031-05-01T00:00:00Z"), devScript: "/__hotelsite/live.js" };
  runs = new WatchRuns(opts);
  first = await runs.run();
  state = runs.state;
});
afterAll(async () => {
  // The session's rendering threads go with it, as watch closes them when it stops.
  await runs.close();
  await fx.cleanup();
});

describe("update (after a build kept for watch)", () => {
  it("runs on content frozen under test, so a step that mutates it fails loudly", () => {
    expect(Object.isFrozen(state!.content.hotels[0].text)).toBe(true);
    expect(Object.isFrozen(state!.content.site.languages)).toBe(true);
  });

  it("builds everything first, with the dev script on every page", async () => {
    expect(first.errors).toEqual([]);
    expect(first).toMatchObject({ ok: true, full: true, pages: 15, changed: [] });
    expect(first.rendered).toHaveLength(15);
    expect(first.written).toEqual(expect.arrayContaining(["index.html", "zh/404.html", "sitemap.xml", "_headers"]));
    expect(await readFile(out("ja/test-brand-gamma/index.html"), "utf8")).toMatch(/<script src="?\/__hotelsite\/live\.js"? defer(="")?><\/script><\/body>/);
  });

  it("saving a field no card shows renders only that hotel's pages, and writes only changed files", async () => {
    const alphaBefore = await mtime("test-brand-alpha/index.html");
    const r = await edit("content/hotels/beta.yaml", (s) => s.replace("intro: Beta intro.", "intro: Beta intro, revised."));
    expect(r.errors).toEqual([]);
    expect(r).toMatchObject({ ok: true, full: false, changed: ["content/hotels/beta.yaml"], removed: [] });
    // The intro shows on beta's pages only (zh and ja fall back to it), never on the home cards.
    expect(sorted(r.rendered)).toEqual(sorted(langs("test-brand-beta/index.html")));
    expect(r.why).toEqual({ "test-brand-beta/index.html": "hotel:beta#en/intro changed", "zh/test-brand-beta/index.html": "hotel:beta#en/intro changed", "ja/test-brand-beta/index.html": "hotel:beta#en/intro changed" });
    expect(r.written).toEqual(sorted(langs("test-brand-beta/index.html")));
    expect(await readFile(out("zh/test-brand-beta/index.html"), "utf8")).toContain("Beta intro, revised.");
    expect(await mtime("test-brand-alpha/index.html")).toBe(alphaBefore);
  });

  it("a language's banner sentence rewrites its banner file only: no page of another language is rendered", async () => {
    const r = await edit("content/strings.yaml", (s) => s.replace('languageSuggestion: "{language}でもご覧いただけます。"', 'languageSuggestion: "このページは{language}でもご覧いただけます。"'));
    expect(r.errors).toEqual([]);
    expect(r.rendered.filter((f) => !f.startsWith("ja/"))).toEqual([]);
    expect(r.written).toEqual(["languages/ja.json"]);
    expect(JSON.parse(await readFile(out("languages/ja.json"), "utf8")).text).toBe("このページは日本語でもご覧いただけます。");
  });

  it("a field shown on the home cards and the hotel's page renders both, in every language that shows it", async () => {
    const r = await edit("content/hotels/beta.yaml", (s) => s.replace("location: Beta Hills, Testland", "location: Upper Beta Hills, Testland"));
    expect(r.errors).toEqual([]);
    expect(sorted(r.rendered)).toEqual(sorted([...langs("index.html"), ...langs("test-brand-beta/index.html")]));
    expect(r.why["zh/index.html"]).toBe("hotel:beta#en/location changed");
    expect(await shown("index.html")).toContain("Upper Beta Hills");
  });

  it("a name shown on the home cards rewrites the home pages too", async () => {
    const r = await edit("content/hotels/beta.yaml", (s) => s.replace("name: Test Brand Beta", "name: Test Brand Beta Hills"));
    expect(r.written).toEqual(expect.arrayContaining(langs("index.html")));
    expect(r.written).not.toContain("test-brand-alpha/index.html");
    expect(await shown("index.html")).toContain("Test Brand Beta Hills");
  });

  it("a focal point moved in one hotel file re-renders every page showing that image and writes its new phone crop", async () => {
    // alpha and gamma show one image; the point declared beside alpha's reference is the image's.
    const r = await edit("content/hotels/alpha.yaml", (s) => s.replace("image: images/alpha.svg", "image: images/alpha.svg\nimageFocus: { x: 80, y: 30 }"));
    expect(r.errors).toEqual([]);
    expect(r.rendered).toEqual(expect.arrayContaining([...langs("test-brand-alpha/index.html"), ...langs("test-brand-gamma/index.html")]));
    expect(await readFile(out("zh/test-brand-gamma/index.html"), "utf8")).toContain("fx-80 fy-30");
    const images = await readdir(out("assets/images"));
    expect(images.filter((f) => /^alpha\.[0-9a-f]{10}-f80x30s60-(480|960)\.(avif|webp)$/.test(f))).toHaveLength(4);
    expect(images.some((f) => f.includes("-f50x50s60-") && f.startsWith("alpha."))).toBe(false);
  });

  it("saving a popular hotel renders every page whose footer lists it", async () => {
    const r = await edit("content/hotels/gamma.yaml", (s) => s.replace(/^(\s+name: )Test Brand Gamma$/m, "$1Test Brand Gamma Bay"));
    expect(r.rendered).toHaveLength(15);
    expect(await readFile(out("ja/404.html"), "utf8")).toContain("Test Brand Gamma Bay");
  });

  it("saving a popular hotel's description renders the home pages alone: not its own pages, nor every page whose footer lists its name", async () => {
    const r = await edit("content/hotels/alpha.yaml", (s) => s.replace("description: A seaside hotel with 1,234 rooms.", "description: A seaside hotel with 1,234 rooms and a pier."));
    expect(r.errors).toEqual([]);
    // Footers read the name alone, the hotel's own pages the fields they show (a meta description, not this one);
    // the home cards read the description (zh and ja fall back to the English one).
    expect(sorted(r.rendered)).toEqual(sorted(langs("index.html")));
    expect(r.why["index.html"]).toBe("hotel:alpha#en/description changed");
    expect(await readFile(out("index.html"), "utf8")).toContain("and a pier.");
  });

  it("a layout template change renders that layout's pages only", async () => {
    const r = await edit("templates/pages/Story.tsx", (s) => s.replace('className="hotel hotel--story"', 'className="hotel hotel--story hotel--edited"'));
    expect(r.errors).toEqual([]);
    expect(sorted(r.rendered)).toEqual(sorted(langs("test-brand-beta/index.html")));
    expect(await readFile(out("test-brand-beta/index.html"), "utf8")).toContain("hotel--edited");
    expect(r.why["test-brand-beta/index.html"]).toBe('template "story" changed');
  });

  it("a #fragment into a page the save did not render is checked against that page's ids from the last run", async () => {
    // Story pages (beta) link to the home page's destinations section: the home page is not rendered again.
    const good = await edit("templates/pages/Story.tsx", (s) => s.replace(/(<article className="hotel hotel--story[^"]*">)/, '$1<a href="/#destinations">all</a>'));
    expect(good.errors).toEqual([]);
    expect(good.rendered).not.toContain("index.html");
    const bad = await edit("templates/pages/Story.tsx", (s) => s.replace('href="/#destinations"', 'href="/#nowhere"'));
    expect(bad.ok).toBe(false);
    expect(bad.errors.map((e) => e.message)).toContain('links to /#nowhere, but index.html has no element with id="nowhere"');
    expect((await edit("templates/pages/Story.tsx", (s) => s.replace('<a href="/#nowhere">all</a>', ""))).ok).toBe(true);
  });

  it("a part shared by the hotel layouts renders every hotel page but not home or 404", async () => {
    const r = await edit("templates/components/HotelParts.tsx", (s) => s.replace('className="breadcrumb"', 'className="breadcrumb breadcrumb--edited"'));
    expect(sorted(r.rendered)).toEqual(sorted(["alpha", "beta", "gamma"].flatMap((h) => langs(`test-brand-${h}/index.html`))));
    expect(await readFile(out("ja/test-brand-alpha/index.html"), "utf8")).toContain("breadcrumb--edited");
  });

  it("a template edit that compiles to the same code renders nothing", async () => {
    const r = await edit("templates/components/HotelParts.tsx", (s) => s + "\nexport const unused = 1;\n");
    expect(r).toMatchObject({ ok: true, rendered: [], written: [] });
  });

  it("a broken save fails without touching the output; the next good save brings in both changes", async () => {
    const before = await readFile(out("test-brand-beta/index.html"), "utf8");
    const bad = await edit("content/hotels/beta.yaml", (s) => s.replace("layout: story", "layout: nope"));
    expect(bad.ok).toBe(false);
    expect(bad.written).toEqual([]);
    expect(bad.errors.map((e) => e.format())).toEqual(["content/hotels/beta.yaml:2:9 /layout must be one of: showcase, story, article"]);
    expect(await readFile(out("test-brand-beta/index.html"), "utf8")).toBe(before);

    // A change elsewhere while broken is not lost: it is rebuilt with the fix.
    await writeFile(src("content/home.yaml"), (await readFile(src("content/home.yaml"), "utf8")).replace('heroTitle: "EN home heroTitle"', 'heroTitle: "EN home heroTitle, new"'));
    expect((await rebuild([src("content/home.yaml")])).ok).toBe(false);
    const fixed = await edit("content/hotels/beta.yaml", (s) => s.replace("layout: nope", "layout: story"));
    expect(fixed.ok).toBe(true);
    expect(await shown("index.html")).toContain("EN home heroTitle, new");
  });

  it("a template error is reported at the template's file and line", async () => {
    const bad = await edit("templates/pages/Story.tsx", (s) => s.replace("return (", "return ((("));
    expect(bad.ok).toBe(false);
    expect(bad.errors[0].place.file).toBe("templates/pages/Story.tsx");
    expect(bad.errors[0].place.line).toBeGreaterThan(1);
    expect((await edit("templates/pages/Story.tsx", (s) => s.replace("return (((", "return ("))).ok).toBe(true);
  });

  it("a new hotel file adds its pages; removing it removes them and their folders", async () => {
    const beta = await readFile(src("content/hotels/beta.yaml"), "utf8");
    await writeFile(src("content/hotels/delta.yaml"), beta.replace("id: beta", "id: delta").replace("hotel/beta", "hotel/delta"));
    const added = await rebuild([src("content/hotels/delta.yaml")]);
    expect(added.errors).toEqual([]);
    expect(sorted(added.rendered)).toEqual(sorted([...langs("index.html"), ...langs("test-brand-delta/index.html")]));
    expect(added.written).toEqual(expect.arrayContaining([...langs("test-brand-delta/index.html"), "sitemap.xml"]));
    expect(added.pages).toBe(18);

    const { rm } = await import("node:fs/promises");
    await rm(src("content/hotels/delta.yaml"));
    const removed = await rebuild([src("content/hotels/delta.yaml")]);
    expect(removed.removed).toEqual(sorted(langs("test-brand-delta/index.html")));
    expect(sorted(removed.rendered)).toEqual(sorted(langs("index.html")));
    await expect(stat(out("zh/test-brand-delta"))).rejects.toThrow();
    expect(removed.pages).toBe(15);
  });

  it("a stylesheet change renders every page with the new asset name and removes the old one", async () => {
    const home = await readFile(out("index.html"), "utf8");
    const oldCss = /href="\/(assets\/site\.[^"]+\.css)"/.exec(home)![1];
    const r = await edit("templates/styles/site.css", (s) => s + "\n.hotel--edited{outline:0}\n");
    expect(r.rendered).toHaveLength(15);
    expect(r.removed).toEqual([oldCss]);
    const newCss = /href="\/(assets\/site\.[^"]+\.css)"/.exec(await readFile(out("index.html"), "utf8"))![1];
    expect(newCss).not.toBe(oldCss);
    expect(r.written).toContain(newCss);
  });

  it("a UI string renders the pages that read it (its language's, and those falling back to it) and rewrites its banner file", async () => {
    const r = await edit("content/strings.yaml", (s) => s.replace('dismiss: "EN dismiss"', 'dismiss: "EN dismiss!"'));
    expect(r).toMatchObject({ ok: true });
    expect(r.rendered).toEqual(expect.arrayContaining(["index.html", "test-brand-alpha/index.html", "test-brand-beta/index.html", "test-brand-gamma/index.html", "404.html"]));
    // The fixture's Japanese strings are complete: no Japanese page reads the English ones, as no page reads
    // another language's banner words.
    expect(r.rendered.filter((f) => f.startsWith("ja/"))).toEqual([]);
    // The dismiss label is in the banner file, not in the pages.
    expect(r.written).toEqual(["languages/en.json"]);
  });

  it("a save that changes nothing renders nothing and writes nothing", async () => {
    const r = await rebuild([src("content/hotels/beta.yaml")]);
    expect(r).toMatchObject({ ok: true, rendered: [], written: [], removed: [] });
  });

  it("after a write that failed part way, the next run compares the publishing files with the disk again", async () => {
    // A folder where beta's page goes: the rename of the new page over it fails, after other files may be written.
    await rm(out("test-brand-beta/index.html"));
    await mkdir(out("test-brand-beta/index.html/blocked"), { recursive: true });
    const failed = await edit("content/hotels/beta.yaml", (s) => s.replace(/intro: .*/, "intro: Beta intro, blocked."));
    expect(failed.ok).toBe(false);
    expect(failed.failure).toBeDefined();
    expect(state!.publish).toBeUndefined();
    await rm(out("test-brand-beta/index.html"), { recursive: true });
    // What the failed write may have left: a publishing file gone. A copy edit changes none of them, yet the
    // next run writes the missing one back, since the kept state no longer knows what is on disk.
    const sitemap = await readFile(out("sitemap.xml"), "utf8");
    await rm(out("sitemap.xml"));
    const fixed = await edit("content/hotels/beta.yaml", (s) => s.replace("Beta intro, blocked.", "Beta intro, unblocked."));
    expect(fixed.errors).toEqual([]);
    expect(fixed.written).toEqual(sorted([...langs("test-brand-beta/index.html"), "sitemap.xml"]));
    expect(await readFile(out("sitemap.xml"), "utf8")).toBe(sitemap);
    // Known again: the next copy edit leaves the publishing files alone.
    expect(state!.publish).toBeDefined();
    const next = await edit("content/hotels/beta.yaml", (s) => s.replace("Beta intro, unblocked.", "Beta intro, once more."));
    expect(next.written).toEqual(sorted(langs("test-brand-beta/index.html")));
  });

  it("a translation-only edit renders the pages of that language that read it, not the other languages'", async () => {
    const r = await edit("content/hotels/alpha.yaml", (s) => s.replace(/^(\s+zh:\s*\n(?:.*\n)*?\s+name: )(.*)$/m, "$1$2 新"));
    expect(r.errors).toEqual([]);
    // Alpha is a popular destination: every Chinese page's footer names it; no English or Japanese page reads it.
    expect(sorted(r.rendered)).toEqual(sorted(["zh/index.html", "zh/404.html", ...["alpha", "beta", "gamma"].map((h) => `zh/test-brand-${h}/index.html`)]));
  });

  it("a translated field no card shows renders that hotel's page in that language alone", async () => {
    const r = await edit("content/hotels/alpha.yaml", (s) => s.replace("metaDescription: 入住阿尔法。", "metaDescription: 欢迎入住阿尔法。"));
    expect(r.errors).toEqual([]);
    expect(r.rendered).toEqual(["zh/test-brand-alpha/index.html"]);
    expect(r.why).toEqual({ "zh/test-brand-alpha/index.html": "hotel:alpha#zh/metaDescription changed" });
    expect(await readFile(out("zh/test-brand-alpha/index.html"), "utf8")).toContain("欢迎入住阿尔法。");
  });

  it("a hotel's own field no card shows (its facts) renders that hotel's pages alone", async () => {
    const r = await edit("content/hotels/beta.yaml", (s) => s.replace("layout: story", "layout: story\nfacts:\n  - { kind: rooms, value: 42 }"));
    expect(r.errors).toEqual([]);
    expect(sorted(r.rendered)).toEqual(sorted(langs("test-brand-beta/index.html")));
    expect(r.why["test-brand-beta/index.html"]).toBe("hotel:beta/facts changed");
  });
});

describe("update in batches (a save that renders many pages)", () => {
  /** Every output file's bytes: the watched folder against a clean build of the same sources (same live script). */
  async function expectCleanBuild() {
    const { preview: _preview, ...plain } = opts;
    await build({ ...plain, outDir: "clean" });
    const list = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
    const files = await list(out(""));
    expect(files).toEqual(await list(src("clean")));
    for (const f of files) expect(await readFile(out(f), "utf8"), f).toBe(await readFile(src(`clean/${f}`), "utf8"));
    await rm(src("clean"), { recursive: true });
  }
  /** Runs `during` with a preview that shows `shown` and logs each batch it hears of. */
  async function withPreview<T>(shown: string[], during: (batches: string[][]) => Promise<T>): Promise<T> {
    const batches: string[][] = [];
    runs.session.options.preview = { shown: () => shown, written: (files) => batches.push(files) };
    try {
      return await during(batches);
    } finally {
      runs.session.options.preview = undefined;
    }
  }
  const gammaName = (suffix: string) => (s: string) => s.replace(/^(\s+name: Test Brand Gamma.*)$/m, `$1 ${suffix}`);

  it("a popular destination's name, on every footer, is written first on the page the preview shows, then its own pages, each home page and the rest, equal to a clean build", async () => {
    await withPreview(["test-brand-beta/index.html"], async (batches) => {
      const r = await edit("content/hotels/gamma.yaml", gammaName("Cove"));
      expect(r.errors).toEqual([]);
      // zh and ja fall back to the English name: every page of the site shows it.
      expect(r.rendered).toHaveLength(15);
      expect(batches[0]).toEqual(["test-brand-beta/index.html"]);
      expect(sorted(batches[1])).toEqual(sorted(langs("test-brand-gamma/index.html")));
      expect(batches.slice(2, 5)).toEqual(langs("index.html").map((f) => [f]));
      expect(batches.flat()).toEqual(r.rendered);
      expect(r.firstBatch?.pages).toBe(1);
      expect(Object.keys(r.why)).toEqual(r.rendered);
      expect(await readFile(out("ja/404.html"), "utf8")).toContain("Cove");
    });
    await expectCleanBuild();
  });

  it("a failure in a later batch keeps the earlier batches written and reports the error; the next run writes the rest", async () => {
    const notFound = await readFile(src("templates/pages/NotFound.tsx"), "utf8");
    await writeFile(src("templates/pages/NotFound.tsx"), notFound.replace("<T>{t.returnHome}</T>", "<T>{(page as any).nope.nope}</T>"));
    await writeFile(src("content/hotels/gamma.yaml"), gammaName("Reef")(await readFile(src("content/hotels/gamma.yaml"), "utf8")));
    const failed = await withPreview([], () => rebuild([src("content/hotels/gamma.yaml"), src("templates/pages/NotFound.tsx")]));
    expect(failed.ok).toBe(false);
    expect(failed.errors.map((e) => e.message)).toEqual([expect.stringMatching(/^template "notFound" failed on (zh\/|ja\/)?404\.html: /)]);
    // Gamma's own pages and the home pages went first and are on disk; the batch with the 404 pages is not.
    expect(await readFile(out("zh/test-brand-gamma/index.html"), "utf8")).toContain("Reef");
    expect(await readFile(out("index.html"), "utf8")).toContain("Reef");
    expect(await readFile(out("404.html"), "utf8")).not.toContain("Reef");
    await writeFile(src("templates/pages/NotFound.tsx"), notFound);
    const fixed = await rebuild([src("templates/pages/NotFound.tsx")]);
    expect(fixed.errors).toEqual([]);
    expect(await readFile(out("404.html"), "utf8")).toContain("Reef");
    await expectCleanBuild();
  });

  it("a page that begins to read a field (its translation removed, so it falls back) is found reading it at the next save", async () => {
    // Alpha is popular: every Chinese footer shows its Chinese name, then, once it is gone, the English one.
    const dropped = await edit("content/hotels/alpha.yaml", (s) => s.replace(/^ {4}name: 阿尔法酒店.*\n/m, ""));
    expect(dropped.errors).toEqual([]);
    expect(await readFile(out("zh/404.html"), "utf8")).toContain("Test Brand Alpha");
    const renamed = await edit("content/hotels/alpha.yaml", (s) => s.replace(/^( {4}name: Test Brand Alpha)$/m, "$1 Prime"));
    expect(renamed.errors).toEqual([]);
    expect(await readFile(out("zh/404.html"), "utf8")).toContain("Test Brand Alpha Prime");
    await expectCleanBuild();
  });
});

describe("changedSince", () => {
  it("keeps the files whose contents differ from the last good run's at the same path, or are new", () => {
    const bytes = (t: string) => new TextEncoder().encode(t);
    const before = [
      { path: "sitemap.xml", contents: "<urlset/>" },
      { path: "robots.txt", contents: "User-agent: *" },
      { path: "flag.svg", contents: bytes("<svg/>") },
    ];
    const now = [
      { path: "sitemap.xml", contents: "<urlset/>" },
      { path: "robots.txt", contents: "User-agent: * " },
      { path: "flag.svg", contents: bytes("<svg/>") },
      { path: "_headers", contents: "/*" },
    ];
    expect(changedSince(before, now).map((f) => f.path)).toEqual(["robots.txt", "_headers"]);
    expect(changedSince(before, [{ path: "flag.svg", contents: bytes("<svg />") }, { path: "sitemap.xml", contents: bytes("<urlset/>") }]).map((f) => f.path)).toEqual(["flag.svg", "sitemap.xml"]);
    expect(changedSince(undefined, now)).toBe(now);
  });
});
