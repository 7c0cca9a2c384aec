// The bundled content: every hotel of the specification in its layout, every marketing figure on its English
// page, complete Chinese and Japanese, and no fallback left for `check --strict` to find.
import { readFile } from "node:fs/promises";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../src/build.js";
import { REPO, runCli } from "./support/fixture.js";

// From the specification, section 2 (layouts) and section 9 (marketing figures), written out by hand.
const LAYOUTS: Record<string, string[]> = {
  showcase: ["baha-mar", "dubai", "singapore", "kauai", "bali"],
  story: ["nashville", "goa", "athens", "seattle", "tokyo", "manila", "kochi", "melbourne", "kuala-lumpur", "mumbai"],
  article: ["seoul", "gurgaon", "jakarta", "taipei", "hong-kong", "vail", "barcelona", "deer-valley", "abu-dhabi", "tampa-bay", "istanbul", "rio-de-janeiro", "berlin", "san-antonio", "nusa-dua", "denver", "san-francisco"],
};
const FIGURES: Record<string, string[]> = {
  "baha-mar": ["1,800 rooms", "40+ restaurants", "100,000 sq ft casino floor", "30,000 sq ft spa", "200,000 sq ft"],
  dubai: ["674 rooms", "13 restaurants and bars", "37 acres", "16 meeting rooms", "3 ballrooms", "3,700 sqm"],
  singapore: ["677 rooms", "900", "1,200", "10,000 sq ft"],
  kauai: ["602 rooms", "50 acres", "45,000 sq ft spa"],
  bali: ["636 rooms", "40 acres", "5 pools", "8 restaurants", "2,150 sqm"],
  nashville: ["591 rooms", "33,000 sq ft", "1,000 guests"],
  goa: ["314 rooms", "28 acres", "1,000-guest ballroom", "5-12"],
  athens: ["309 rooms", "800"],
  seattle: ["425 rooms", "24,000 sq ft", "1,200 guests"],
  tokyo: ["387 rooms", "900"],
  manila: ["461 rooms", "2,000"],
  kochi: ["264 rooms", "1,000"],
  melbourne: ["550 rooms", "1,400"],
  "kuala-lumpur": ["412 rooms", "1,600"],
  mumbai: ["547 rooms", "1,600"],
  jakarta: ["2,000"],
  vail: ["5,300 acres", "35 miles"],
  "deer-valley": ["35 minutes"],
  "abu-dhabi": ["30 minutes"],
  "tampa-bay": ["10 minutes", "65,000 sq ft", "18-hole golf course"],
  "san-antonio": ["15 minutes"],
  denver: ["5,280 feet", "40 minutes"],
  "san-francisco": ["30 minutes", "30,000 sq ft", "36th floor"],
  "nusa-dua": ["20 minutes"],
};

let dir: string;
let result: BuildResult;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-bundled-"));
  result = await build({ contentDir: path.join(REPO, "content"), outDir: path.join(dir, "dist"), cwd: REPO });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const page = (file: string) => readFile(path.join(dir, "dist", file), "utf8");
/** The visible text of <main>, tags removed and entities decoded. */
const mainText = (html: string) =>
  (/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("bundled content", () => {
  it("builds 3 home pages, 96 hotel pages and 3 not-found pages", () => {
    const count = (kind: string) => result.pages.filter((p) => p.kind === kind).length;
    expect([count("home"), count("hotel"), count("notFound")]).toEqual([3, 96, 3]);
  });

  it("has the specification's 32 hotels, each in its layout, each with its own image", () => {
    const byLayout: Record<string, string[]> = {};
    for (const h of result.content.hotels) (byLayout[h.layout] ??= []).push(h.id);
    for (const layout of Object.keys(LAYOUTS)) expect(byLayout[layout]?.sort(), layout).toEqual([...LAYOUTS[layout]].sort());
    expect(result.warnings.filter((w) => w.message.includes("image"))).toEqual([]);
    expect(result.content.hotels.find((h) => h.id === "baha-mar")!.hero).toBe("tall");
  });

  it("shows every marketing figure of the specification on its hotel's English page", async () => {
    for (const [id, figures] of Object.entries(FIGURES)) {
      const text = mainText(await page(`grand-hyatt-${id}/index.html`));
      for (const figure of figures) expect(text, `${id}: ${figure}`).toContain(figure);
    }
  });

  it("writes the Chinese and Japanese pages mostly in their own script", async () => {
    for (const p of result.pages.filter((p) => p.lang.code !== "en")) {
      const text = mainText(await page(p.outFile)).replace(/Grand Hyatt|Hyatt/g, "");
      const latin = (text.match(/[A-Za-z]/g) ?? []).length;
      const cjk = (text.match(/[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/g) ?? []).length;
      expect(latin / (latin + cjk), p.outFile).toBeLessThan(0.15);
    }
  });

  it("passes check --strict: no field falls back to English", async () => {
    const r = await runCli(["check", "--strict", "--content", path.join(REPO, "content")], REPO);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
  });
});
