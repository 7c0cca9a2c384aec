// Outdated and inconsistent translations, through the CLI on copies of the fixture site: the lock records which
// English each translation was made from; changing the English makes the translations outdated.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../support/fixture.js";

/** 1-based line and column of the first occurrence of `needle` in a file's text. */
function lineCol(text: string, needle: string): string {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`${needle} not found`);
  const before = text.slice(0, at).split("\n");
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

describe("outdated translations", () => {
  it("are not tracked without a lock: check says so and exits 0", async () => {
    const fx = await fixtureCopy();
    try {
      const r = await runCli(["check"], fx.dir);
      expect(r.code).toBe(0);
      expect(r.out).toContain("note: no content/translations.lock.json, so outdated translations are not tracked");
    } finally {
      await fx.cleanup();
    }
  });

  it("are reported with the translation's file:line:column, language and field once the English changes", async () => {
    const fx = await fixtureCopy();
    try {
      const marked = await runCli(["translate", "mark-current"], fx.dir);
      expect(marked.code).toBe(0);
      expect(marked.out).toContain("wrote content/translations.lock.json");
      expect((await runCli(["translate", "mark-current"], fx.dir)).out).toContain("Marked 0 outdated translations current");
      const clean = await runCli(["check", "--json"], fx.dir);
      expect(JSON.parse(clean.out).outdated).toEqual([]);

      const file = path.join(fx.content, "hotels/alpha.yaml");
      await writeFile(file, (await readFile(file, "utf8")).replace("name: Test Brand Alpha", "name: Test Brand Alpha Resort"));
      const where = lineCol(await readFile(file, "utf8"), "阿尔法酒店");

      const plain = await runCli(["check"], fx.dir);
      expect(plain.code).toBe(0);
      expect(plain.out).toContain(`content/hotels/alpha.yaml:${where} zh /name is outdated: the en text changed since it was translated`);
      expect(plain.out).toMatch(/ fall back to en, 1 outdated, \d+ warnings? in/);

      const strict = await runCli(["check", "--strict"], fx.dir);
      expect(strict.code).toBe(1);
      expect(strict.err).toContain("1 outdated translation");

      const json = JSON.parse((await runCli(["check", "--json"], fx.dir)).out);
      expect(json.outdated).toEqual([
        {
          file: "content/hotels/alpha.yaml",
          line: Number(where.split(":")[0]),
          column: Number(where.split(":")[1]),
          pointer: "/text/zh/name",
          lang: "zh",
          field: "/name",
          english: "Test Brand Alpha Resort",
          oldEnglish: "Test Brand Alpha",
          reason: "the en text changed since it was translated",
        },
      ]);

      await runCli(["check", "--report", "report.html"], fx.dir);
      const report = await readFile(path.join(fx.dir, "report.html"), "utf8");
      expect(report).toContain("zh: outdated, the en text changed since it was translated");

      // A translator who checked the Chinese by hand marks it current.
      const again = await runCli(["translate", "mark-current", "--lang", "zh", "hotels/alpha.yaml#/name"], fx.dir);
      expect(again.out).toContain("Marked 1 outdated translation current");
      expect(JSON.parse((await runCli(["check", "--json"], fx.dir)).out).outdated).toEqual([]);
    } finally {
      await fx.cleanup();
    }
  });

  it("counts a translation the lock never recorded as outdated", async () => {
    const fx = await fixtureCopy();
    try {
      await runCli(["translate", "mark-current"], fx.dir);
      const file = path.join(fx.content, "strings.yaml");
      await writeFile(file, (await readFile(file, "utf8")).replace('zh:\n', 'zh:\n  notFoundText: "中文 notFoundText"\n'));
      const r = await runCli(["check"], fx.dir);
      expect(r.out).toContain("content/strings.yaml:75:17 zh /notFoundText is outdated: no record of which en text it translates");
    } finally {
      await fx.cleanup();
    }
  });

  it("refuses a damaged lock as a content error, without a stack", async () => {
    const fx = await fixtureCopy({ "translations.lock.json": '{"fields": ' });
    try {
      const r = await runCli(["check"], fx.dir);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^content\/translations\.lock\.json is not valid JSON \(/m);
      expect(r.err).not.toContain("    at ");
    } finally {
      await fx.cleanup();
    }
  });

  it("refuses an unknown --lang with exit 2", async () => {
    const fx = await fixtureCopy();
    try {
      const r = await runCli(["translate", "mark-current", "--lang", "fr"], fx.dir);
      expect(r.code).toBe(2);
      expect(r.err).toContain("--lang fr: not a translation language of this site (zh, ja)");
    } finally {
      await fx.cleanup();
    }
  });
});

describe("inconsistent translations", () => {
  it("name each file and line where one English text is translated another way; --strict fails", async () => {
    const fx = await fixtureCopy({
      "hotels/gamma.yaml": (s) => `${s.trimEnd()}\n  zh:\n    sections:\n      - { title: 位置 }\n      - { title: 房间 }\n`,
    });
    try {
      const alpha = await readFile(path.join(fx.content, "hotels/alpha.yaml"), "utf8");
      const gamma = await readFile(path.join(fx.content, "hotels/gamma.yaml"), "utf8");
      const r = await runCli(["check"], fx.dir);
      expect(r.code).toBe(0);
      expect(r.out).toContain('zh: "Rooms" is translated 2 ways:');
      expect(r.out).toContain(`"客房" at content/hotels/alpha.yaml:${lineCol(alpha, "客房").split(":")[0]}`);
      expect(r.out).toContain(`"房间" at content/hotels/gamma.yaml:${lineCol(gamma, "房间").split(":")[0]}`);
      const strict = await runCli(["check", "--strict"], fx.dir);
      expect(strict.code).toBe(1);
      expect(strict.err).toContain("1 text translated inconsistently");
      const json = JSON.parse((await runCli(["check", "--json"], fx.dir)).out);
      expect(json.inconsistent.map((i: { lang: string; english: string }) => `${i.lang} ${i.english}`)).toEqual(["zh Rooms"]);
    } finally {
      await fx.cleanup();
    }
  });
});
