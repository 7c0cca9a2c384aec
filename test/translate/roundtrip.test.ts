// XLIFF out and in through a third-party library (locize's `xliff`, as translation tools use it): export ->
// parse with the library -> fill targets -> write with the library (no state, no original, its own whitespace)
// -> import -> build -> the translations are on the pages, and the YAML changed only where fields changed.
import { readFile, writeFile } from "node:fs/promises";
import { parseDocument } from "yaml";
import path from "node:path";
import { describe, expect, it } from "vitest";
import js2xliff from "xliff/js2xliff";
import xliff2js from "xliff/xliff2js";
import { fixtureCopy, runCli } from "../support/fixture.js";

type Resources = Record<string, Record<string, { source: string; target?: string; note?: unknown }>>;

/** Exports a language, lets the library fill each target with `fill(file, unit, source)`, and saves the library's XLIFF. */
async function translateWithLibrary(dir: string, lang: string, fill: (file: string, unit: string, source: string) => string | undefined, extra: string[] = []): Promise<{ resources: Resources; file: string }> {
  const out = path.join(dir, `${lang}.xlf`);
  const r = await runCli(["translate", "export", "--lang", lang, "--out", out, ...extra], dir);
  expect(r.code).toBe(0);
  const js = (await xliff2js(await readFile(out, "utf8"))) as { resources: Resources; sourceLanguage: string; targetLanguage: string };
  for (const [file, units] of Object.entries(js.resources)) {
    for (const [id, unit] of Object.entries(units)) {
      const target = fill(file, id, unit.source);
      if (target === undefined) delete unit.target;
      else unit.target = target;
    }
  }
  const file = path.join(dir, `${lang}-done.xlf`);
  await writeFile(file, await js2xliff(js));
  return { resources: js.resources, file };
}

describe("translate export and import", () => {
  it("round-trips through the xliff library: the translations land in the YAML and on the built pages", async () => {
    const fx = await fixtureCopy();
    try {
      await runCli(["translate", "mark-current"], fx.dir);
      const gammaFile = path.join(fx.content, "hotels/gamma.yaml");
      const before = await readFile(gammaFile, "utf8");
      const { resources, file } = await translateWithLibrary(fx.dir, "ja", (f, id, source) => `訳 ${f} ${id} ${source}`);
      // What needed work in ja: gamma's fields but the one translated (metaTitle), among others.
      expect(Object.keys(resources["hotels.gamma.yaml"])).toContain("name");
      expect(Object.keys(resources["hotels.gamma.yaml"])).not.toContain("metaTitle");

      const r = await runCli(["translate", "import", file], fx.dir);
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^Imported (\d+) ja translations \(\1 changed, in \d+ files\); recorded in content\/translations\.lock\.json\.$/m);

      // The YAML kept every line it had (comments, order, formatting); the new fields were added to the ja block.
      const after = await readFile(gammaFile, "utf8");
      const afterLines = after.split("\n");
      const kept = before.split("\n").filter((l) => afterLines.includes(l));
      expect(kept).toEqual(before.split("\n"));
      expect(after).toContain("    name: 訳 hotels.gamma.yaml name Test Brand Gamma\n");

      const check = JSON.parse((await runCli(["check", "--json"], fx.dir)).out);
      expect(check.coverage.find((c: { source: string }) => c.source === "hotel:gamma").languages.ja.fallbacks).toEqual([]);
      expect(check.outdated).toEqual([]);

      expect((await runCli(["build"], fx.dir)).code).toBe(0);
      const page = await readFile(path.join(fx.dir, "dist/ja/test-brand-gamma/index.html"), "utf8").catch(async () => {
        const site = await readFile(path.join(fx.content, "site.yaml"), "utf8");
        const prefix = /slugPrefix: (\S+)/.exec(site)![1];
        return readFile(path.join(fx.dir, `dist/ja/${prefix}-gamma/index.html`), "utf8");
      });
      expect(page).toContain("<h1");
      expect(page).toContain("訳 hotels.gamma.yaml name Test Brand Gamma");
      expect(page).toContain("訳 hotels.gamma.yaml sections.0.title Location");
    } finally {
      await fx.cleanup();
    }
  });

  it("exports an outdated field with the old English, and importing it changes only that field's line", async () => {
    const fx = await fixtureCopy();
    try {
      await runCli(["translate", "mark-current"], fx.dir);
      const alphaFile = path.join(fx.content, "hotels/alpha.yaml");
      await writeFile(alphaFile, (await readFile(alphaFile, "utf8")).replace("name: Test Brand Alpha", "name: Test Brand Alpha Resort"));
      const xml = (await runCli(["translate", "export", "--lang", "zh"], fx.dir)).out;
      expect(xml).toContain('<note category="outdated">The English changed. The translation below was made from: Test Brand Alpha</note>');
      expect(xml).toContain("<target xml:space=\"preserve\">阿尔法酒店</target>");

      const before = await readFile(alphaFile, "utf8");
      const { file } = await translateWithLibrary(fx.dir, "zh", (f, id) => (f === "hotels.alpha.yaml" && id === "name" ? "阿尔法度假酒店" : undefined));
      const r = await runCli(["translate", "import", file], fx.dir);
      expect(r.code).toBe(0);
      const after = await readFile(alphaFile, "utf8");
      const changed = after.split("\n").filter((l, i) => l !== before.split("\n")[i]);
      expect(changed).toEqual(["    name: 阿尔法度假酒店"]);
      expect(after.split("\n").length).toBe(before.split("\n").length);
      expect(JSON.parse((await runCli(["check", "--json"], fx.dir)).out).outdated).toEqual([]);
    } finally {
      await fx.cleanup();
    }
  });

  it("refuses, all or nothing and without a stack, a file that does not parse", async () => {
    const fx = await fixtureCopy();
    try {
      const bad = path.join(fx.dir, "bad.xlf");
      await writeFile(bad, '<xliff version="2.0" srcLang="en" trgLang="ja">\n  <file id="strings.yaml">\n    <unit id="home">\n  </file>\n</xliff>\n');
      const r = await runCli(["translate", "import", "bad.xlf"], fx.dir);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^bad\.xlf:4:\d+ is not well-formed XML: /m);
      expect(r.err).not.toContain("    at ");
    } finally {
      await fx.cleanup();
    }
  });

  it("refuses a unit it does not know and a unit whose English changed since the export, and writes nothing", async () => {
    const fx = await fixtureCopy();
    try {
      const { file } = await translateWithLibrary(fx.dir, "ja", (f, id, source) => `訳 ${source}`);
      let xml = await readFile(file, "utf8");
      const gammaAt = xml.indexOf('<file id="hotels.gamma.yaml">');
      xml = xml.slice(0, gammaAt) + xml.slice(gammaAt).replace('<unit id="intro">', '<unit id="nonsense">');
      await writeFile(file, xml);
      const gammaFile = path.join(fx.content, "hotels/gamma.yaml");
      await writeFile(gammaFile, (await readFile(gammaFile, "utf8")).replace("closing: Gamma closing.", "closing: Gamma closes."));
      const snapshot = await readFile(gammaFile, "utf8");
      const stringsBefore = await readFile(path.join(fx.content, "strings.yaml"), "utf8");

      const r = await runCli(["translate", "import", file], fx.dir);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/ unit "nonsense" of hotels\/gamma\.yaml is not a field this site knows/);
      expect(r.err).toMatch(/ unit "closing" of hotels\/gamma\.yaml: the en text changed since the export/);
      expect(r.err).toContain("2 errors found.");
      expect(r.err).not.toContain("    at ");
      expect(await readFile(gammaFile, "utf8")).toBe(snapshot);
      expect(await readFile(path.join(fx.content, "strings.yaml"), "utf8")).toBe(stringsBefore);
      await expect(readFile(path.join(fx.content, "translations.lock.json"))).rejects.toThrow();
    } finally {
      await fx.cleanup();
    }
  });

  it("refuses targets that would make the content invalid, and files the site does not have, writing nothing", async () => {
    const fx = await fixtureCopy();
    try {
      const unit = (id: string, source: string, target: string) => `<unit id="${id}"><segment><source>${source}</source><target>${target}</target></segment></unit>`;
      const xml = [
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ja">',
        `<file id="strings.yaml">${unit("home", "EN home", "長".repeat(301))}${unit("menu", "EN menu", "メニュー")}</file>`,
        `<file id="hotels.delta.yaml">${unit("name", "Delta", "デルタ")}</file>`,
        "</xliff>",
      ].join("\n");
      await writeFile(path.join(fx.dir, "hand.xlf"), xml);
      const stringsBefore = await readFile(path.join(fx.content, "strings.yaml"), "utf8");
      const refused = await runCli(["translate", "import", "hand.xlf"], fx.dir);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('hand.xlf:3:1 names a file this site does not have: <file id="hotels.delta.yaml">');
      expect(await readFile(path.join(fx.content, "strings.yaml"), "utf8")).toBe(stringsBefore);

      await writeFile(path.join(fx.dir, "hand.xlf"), xml.replace(/<file id="hotels\.delta\.yaml">.*<\/file>\n/, ""));
      const invalid = await runCli(["translate", "import", "hand.xlf"], fx.dir);
      expect(invalid.code).toBe(1);
      expect(invalid.err).toMatch(/^content\/strings\.yaml:\d+:\d+ \/ja\/home .*300/m);
      expect(await readFile(path.join(fx.content, "strings.yaml"), "utf8")).toBe(stringsBefore);
    } finally {
      await fx.cleanup();
    }
  });
});

describe("translate import of files as translators really leave them", () => {
  /** The exported unit `id` of `file` with a <target> typed in after its source, its state="initial" left as it was. */
  const typeTarget = (xml: string, file: string, id: string, target: string) => {
    const at = xml.indexOf(`<file id="${file}"`);
    const unit = xml.indexOf(`<unit id="${id}">`, at);
    const end = xml.indexOf("</source>", unit) + "</source>".length;
    expect(xml.slice(unit, end)).toContain('state="initial"');
    return `${xml.slice(0, end)}\n        <target>${target}</target>${xml.slice(end)}`;
  };

  it("imports a hand-typed target whose state still says initial, and says so", async () => {
    const fx = await fixtureCopy();
    try {
      await runCli(["translate", "mark-current"], fx.dir);
      let xml = (await runCli(["translate", "export", "--lang", "ja"], fx.dir)).out;
      xml = typeTarget(xml, "hotels.gamma.yaml", "name", "ガンマ・ホテル");
      xml = typeTarget(xml, "hotels.gamma.yaml", "intro", "ガンマの紹介。");
      await writeFile(path.join(fx.dir, "hand.xlf"), xml);
      const r = await runCli(["translate", "import", "hand.xlf"], fx.dir);
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      // The hand-typed two, and the suggestion the export pre-filled (gamma's section "Spa", as the interface string is translated).
      expect(r.out).toMatch(/^Imported 3 ja translations \(3 changed, in 1 file; 3 of them still said state="initial" and count as translated now\); left as they were: \d+ units without a target; recorded in /m);
      const gamma = parseDocument(await readFile(path.join(fx.content, "hotels/gamma.yaml"), "utf8")).toJS();
      expect(JSON.stringify(gamma)).toContain("ガンマ・ホテル");
      expect(JSON.stringify(gamma)).toContain("ガンマの紹介。");
    } finally {
      await fx.cleanup();
    }
  });

  it("names each unit whose target was not imported, with the reason", async () => {
    const fx = await fixtureCopy();
    try {
      await runCli(["translate", "mark-current"], fx.dir);
      const alphaFile = path.join(fx.content, "hotels/alpha.yaml");
      await writeFile(alphaFile, (await readFile(alphaFile, "utf8")).replace("name: Test Brand Alpha", "name: Test Brand Alpha Resort"));
      // The outdated unit comes with its old translation as target and state="initial": returned untouched.
      const xml = (await runCli(["translate", "export", "--lang", "zh"], fx.dir)).out;
      await writeFile(path.join(fx.dir, "back.xlf"), xml);
      const before = await readFile(alphaFile, "utf8");
      const r = await runCli(["translate", "import", "back.xlf"], fx.dir);
      expect(r.code).toBe(0);
      // Only the two suggestions the export pre-filled (gamma's sections "Rooms" and "Spa") are imported.
      expect(r.out).toMatch(/^Imported 2 zh translations .*1 unit with a target that was not imported \(below\)/m);
      expect(r.out).toContain('  hotels/alpha.yaml unit name: not imported: its target is the zh text already in the file and its state is "initial"; set state="translated" to record it as current');
      expect(await readFile(alphaFile, "utf8")).toBe(before);
    } finally {
      await fx.cleanup();
    }
  });

  it("changes only the imported field's line in a hotel file folded by the yaml package at its default width", async () => {
    const fx = await fixtureCopy();
    try {
      const gammaFile = path.join(fx.content, "hotels/gamma.yaml");
      const doc = parseDocument(await readFile(gammaFile, "utf8"));
      // A long English value, saved the way the yaml package saves a file (folded at 80 columns).
      doc.setIn(["text", "en", "intro"], "Gamma sits on a quiet street a short walk from the river, with rooms that look over the old town's roofs.");
      await writeFile(gammaFile, doc.toString());
      const before = await readFile(gammaFile, "utf8");
      expect(before).toMatch(/intro: Gamma sits on .*\n +\S/);
      await runCli(["translate", "mark-current"], fx.dir);
      const { file } = await translateWithLibrary(fx.dir, "ja", (f, id) => (f === "hotels.gamma.yaml" && id === "name" ? "ガンマ" : undefined));
      const r = await runCli(["translate", "import", file], fx.dir);
      expect(r.code).toBe(0);
      const after = (await readFile(gammaFile, "utf8")).split("\n");
      const lines = before.split("\n");
      const added = after.filter((l) => !lines.includes(l));
      expect(added).toEqual(["    name: ガンマ"]);
      expect(lines.filter((l) => !after.includes(l))).toEqual([]);
    } finally {
      await fx.cleanup();
    }
  });
});
