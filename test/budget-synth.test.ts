// The synthetic sites the time budgets are measured on (bench/synth.mjs) must be real content: valid, every
// hotel distinct, all three layouts and languages, so that a 4,002-page benchmark builds what a user would.
import { readdir, readFile } from "node:fs/promises";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { check } from "../src/build.js";
import { synth } from "../bench/synth.mjs";

let dir: string;
let result: Awaited<ReturnType<typeof check>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-synth-"));
  await synth({ hotels: 40, out: path.join(dir, "content") });
  result = await check({ contentDir: path.join(dir, "content"), outDir: "" });
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("synthetic content (bench/synth.mjs)", () => {
  it("validates and resolves into 40 hotels x 3 languages, plus the home and 404 pages", () => {
    expect(result.content.hotels).toHaveLength(40);
    expect(result.pages).toHaveLength(3 * (40 + 2));
    expect(new Set(result.content.hotels.map((h) => h.id)).size).toBe(40);
  });

  it("spreads the hotels evenly over the three layouts", () => {
    const count = (layout: string) => result.content.hotels.filter((h) => h.layout === layout).length;
    expect([count("article"), count("showcase"), count("story")]).toEqual([14, 13, 13]);
  });

  it("gives every copy its own booking link and name, in every language", async () => {
    expect(new Set(result.content.hotels.map((h) => h.affiliateLink)).size).toBe(40);
    const names = result.pages.filter((p) => p.kind === "hotel").map((p) => `${p.lang.code} ${p.hotel.name}`);
    expect(new Set(names).size).toBe(120);
    const files = await readdir(path.join(dir, "content", "hotels"));
    const copy = YAML.parse(await readFile(path.join(dir, "content", "hotels", files.find((f) => /-2\.yaml$/.test(f))!), "utf8"));
    expect(Object.keys(copy.text).sort()).toEqual(["en", "ja", "zh"]);
    expect(copy.text.en.name).toMatch(/ 2$/);
  });

  it("refuses to write over the content it copies", async () => {
    await expect(synth({ hotels: 1, out: path.join(process.cwd(), "content") })).rejects.toThrow(/refusing to write over the source content/);
  });
});
