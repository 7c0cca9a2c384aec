// `hotelsite new hotel`: a commented file with every field its layout needs, valid as written, that passes
// `check` without a warning once its placeholders are filled; bad or taken ids are refused.
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import hotelSchema from "../../src/content/schemas/hotel.schema.json" with { type: "json" };
import { hotelScaffold, invalidId, LAYOUTS } from "../../src/scaffold/hotel.js";
import { fixtureCopy, runCli } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeEach(async () => {
  fx = await fixtureCopy();
});
afterEach(() => fx.cleanup());

const site = { languages: [{ code: "en", label: "English" }, { code: "zh", label: "Chinese" }, { code: "ja", label: "Japanese" }], bookingHost: "book.example.com", slugPrefix: "test-brand" };

/** What an editor does with the file: fills every TODO, adds the image and its focal point, translates the other languages. */
function fill(text: string, id: string): string {
  // The en block runs to the end of the file: each translation is a copy of it under its own code.
  const en = text.slice(text.indexOf("\n  en:\n") + 1).split("\n").filter((l) => l.trim() && !l.trim().startsWith("#"));
  const blocks = ["zh", "ja"].flatMap((code) => [`  ${code}:`, ...en.slice(1)]);
  return `${text.trimEnd()}\n${blocks.join("\n")}\n`
    .replace(`# image: images/hotels/${id}.svg`, `image: images/hotels/${id}.svg`)
    .replace("# imageFocus: { x: 50, y: 50 }", "imageFocus: { x: 50, y: 50 }")
    .replace(`TODO-${id}`, `hotel/${id}`)
    .replace(/TODO: ([^"\n]*)/g, "Filled $1");
}

describe("hotelScaffold", () => {
  it("holds every field each layout requires, as many items as it needs, and nothing else", () => {
    const defs = hotelSchema.$defs as unknown as Record<string, { required?: string[]; properties?: Record<string, { minItems?: number }> }>;
    for (const layout of LAYOUTS) {
      const data = parse(hotelScaffold({ id: "delta", layout, site, schemaRef: "x.json" }));
      expect(data).toMatchObject({ id: "delta", layout, affiliateLink: "https://book.example.com/TODO-delta" });
      expect(Object.keys(data.text)).toEqual(["en"]);
      const required = [...defs.complete.required!, ...defs[`layout-${layout}`].required!];
      expect(Object.keys(data.text.en).sort()).toEqual([...new Set(required)].sort());
      expect(data.text.en.sections).toHaveLength(defs[`layout-${layout}`].properties!.sections.minItems!);
    }
    const showcase = parse(hotelScaffold({ id: "delta", layout: "showcase", site, schemaRef: "x.json" }));
    expect(showcase.text.en.features).toEqual(["TODO: feature 1", "TODO: feature 2", "TODO: feature 3", "TODO: feature 4", "TODO: feature 5", "TODO: feature 6"]);
    expect(parse(hotelScaffold({ id: "delta", layout: "article", site, schemaRef: "x.json" })).text.en.whyChoose.points).toHaveLength(7);
  });

  it("explains each field with the schema's description and points editors at the schema", () => {
    const text = hotelScaffold({ id: "delta", layout: "story", site, schemaRef: "../../schemas/hotel.schema.json" });
    expect(text.split("\n")[0]).toBe("# yaml-language-server: $schema=../../schemas/hotel.schema.json");
    expect(text).toContain("    # The hotel's name (e.g. Grand Hyatt Dubai), as the brand writes it in this language.\n    name: \"TODO: name\"");
    // No commented-out block to uncomment (an import may add the real one): one note on where translations go.
    expect(text).not.toMatch(/^ *# *(zh|ja):/m);
    expect(text).toMatch(/^# Translations: a block per language beside en: \(zh: \S+, ja: \S+\) with the same keys/m);
  });

  it("names the site's first region, listing the others, when site.yaml declares regions (and no region otherwise)", () => {
    const withRegions = parse(hotelScaffold({ id: "lisbon", layout: "article", site: { ...site, regions: ["europe", "americas"] }, schemaRef: "x" }));
    expect(withRegions.region).toBe("europe");
    expect(hotelScaffold({ id: "lisbon", layout: "article", site: { ...site, regions: ["europe", "americas"] }, schemaRef: "x" }).replace(/\n# /g, " ")).toContain("One of: europe, americas.");
    expect(parse(hotelScaffold({ id: "lisbon", layout: "article", site, schemaRef: "x" }))).not.toHaveProperty("region");
  });

  it("accepts slug parts only", () => {
    expect(invalidId("kuala-lumpur")).toBeNull();
    expect(invalidId("x1")).toBeNull();
    for (const bad of ["Bad_Id", "-x", "x-", "a--b", "../x", "a b", "ünï", "", "a".repeat(61)]) expect(invalidId(bad), bad).not.toBeNull();
  });
});

describe("hotelsite new hotel", () => {
  it("writes a file that validates as written but is published only once filled, and then passes check with no warning of its own", async () => {
    const made = await runCli(["new", "hotel", "delta", "--layout", "article"], fx.dir);
    expect(made.err).toBe("");
    expect(made.code).toBe(0);
    expect(made.out).toContain("Created content/hotels/delta.yaml (layout article).\nNext:\n  1. Replace every TODO in content/hotels/delta.yaml");
    expect(made.out).toContain("the page is at /test-brand-delta/.");
    const file = path.join(fx.content, "hotels", "delta.yaml");
    const text = await readFile(file, "utf8");
    // The schema comment resolves to the real schema, wherever the content folder is.
    const ref = /\$schema=(\S+)/.exec(text)![1];
    expect(existsSync(path.resolve(path.dirname(file), ref))).toBe(true);

    // As written: valid, but unfinished; check names what is left to do.
    const unfilled = await runCli(["check"], fx.dir);
    expect(unfilled.code).toBe(0);
    expect(unfilled.out).toMatch(/content\/hotels\/delta\.yaml\n(\s+.*\n)*\s+\d+:\d+ \/affiliateLink still holds a TODO placeholder, and 28 more on lines/);
    const strict = await runCli(["check", "--strict"], fx.dir);
    expect(strict.code).toBe(1);
    expect(strict.err).toMatch(/29 TODO placeholders/);
    // Built as written, it is left out of the site, and the summary says so: no page, no card, no sitemap entry.
    const unpublished = await runCli(["build", "--out", "dist-unfilled"], fx.dir);
    expect(unpublished.code).toBe(0);
    expect(unpublished.out).toContain("content/hotels/delta.yaml\n  /image has no image of its own; the site's default image is used\n  is not published: it still holds 29 TODO placeholders from hotelsite new (hotelsite check lists them)\n");
    expect(unpublished.out).toMatch(/^Built 15 pages .*; not published: delta \(TODO placeholders left\)$/m);
    expect(existsSync(path.join(fx.dir, "dist-unfilled", "test-brand-delta"))).toBe(false);
    for (const f of ["index.html", "sitemap.xml", "_redirects"]) expect(await readFile(path.join(fx.dir, "dist-unfilled", f), "utf8")).not.toContain("delta");
    expect(unfilled.out).toMatch(/; not published: delta \(TODO placeholders left\)\.$/m);

    await mkdir(path.join(fx.content, "images", "hotels"), { recursive: true });
    await copyFile(path.join(fx.content, "images", "alpha.svg"), path.join(fx.content, "images", "hotels", "delta.svg"));
    await writeFile(file, fill(text, "delta"));
    const checked = await runCli(["check", "--json"], fx.dir);
    expect(checked.code).toBe(0);
    const report = JSON.parse(checked.out);
    expect(report.warnings.filter((w: { place: { file: string } }) => w.place.file === "content/hotels/delta.yaml")).toEqual([]);
    expect(report.coverage.find((c: { source: string }) => c.source === "hotel:delta").languages.ja).toMatchObject({ fallbacks: [] });

    const built = await runCli(["build"], fx.dir);
    expect(built.code).toBe(0);
    expect(await readFile(path.join(fx.dir, "dist", "zh", "test-brand-delta", "index.html"), "utf8")).toContain("Filled main title");
    // Two builds and three checks: minutes on a loaded machine.
  }, 180_000);

  it("stays correct after a translate import: the imported ja block validates and no note asks to uncomment anything", async () => {
    expect((await runCli(["new", "hotel", "delta", "--layout", "story"], fx.dir)).code).toBe(0);
    const file = path.join(fx.content, "hotels", "delta.yaml");
    // The English filled in (an unfinished hotel is not published, so not exported either).
    await writeFile(file, (await readFile(file, "utf8")).replace("TODO-delta", "hotel/delta").replace(/TODO: ([^"\n]*)/g, "Filled $1"));
    let xml = (await runCli(["translate", "export", "--lang", "ja"], fx.dir)).out;
    // The translator fills delta's name by hand, leaving the state as exported.
    const at = xml.indexOf('<file id="hotels.delta.yaml"');
    const end = xml.indexOf("</source>", xml.indexOf('<unit id="name">', at)) + "</source>".length;
    xml = `${xml.slice(0, end)}<target>デルタ</target>${xml.slice(end)}`;
    await writeFile(path.join(fx.dir, "ja.xlf"), xml);
    const imported = await runCli(["translate", "import", "ja.xlf"], fx.dir);
    expect(imported.code, imported.err).toBe(0);
    const text = await readFile(file, "utf8");
    expect(parse(text).text.ja).toEqual({ name: "デルタ" });
    // One ja: block, the imported one: no commented copy beside it for an editor to uncomment into a duplicate key.
    expect(text.match(/^ *(# *)?ja:/gm)).toEqual(["  ja:"]);
    expect(text).not.toMatch(/remove the # in front of the lines below|uncomment the/i);
    expect((await runCli(["check"], fx.dir)).code).toBe(0);
  });

  it("makes a file for every layout that validates as written, unpublished until filled", async () => {
    for (const layout of LAYOUTS) expect((await runCli(["new", "hotel", `new-${layout}`, "--layout", layout], fx.dir)).code).toBe(0);
    const r = await runCli(["check", "--json"], fx.dir);
    expect(r.code).toBe(0);
    // Valid, and unfinished: none of them is published yet.
    expect(JSON.parse(r.out).pages).toBe(15);
    expect(JSON.parse(r.out).warnings.filter((w: { unpublished?: string }) => w.unpublished).map((w: { unpublished: string }) => w.unpublished)).toEqual(LAYOUTS.map((l) => `new-${l}`).sort());
  });

  it("refuses an id that exists, as a file name or inside another file, and writes nothing", async () => {
    const taken = await runCli(["new", "hotel", "alpha", "--layout", "story"], fx.dir);
    expect(taken.code).toBe(2);
    expect(taken.err).toContain('error: a hotel with the id "alpha" exists already: content/hotels/alpha.yaml');
    await writeFile(path.join(fx.content, "hotels", "misnamed.yaml"), "id: omega\nlayout: story\n");
    const inside = await runCli(["new", "hotel", "omega", "--layout", "story"], fx.dir);
    expect(inside.code).toBe(2);
    expect(inside.err).toContain('the id "omega" is taken by content/hotels/misnamed.yaml');
    expect((await readdir(path.join(fx.content, "hotels"))).sort()).toEqual(["alpha.yaml", "beta.yaml", "gamma.yaml", "misnamed.yaml"]);
  });

  it("writes through the guarded writer: a hotels/ folder linked outside the content folder is refused and nothing is written there", async () => {
    const { mkdtemp, symlink } = await import("node:fs/promises");
    const outside = await mkdtemp(path.join(path.dirname(fx.dir), "outside-"));
    for (const n of await readdir(path.join(fx.content, "hotels"))) await copyFile(path.join(fx.content, "hotels", n), path.join(outside, n));
    await rm(path.join(fx.content, "hotels"), { recursive: true });
    await symlink(outside, path.join(fx.content, "hotels"));
    const r = await runCli(["new", "hotel", "delta", "--layout", "story"], fx.dir);
    await rm(outside, { recursive: true, force: true }).catch(() => undefined);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: content\/hotels\/delta\.yaml is in \S+outside-\w+, outside \S+\/content, through a link\n    hint: replace the linked folder with a real folder\n$/);
    expect(r.err).not.toMatch(/\n +at /);
  });

  it("refuses a site.yaml that is a FIFO, and skips a FIFO among the hotel files, without waiting on either", async () => {
    const { execFileSync } = await import("node:child_process");
    execFileSync("mkfifo", [path.join(fx.content, "hotels", "pipe.yaml")]);
    const made = await runCli(["new", "hotel", "delta", "--layout", "story"], fx.dir);
    expect(made.code).toBe(0);
    await rm(path.join(fx.content, "site.yaml"));
    execFileSync("mkfifo", [path.join(fx.content, "site.yaml")]);
    const r = await runCli(["new", "hotel", "epsilon", "--layout", "story"], fx.dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe("error: content/site.yaml is a named pipe (FIFO), not a regular file\nrun hotelsite new in the project folder, or pass --content <dir>\n");
  });

  it("refuses an id that is not a slug part and an unknown layout, and lists the layouts when none is given", async () => {
    const bad = await runCli(["new", "hotel", "Grand_Hyatt", "--layout", "story"], fx.dir);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('"Grand_Hyatt" cannot be a hotel id: it must be lower-case letters and digits joined by single hyphens');
    const escape = await runCli(["new", "hotel", "../../x", "--layout", "story"], fx.dir);
    expect(escape.code).toBe(2);
    const layout = await runCli(["new", "hotel", "delta", "--layout", "gallery"], fx.dir);
    expect(layout.code).toBe(2);
    expect(layout.err).toContain('"gallery" is not a layout; use one of: showcase, story, article');
    const missing = await runCli(["new", "hotel", "delta"], fx.dir);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(
      "error: a new hotel needs a layout: --layout showcase, story or article\n" +
        `  ${hotelSchema.properties.layout.description}\n` +
        "  e.g. hotelsite new hotel delta --layout article\n",
    );
    expect((await readdir(path.join(fx.content, "hotels"))).sort()).toEqual(["alpha.yaml", "beta.yaml", "gamma.yaml"]);
  });
});
