// The key facts panel on the bundled site's pages: near the top of every layout, after the hero or title and
// before the first section, a <dl> of translated labels and numbers in the page language's format; no panel
// on a hotel without facts.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeHTML } from "entities";
import { build } from "../../src/build.js";
import { REPO } from "../support/fixture.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-facts-"));
  await build({ contentDir: path.join(REPO, "content"), outDir: path.join(dir, "dist"), cwd: REPO });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The panel of a built page: its heading and its rows as "label: value", and where it sits in the page. */
async function panel(page: string) {
  // Read as shown: phrase breaks (<wbr>) and the no-break spaces that bind a figure to its unit aside.
  const html = (await readFile(path.join(dir, "dist", page), "utf8")).replace(/<wbr\/?>/g, "").replace(/\u00a0|&nbsp;/g, " ");
  const m = /<section class="facts" aria-labelledby="facts-title"><h2 class="facts__title" id="facts-title">([^<]+)<\/h2><dl class="facts__list">(.*?)<\/dl><\/section>/.exec(html);
  if (!m) return undefined;
  const rows = [...m[2].matchAll(/<dt class="facts__label">([^<]+)<\/dt><dd class="facts__value">([^<]+)<\/dd>/g)].map((r) => `${decodeHTML(r[1])}: ${decodeHTML(r[2])}`);
  return { title: m[1], rows, at: m.index, h1: html.indexOf("<h1"), section: html.indexOf('class="prose-section"') };
}

describe("the key facts panel", () => {
  it("shows a showcase hotel's figures after the hero, in English, Chinese and Japanese", async () => {
    expect(await panel("grand-hyatt-dubai/index.html")).toMatchObject({
      title: "At a Glance",
      rows: ["Rooms: 674", "Restaurants and bars: 13", "Grounds: 37 acres", "Meeting rooms: 16", "Ballrooms: 3", "Event space: 3,700 sqm"],
    });
    expect((await panel("zh/grand-hyatt-baha-mar/index.html"))?.rows).toEqual(["客房数: 1,800", "餐厅: 40+", "活动空间: 超过200,000平方英尺", "赌场面积: 100,000平方英尺", "水疗中心: 30,000平方英尺"]);
    expect((await panel("ja/grand-hyatt-nashville/index.html"))?.rows).toEqual(["客室数: 591", "イベントスペース: 33,000平方フィート", "イベント収容人数: 最大1,000名"]);
  });

  it("sits after the page's title and before its first section in every layout", async () => {
    for (const page of ["grand-hyatt-dubai/index.html", "zh/grand-hyatt-tokyo/index.html", "ja/grand-hyatt-denver/index.html"]) {
      const p = await panel(page);
      expect(p, page).toBeDefined();
      expect(p!.at, page).toBeGreaterThan(p!.h1);
      expect(p!.at, page).toBeLessThan(p!.section);
    }
  });

  it("is left out on a hotel without facts", async () => {
    expect(await panel("grand-hyatt-seoul/index.html")).toBeUndefined();
    expect(await readFile(path.join(dir, "dist", "grand-hyatt-seoul/index.html"), "utf8")).not.toContain('class="facts"');
  });
});
