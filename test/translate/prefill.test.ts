// translate export pre-fills a missing field whose English the site already translates one way in that language
// (alpha's section "Rooms" is 客房 in Chinese, gamma's is not translated yet; the interface string "Spa" is 中文 Spa, gamma's section of that title is not) as a suggestion (state initial) with a
// note saying where it comes from, and says how many; English translated two ways is left for the translator.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
afterEach(() => fx.cleanup());

/** The <unit> of a content file in an export. */
const unitOf = (xml: string, file: string, unit: string) => {
  const at = xml.indexOf(`<unit id="${unit}">`, xml.indexOf(`<file id="${file}"`));
  return xml.slice(at, xml.indexOf("</unit>", at) + "</unit>".length);
};

describe("translate export", () => {
  it("pre-fills a missing field with the one translation the site gives the same English, and says how many", async () => {
    fx = await fixtureCopy();
    const r = await runCli(["translate", "export", "--lang", "zh", "--out", "zh.xlf"], fx.dir);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Wrote \d+ units for zh \(missing and outdated fields\) to zh\.xlf\.\n2 of them pre-filled with the translation the site already gives the same English \(state initial: keep or change each\)\.\n$/);
    const xml = await readFile(path.join(fx.dir, "zh.xlf"), "utf8");
    const unit = unitOf(xml, "hotels.gamma.yaml", "sections.1.title");
    expect(unit).toContain('<note category="suggestion">Pre-filled with the site&apos;s translation of the same English (hotels/alpha.yaml sections/0/title): keep it or change it.</note>');
    expect(unit).toMatch(/<segment state="initial">\s*<source[^>]*>Rooms<\/source>\s*<target[^>]*>客房<\/target>/);
  });

  it("pre-fills nothing for English the site translates two ways", async () => {
    fx = await fixtureCopy({ "hotels/beta.yaml": (s) => `${s.replace("{ title: One, text: One text. }", "{ title: Rooms, text: One text. }")}  zh:\n    sections:\n      - { title: 房间 }\n` });
    const r = await runCli(["translate", "export", "--lang", "zh", "--out", "zh.xlf"], fx.dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain("\n1 of them pre-filled");
    expect(unitOf(await readFile(path.join(fx.dir, "zh.xlf"), "utf8"), "hotels.gamma.yaml", "sections.1.title")).not.toContain("<target>");
  });
});
