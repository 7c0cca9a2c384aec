// Content files through the editor's format: every bundled file comes back byte for byte when saved unchanged, an
// edit changes only its own lines, and a hotel's shared fields and languages go back where the tool reads them.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { fileText, fromCms, toCms, type FileKind } from "../../src/cms/format.js";
import hotelSchema from "../../src/content/schemas/hotel.schema.json" with { type: "json" };
import { REPO, runCli } from "../support/fixture.js";

const languages = ["en", "zh", "ja"];
const hotel: FileKind = { languages, ownFields: Object.keys(hotelSchema.properties).filter((k) => k !== "text") };
const byLanguage: FileKind = { languages };
const content = (f: string) => readFile(path.join(REPO, "content", f), "utf8");
const hotelFiles = (await readdir(path.join(REPO, "content/hotels"))).filter((f) => f.endsWith(".yaml"));

/** The lines of b that are not the same line of a, and the other way round (files of equal line counts). */
function changedLines(a: string, b: string): [string, string][] {
  const [x, y] = [a.split("\n"), b.split("\n")];
  expect(y.length).toBe(x.length);
  return x.flatMap((line, i) => (line === y[i] ? [] : [[line, y[i]] as [string, string]]));
}

describe("the editor's file format", () => {
  it("shows a hotel's shared fields in the default language's block and each language's copy in its own", async () => {
    const data = parse(await content("hotels/abu-dhabi.yaml"));
    const cms = toCms(data, hotel) as any;
    expect(Object.keys(cms)).toEqual(["en", "zh", "ja"]);
    expect(cms.en.id).toBe("abu-dhabi");
    expect(cms.en.name).toBe("Grand Hyatt Abu Dhabi");
    expect(cms.ja.name).toBe("グランド ハイアット アブダビ");
    expect(cms.ja.id).toBeUndefined();
    expect(fromCms(cms, hotel)).toEqual(data);
  });

  it("saves every bundled file unchanged byte for byte when nothing was edited", async () => {
    for (const f of hotelFiles) {
      const text = await content(`hotels/${f}`);
      expect(fileText(toCms(parse(text), hotel), hotel, text), f).toBe(text);
    }
    for (const f of ["home.yaml", "strings.yaml", "site.yaml"]) {
      const text = await content(f);
      expect(fileText(toCms(parse(text), byLanguage), byLanguage, text), f).toBe(text);
    }
  });

  it("takes the original as the CMS hands it over, trimmed", async () => {
    const text = await content("hotels/abu-dhabi.yaml");
    const cms = toCms(parse(text), hotel) as any;
    cms.en.hero = "tall";
    expect(changedLines(text + "hero: tall\n", fileText(cms, hotel, text.trimEnd()) + "")).toEqual([]);
  });

  it("an edit of a Japanese field changes its line only, comments and the schema line kept", async () => {
    const text = await content("hotels/abu-dhabi.yaml");
    const cms = toCms(parse(text), hotel) as any;
    cms.ja.title = "アブダビの海辺に映えるアラビアの優雅";
    const saved = fileText(cms, hotel, text);
    expect(changedLines(text, saved)).toEqual([["    title: アブダビのコーニッシュに映えるアラビアの優雅", "    title: アブダビの海辺に映えるアラビアの優雅"]]);
    expect(saved.startsWith("# yaml-language-server: $schema=")).toBe(true);
  });

  it("an edit inside a literal block keeps the block and the lines around it", async () => {
    const text = await content("hotels/abu-dhabi.yaml");
    const cms = toCms(parse(text), hotel) as any;
    // The CMS's text area gives the paragraph back without the block's final line break.
    cms.zh.sections[1].text = cms.zh.sections[1].text.replace("清凉静谧之所", "清凉宁静之所").trimEnd();
    const changed = changedLines(text, fileText(cms, hotel, text));
    expect(changed).toHaveLength(1);
    expect(changed[0][1]).toContain("清凉宁静之所");
  });

  it("a shared field edited in the default block goes back to the top; the CMS's empty fields are not written", async () => {
    const text = await content("hotels/abu-dhabi.yaml");
    const cms = toCms(parse(text), hotel) as any;
    cms.en.imageFocus = { x: 55, y: 60 };
    cms.ja.tagline = "";
    cms.zh.features = [];
    // The changed line is printed by the yaml package (flow maps without inner padding); no other line changes.
    expect(changedLines(text, fileText(cms, hotel, text))).toEqual([["imageFocus: { x: 50, y: 60 }", "imageFocus: {x: 55, y: 60}"]]);
  });

  it("a translation added where the language had none is written under its language", async () => {
    const text = await content("strings.yaml");
    const cms = toCms(parse(text), byLanguage) as any;
    delete cms.ja.menu;
    const without = fileText(cms, byLanguage, text);
    expect((parse(without) as any).ja.menu).toBeUndefined();
    cms.ja.menu = "メニュー";
    expect((parse(fileText(cms, byLanguage, without)) as any).ja.menu).toBe("メニュー");
  });

  it("keeps a value the editor holds without showing (a hidden field) when the CMS leaves it out", async () => {
    const text = await content("site.yaml");
    const cms = toCms(parse(text), byLanguage) as any;
    delete cms.affiliate.programmes;
    cms.siteName = "Grand Hyatt Guide";
    const kept = fileText(cms, { ...byLanguage, hidden: ["affiliate.programmes"] }, text);
    expect(changedLines(text, kept)).toEqual([[text.match(/^siteName: .*$/m)![0], "siteName: Grand Hyatt Guide"]]);
    // Without the hidden path, leaving the value out deletes it (as clearing an optional field does).
    expect((parse(fileText(cms, byLanguage, text)) as any).affiliate.programmes).toBeUndefined();
  });

  it("an English edit saved by the editor makes its translations outdated for check and XLIFF export", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "hotelsite-cms-format-"));
    try {
      const content = path.join(dir, "content");
      await cp(path.join(REPO, "content"), content, { recursive: true, filter: (src) => !src.includes(".generated") });
      const file = path.join(content, "hotels/abu-dhabi.yaml");
      const text = await readFile(file, "utf8");
      const cms = toCms(parse(text), hotel) as any;
      cms.en.title = "Arabian elegance by the Abu Dhabi Corniche";
      await writeFile(file, fileText(cms, hotel, text));
      const checked = await runCli(["check", "--strict", "--content", content], dir);
      expect(checked.code).toBe(1);
      expect(checked.out + checked.err).toContain("ja /title is outdated");
      const exported = await runCli(["translate", "export", "--lang", "ja", "--content", content], dir);
      expect(exported.code).toBe(0);
      expect(exported.out).toContain('<source xml:space="preserve">Arabian elegance by the Abu Dhabi Corniche</source>');
      expect(exported.out).toContain("The translation below was made from: Arabian elegance near the Abu Dhabi Corniche");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a new hotel is printed with its shared fields at the top and its text per language", () => {
    const cms = { en: { id: "new-town", layout: "story", affiliateLink: "https://www.booking.com/x", name: "Grand Hyatt New Town", intro: "One.\n\nTwo.\n" }, ja: { name: "グランド ハイアット ニュータウン" } };
    const text = fileText(cms, hotel);
    expect(text).toBe(
      "id: new-town\nlayout: story\naffiliateLink: https://www.booking.com/x\ntext:\n  en:\n    name: Grand Hyatt New Town\n    intro: |\n      One.\n\n      Two.\n  ja:\n    name: グランド ハイアット ニュータウン\n",
    );
  });
});
