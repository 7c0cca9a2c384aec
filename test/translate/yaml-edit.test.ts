// Editing YAML through the Document API changes only the edited fields' lines, whatever spacing the file uses.
import { describe, expect, it } from "vitest";
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
