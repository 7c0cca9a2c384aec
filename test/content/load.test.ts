// Loading again with the previous run's cache (as watch does): unchanged files keep their parsed objects, the
// flag images stay with an unchanged site.yaml and are read again for a changed one, and the images come in
// the order the content names them whichever read ends first.
import { mkdir, readdir, readFile, symlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/load.js";
import { fixtureCopy } from "../support/fixture.js";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

/** A fixture copy whose language menu shows SVG flags. */
async function site() {
  const fx = await fixtureCopy({ "site.yaml": (s) => `${s}languageMenu:\n  flags: svg\n` });
  cleanups.push(fx.cleanup);
  return fx;
}

describe("loadContent with the previous run's cache", () => {
  it("keeps an unchanged file's parsed object and the flag images of an unchanged site.yaml", async () => {
    const fx = await site();
    const first = await loadContent({ contentDir: fx.content, cwd: fx.dir });
    expect([...first.flags!.keys()]).toEqual(["gb", "cn", "jp"]);
    const beta = path.join(fx.content, "hotels", "beta.yaml");
    await writeFile(beta, (await readFile(beta, "utf8")).replace("Beta intro.", "Beta intro, again."));
    const next = await loadContent({ contentDir: fx.content, cwd: fx.dir, previous: first.cache, changed: new Set([beta]) });
    expect(next.site).toBe(first.site);
    expect(next.hotels[0]).toBe(first.hotels[0]);
    expect(next.hotels[1]).not.toBe(first.hotels[1]);
    expect(next.flags).toBe(first.flags);
    expect(next.changed).toBe(first.changed);
  });

  it("reads the flags again when site.yaml changed", async () => {
    const fx = await site();
    const first = await loadContent({ contentDir: fx.content, cwd: fx.dir });
    const file = path.join(fx.content, "site.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace('flag: "🇨🇳"', 'flag: "🇹🇼"'));
    const next = await loadContent({ contentDir: fx.content, cwd: fx.dir, previous: first.cache, changed: new Set([file]) });
    expect([...next.flags!.keys()]).toEqual(["gb", "tw", "jp"]);
    const none = await loadContent({ contentDir: fx.content, cwd: fx.dir, previous: next.cache, changed: new Set([file]) });
    expect(none.flags).not.toBe(next.flags);
    expect(none.flags).toEqual(next.flags);
  });

  it("gives the images in the content's order, also when only one of them was read again", async () => {
    const fx = await site();
    const first = await loadContent({ contentDir: fx.content, cwd: fx.dir });
    const order = ["images/default.svg", "images/home.svg", "images/alpha.svg"];
    expect([...first.images.keys()]).toEqual(order);
    // The default image is read again (slower than the kept facts of the others), yet stays first.
    const changed = path.join(fx.content, "images", "default.svg");
    await writeFile(changed, (await readFile(changed, "utf8")).replace("</svg>", "<!-- again --></svg>"));
    const next = await loadContent({ contentDir: fx.content, cwd: fx.dir, previous: first.cache, changed: new Set([changed]) });
    expect([...next.images.keys()]).toEqual(order);
    expect(next.images.get("images/default.svg")!.hash).not.toBe(first.images.get("images/default.svg")!.hash);
  });
});

describe("loadContent with the parse cache (a build's first load)", () => {
  it("takes settled, unchanged files from the cache and parses a saved one again: the same content as parsing all", async () => {
    const fx = await site();
    const files = [path.join(fx.content, "site.yaml"), path.join(fx.content, "strings.yaml"), path.join(fx.content, "home.yaml"), ...(await readdir(path.join(fx.content, "hotels"))).map((n) => path.join(fx.content, "hotels", n))];
    const past = new Date(Date.now() - 60_000);
    for (const f of files) await utimes(f, past, past);
    // A folder's first build writes the cache without entries (CI builds once), the second with them.
    const parsed = await loadContent({ contentDir: fx.content, cwd: fx.dir });
    const second = await loadContent({ contentDir: fx.content, cwd: fx.dir });
    const cached = await loadContent({ contentDir: fx.content, cwd: fx.dir });
    // From the cache: every file, with the same data and positions.
    expect([parsed.cache.fromParseCache, second.cache.fromParseCache, cached.cache.fromParseCache]).toEqual([0, 0, files.length]);
    expect(cached.hotels.map((h) => h.data)).toEqual(parsed.hotels.map((h) => h.data));
    expect(cached.site.data).toEqual(parsed.site.data);
    expect(cached.hotels[1].locate("/id")).toEqual(parsed.hotels[1].locate("/id"));
    const beta = path.join(fx.content, "hotels", "beta.yaml");
    await writeFile(beta, (await readFile(beta, "utf8")).replace("Beta intro.", "Beta intro, again."));
    const saved = await loadContent({ contentDir: fx.content, cwd: fx.dir });
    expect(saved.cache.fromParseCache).toBe(files.length - 1);
    expect(JSON.stringify(saved.hotels[1].data)).toContain("Beta intro, again.");
    expect(saved.hotels[0].data).toEqual(parsed.hotels[0].data);
  });
});

describe("entries of the hotels folder that are not hotel files", () => {
  it("are each a warning naming them (a folder, a stray file), while editors' own files pass unmentioned", async () => {
    const fx = await site();
    const hotels = path.join(fx.content, "hotels");
    await mkdir(path.join(hotels, "europe"));
    await writeFile(path.join(hotels, "europe", "paris.yaml"), "id: paris\n");
    await writeFile(path.join(hotels, "README.md"), "notes\n");
    await writeFile(path.join(hotels, "delta.yaml.txt"), "id: delta\n");
    for (const own of ["alpha.yaml~", "#alpha.yaml#", ".alpha.yaml.swp", ".DS_Store", "4913"]) await writeFile(path.join(hotels, own), "");
    await symlink("root@host.1:1", path.join(hotels, ".#alpha.yaml"));
    const loaded = await loadContent({ contentDir: fx.content, cwd: fx.dir });
    expect(loaded.hotels.map((h) => path.basename(h.file))).toEqual(["alpha.yaml", "beta.yaml", "gamma.yaml"]);
    expect(loaded.skipped).toEqual([
      { place: { file: "content/hotels/README.md" }, message: "is not read: only <id>.yaml files in hotels/ are hotel files" },
      { place: { file: "content/hotels/delta.yaml.txt" }, message: "is not read: only <id>.yaml files in hotels/ are hotel files" },
      { place: { file: "content/hotels/europe" }, message: "is a folder, which is not read: hotel files are read from hotels/ itself, not from folders inside it" },
    ]);
  });
});
