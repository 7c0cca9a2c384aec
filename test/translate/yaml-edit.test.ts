// Editing YAML through the Document API changes only the edited fields' lines, whatever spacing the file uses.
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { editYaml } from "../../src/translate/yaml-edit.js";

const FILE = [
  "# a comment that stays",
  "text:",
  "  en:",
  "    features: [One, Two]   # flow list without padding",
  "    sections:",
  "      - { title: Rooms, text: Rooms text. }",
  "  zh:",
  '    name: "旧名"',
  "    tagline: 标语",
  "",
].join("\n");

describe("editYaml", () => {
  it("replaces one value and leaves every other line byte for byte", () => {
    const out = editYaml(FILE, (doc) => doc.setIn(["text", "zh", "name"], "新名"));
    const changed = out.split("\n").map((l, i) => [l, FILE.split("\n")[i]]).filter(([a, b]) => a !== b);
    expect(changed).toEqual([['    name: "新名"', '    name: "旧名"']]);
  });

  it("adds a new field to a block as one new line", () => {
    const out = editYaml(FILE, (doc) => doc.setIn(["text", "zh", "title"], "标题"));
    expect(out).toBe(FILE.replace("    tagline: 标语\n", "    tagline: 标语\n    title: 标题\n"));
  });
});

describe("editYaml on a file folded as the yaml package writes it", () => {
  const long = "A long English description that the yaml package folds over several lines at its default width of eighty.";
  const quoted = 'Rooms with a "view": the river, the bridge and the old town, seen from every window of the house.';
  // Written by the library itself at its default width: plain and quoted values folded over two lines.
  const folded = stringify({ text: { en: { description: long, rooms: quoted, name: "Hotel" }, ja: { name: "ホテル" } } });

  it("is folded, so the test means something", () => {
    expect(folded.split("\n").length).toBeGreaterThan(8);
  });

  it("changes only the written field's line, leaving the folded values' lines as they were", () => {
    const out = editYaml(folded, (doc) => doc.setIn(["text", "ja", "name"], "新しいホテル"));
    expect(out).toBe(folded.replace("    name: ホテル", "    name: 新しいホテル"));
    expect(parse(out).text.en.description).toBe(long);
  });

  it("adds a field after the folded ones as one line", () => {
    const out = editYaml(folded, (doc) => doc.setIn(["text", "ja", "description"], "説明"));
    expect(out).toBe(folded.replace("    name: ホテル\n", "    name: ホテル\n    description: 説明\n"));
  });

  it("rewrites a folded value that is itself replaced, and nothing else", () => {
    const out = editYaml(folded, (doc) => doc.setIn(["text", "en", "description"], "Short."));
    const kept = folded.split("\n").filter((l) => !l.includes("description") && !long.includes(l.trim()));
    for (const line of kept) expect(out.split("\n")).toContain(line);
    expect(parse(out).text.en).toEqual({ description: "Short.", rooms: quoted, name: "Hotel" });
  });
});

describe("editYaml with values the printer lays out its own way", () => {
  it("keeps a > block's lines as the file has them when another field changes", () => {
    const text = "text:\n  en:\n    intro: >\n      line one\n      line two\n\n      para two\n  ja:\n    name: x\n";
    expect(editYaml(text, (doc) => doc.setIn(["text", "ja", "name"], "y"))).toBe(text.replace("name: x", "name: y"));
  });

  it("keeps a flow list written over several lines", () => {
    const text = "en:\n  features: [One,\n    Two, Three]\nja:\n  name: x\n";
    expect(editYaml(text, (doc) => doc.setIn(["ja", "name"], "y"))).toBe(text.replace("name: x", "name: y"));
  });
});

describe("editYaml where the printer's layout differs from the file's", () => {
  it("keeps a comment on the file's last line where it is: no blank line is added before it", () => {
    const text = "en:\n  title: Hello\n  name: x\n# the last line\n";
    expect(editYaml(text, (doc) => doc.setIn(["en", "name"], "y"))).toBe(text.replace("name: x", "name: y"));
  });

  it("keeps the blank lines the printer would fold into one, beside the edited line too", () => {
    const text = "# head\n\n\nen:\n  name: x\n\n\n# tail\n";
    expect(editYaml(text, (doc) => doc.setIn(["en", "name"], "y"))).toBe(text.replace("name: x", "name: y"));
  });

  it("writes an edited line with the file's own indentation, and sequences beside their key as the file has them", () => {
    const four = "en:\n    name: x\n    deep:\n        k: v\nja:\n    name: z\n";
    expect(editYaml(four, (doc) => doc.setIn(["en", "name"], "y"))).toBe(four.replace("name: x", "name: y"));
    const deeperBlock = "intro: |\n    A block\n    of text\nen:\n  name: x\n";
    expect(editYaml(deeperBlock, (doc) => doc.setIn(["en", "name"], "y"))).toBe(deeperBlock.replace("name: x", "name: y"));
    const beside = "en:\n  list:\n  - a\n  - b\n  name: x\n";
    expect(editYaml(beside, (doc) => doc.setIn(["en", "list", 0], "c"))).toBe(beside.replace("- a", "- c"));
  });

  it("writes the printed document when merging lines would mean something else (indentation mixed within the file)", () => {
    const mixed = "en:\n  a: 1\nja:\n    name: z\n";
    const out = editYaml(mixed, (doc) => doc.setIn(["ja", "title"], "t"));
    expect(parse(out)).toEqual({ en: { a: 1 }, ja: { name: "z", title: "t" } });
  });
});

describe("editYaml on a file the yaml package will not expand", () => {
  it("saves a file with more aliases than the package expands (its meaning is not compared: the printed document is written)", () => {
    const lines = ["shared: &a [x, x, x, x, x, x, x, x, x, x]", ...Array.from({ length: 120 }, (_, i) => `k${i}: [*a, *a]`), "en:", "  name: x", ""];
    const text = lines.join("\n");
    expect(editYaml(text, (doc) => doc.setIn(["en", "name"], "y"))).toBe(text.replace("name: x", "name: y"));
  });
});
