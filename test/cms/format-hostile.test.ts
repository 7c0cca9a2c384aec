// The hostile corpus for the editor's saves: text that would read back as another type, keys that name the object
// prototype, files holding an alias bomb or repeated keys, and a long file where one value changes. A save
// writes what the person typed and nothing else, or refuses; it never pollutes a prototype or grows a file.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { fileText, toCms, type FileKind } from "../../src/cms/format.js";

const kind: FileKind = { languages: ["en", "zh"], ownFields: ["id", "layout", "affiliateLink"] };
const ORIGINAL = "id: bali\nlayout: story\naffiliateLink: https://book.example.com/bali\ntext:\n  en:\n    name: Bali\n    intro: Hello\n";
/** The file after the editor changed the English name (and whatever else `en` holds). */
const saved = (en: Record<string, unknown>, original = ORIGINAL) => {
  const cms = toCms(parse(original), kind) as { en: Record<string, unknown> };
  return fileText({ ...cms, en: { ...cms.en, ...en } }, kind, original);
};

describe("the editor's saves, hostile values", () => {
  it("writes text that looks like another type, a tag, an alias, a comment or a document marker so it reads back as that text", () => {
    const values = ["true", "no", "null", "~", "123", "0x1F", "1e3", ".inf", "2026-01-01", "- a", "a: b", "*ref", "&a x", "!!js/function f", "!<tag:x> y", "'q'", '"q"', "# c", "{a: 1}", "[1]", "x\n---\ny: 1", "@x", "%TAG ! x", "  lead", "trail  ", "a\u2028b"];
    for (const v of values) {
      const text = saved({ name: v });
      expect((parse(text) as { text: { en: { name: unknown } } }).text.en.name, JSON.stringify(v)).toBe(v);
      // Only the name's line (or lines, for text with a line break) changed.
      expect(text.startsWith("id: bali\nlayout: story\naffiliateLink: https://book.example.com/bali\ntext:\n  en:\n    name: "), JSON.stringify(v)).toBe(true);
      expect(text.endsWith("    intro: Hello\n"), JSON.stringify(v)).toBe(true);
    }
  });

  it("never sets a prototype: a __proto__ or constructor key from the editor is dropped or kept as a plain key", () => {
    const facts = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "size": "big"}');
    const text = saved({ facts });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(text).toBe(`${ORIGINAL}    facts:\n      constructor:\n        prototype:\n          polluted: yes\n      size: big\n`);
  });

  it("refuses to save over a file holding an alias bomb, and over one with repeated keys when the editor reads it", () => {
    const bomb = `a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n${ORIGINAL}`;
    expect(() => saved({ name: "N" }, bomb)).toThrow("Excessive alias count indicates a resource exhaustion attack");
    expect(() => parse(`${ORIGINAL}id: other\n`)).toThrow("Map keys must be unique");
  });

  it("changes one line of a 5,000-line file and keeps every other line, comments included", () => {
    const long = `${ORIGINAL}${Array.from({ length: 5_000 }, (_, i) => `    k${i}: v${i} # note ${i}`).join("\n")}\n`;
    const text = saved({ k2500: "changed" }, long);
    const [before, after] = [long.split("\n"), text.split("\n")];
    expect(after.length).toBe(before.length);
    expect(after.flatMap((line, i) => (line === before[i] ? [] : [[i, line]]))).toEqual([[2_507, "    k2500: changed # note 2500"]]);
  });
});
