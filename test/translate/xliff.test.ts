// The XLIFF reader takes what other tools write (no state, other whitespace and line ends, several segments,
// CDATA, prefixed elements) and refuses what is not XLIFF 2 with the place of the problem.
import { describe, expect, it } from "vitest";
import { ContentErrors } from "../../src/errors.js";
import { parseXliff, writeXliff } from "../../src/translate/xliff.js";

/** The ContentErrors a parse throws, formatted. */
function refusal(text: string): string {
  try {
    parseXliff(text, "in.xlf");
  } catch (e) {
    if (e instanceof ContentErrors) return e.errors.map((x) => x.format()).join("\n");
    throw e;
  }
  throw new Error("parsed");
}

describe("parseXliff", () => {
  it("reads back what writeXliff writes, special characters included", () => {
    const doc = {
      srcLang: "en",
      trgLang: "ja",
      files: [{ id: "hotels.bali.yaml", original: "hotels/bali.yaml", units: [{ id: "name", source: 'A & B <"C">\n\nD', target: "エー & ビー", state: "translated", notes: [{ category: "location", text: "x < y" }] }] }],
    };
    const back = parseXliff(writeXliff(doc), "x.xlf");
    expect(back.srcLang).toBe("en");
    expect(back.trgLang).toBe("ja");
    expect(back.files.map((f) => ({ id: f.id, original: f.original, units: f.units.map((u) => ({ id: u.id, source: u.source, target: u.target, state: u.state })) }))).toEqual([
      { id: "hotels.bali.yaml", original: "hotels/bali.yaml", units: [{ id: "name", source: 'A & B <"C">\n\nD', target: "エー & ビー", state: "translated" }] },
    ]);
  });

  it("reads another tool's file: CRLF, prefixes, no state, two segments, CDATA", () => {
    const xml = [
      '<?xml version="1.0"?>',
      '<x:xliff xmlns:x="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en-US" trgLang="zh-CN">',
      '   <x:file id="strings.yaml"><x:unit id="home">',
      "<x:segment><x:source>Hello, </x:source><x:target>你好，</x:target></x:segment>",
      "<x:segment><x:source>world</x:source><x:target><![CDATA[世界]]></x:target></x:segment>",
      "</x:unit></x:file></x:xliff>",
    ].join("\r\n");
    const doc = parseXliff(xml, "in.xlf");
    expect(doc.trgLang).toBe("zh-CN");
    expect(doc.files[0].units).toEqual([{ id: "home", source: "Hello, world", target: "你好，世界", line: 3 }]);
  });

  it("refuses a file that is not well formed, not XLIFF, or XLIFF 1.2, saying where", () => {
    expect(refusal('<xliff version="2.0">\n<file id="a">\n</xliff>')).toMatch(/^in\.xlf:3:\d+ is not well-formed XML: /);
    expect(refusal("<html></html>")).toMatch(/^in\.xlf:1:\d+ is not an XLIFF file: its root element is <html>/);
    expect(refusal('<xliff version="1.2"></xliff>')).toMatch(/^in\.xlf:1:\d+ is XLIFF 1\.2; hotelsite reads XLIFF 2\.0/);
    expect(refusal("")).toMatch(/^in\.xlf.* is empty/);
  });
});
