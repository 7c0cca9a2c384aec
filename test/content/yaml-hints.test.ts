// Hints for the YAML slips editors make most: an unquoted ": " inside a value, and a line of a `|` block that is
// indented less than the block (a second paragraph typed at the key's indentation).
import { describe, expect, it } from "vitest";
import { ContentErrors } from "../../src/errors.js";
import { parseYaml } from "../../src/content/yaml.js";

/** The errors parseYaml throws for some text, formatted. */
function errorsOf(text: string): string[] {
  try {
    parseYaml(new TextEncoder().encode(text), "x.yaml");
  } catch (e) {
    if (e instanceof ContentErrors) return e.errors.map((x) => x.format());
    throw e;
  }
  throw new Error("expected an error");
}

describe("YAML hints", () => {
  it("says to quote a value holding ': '", () => {
    const [first] = errorsOf("text:\n  en:\n    title: Riverside elegance: on the Tagus\n    name: x\n");
    expect(first).toMatch(/^x\.yaml:3:\d+ YAML syntax: /);
    expect(first).toContain('hint: the value holds ": ", which YAML reads as the start of another key: quote the whole value, as in title: "Riverside elegance: on the Tagus"');
  });

  it("says to indent a line of a | block that is indented less than the block", () => {
    const [first] = errorsOf("text:\n  en:\n    intro: |\n      First paragraph.\n\n    Second paragraph, typed at the key's indentation.\n    name: x\n");
    expect(first).toMatch(/^x\.yaml:6:\d+ YAML syntax: /);
    expect(first).toContain("hint: line 6 belongs to the | block of intro (line 3) but is indented less than its first line: indent it like the block's other lines (6 spaces)");
    expect(first).not.toContain("quote the value");
  });

  it("says the same for an unindented line of a > block at the top level", () => {
    const [first] = errorsOf("intro: >\n  One.\nTwo, not indented.\nname: x\n");
    expect(first).toContain("belongs to the > block of intro (line 1) but is indented less than its first line: indent it like the block's other lines (2 spaces)");
  });

  it("places an unclosed [ where it opened, not on the next line where the parser notices it", () => {
    const [first] = errorsOf("a: [1, 2]\nid: [dubai\nlayout: showcase\n");
    expect(first).toMatch(/^x\.yaml:2:5 YAML syntax: Flow sequence in block collection must be sufficiently indented and end with a \]/);
    expect(first).toContain('hint: the [ here is never closed: end the list on this line with ], or write one item per line as "- item"');
  });

  it("places an unclosed { where it opened, past a closed one nested inside it", () => {
    const [first] = errorsOf("a: 1\nfocus: {x: 1, y: {z: 2}\nlayout: showcase\n");
    expect(first).toMatch(/^x\.yaml:2:8 YAML syntax: Flow map in block collection must be sufficiently indented and end with a \}/);
    expect(first).toContain('hint: the { here is never closed: end the mapping on this line with }, or write one key per line as "key: value"');
  });

  // A hotel's English block as content files have it: keys indented four spaces under "  en:".
  const block = (lines: string[]) => `id: x\ntext:\n  en:\n${lines.join("\n")}\n`;
  const keys = ["    name: Grand Hyatt Dubai", "    title: A Resort City", "    location: Dubai", "    locality: Dubai"];

  it("names a key indented less than the keys after it, at that line", () => {
    const [first] = errorsOf(block(["   name: Grand Hyatt Dubai", ...keys.slice(1)]));
    expect(first).toMatch(/^x\.yaml:4:1 YAML syntax: /);
    expect(first).toContain("hint: line 4 is indented 3 spaces and the keys after it 4 spaces: indent it 4 spaces, like the other keys of its block");
  });

  it("names a block's first key indented more than the rest, not the next line where the parser stops", () => {
    const [first] = errorsOf(block(["     name: Grand Hyatt Dubai", ...keys.slice(1)]));
    expect(first).toMatch(/^x\.yaml:4:1 YAML syntax: All mapping items must start at the same column/);
    expect(first).toContain("hint: line 4 is indented 5 spaces and the keys after it 4 spaces");
  });

  it("names a key indented more than the key before it and the keys after it", () => {
    const [first] = errorsOf(block([keys[0], "     title: A Resort City", ...keys.slice(2)]));
    expect(first).toMatch(/^x\.yaml:5:1 YAML syntax: /);
    expect(first).toContain("hint: line 5 is indented 5 spaces and the keys after it 4 spaces");
  });

  it("says to unindent a top-level key indented by one space", () => {
    const [first] = errorsOf("# a comment\n id: x\nlayout: showcase\nregion: europe\n");
    expect(first).toMatch(/^x\.yaml:2:1 YAML syntax: /);
    expect(first).toContain("hint: line 2 is indented 1 space and the keys after it not at all: start it at the beginning of the line, like the keys after it");
  });

  it("says where the colon goes in a key line without one", () => {
    const [first] = errorsOf(block([keys[0], "    title A Resort City", ...keys.slice(2)]));
    expect(first).toMatch(/^x\.yaml:5:5 YAML syntax: Implicit keys need to be on a single line/);
    expect(first).toContain("hint: line 5 has no \":\" after its key: write it as title: A Resort City");
  });

  it("gives no indentation hint where the keys are all in line", () => {
    const [first] = errorsOf(block([keys[0], "    title: A Resort City: on the Creek", ...keys.slice(2)]));
    expect(first).not.toContain("indented");
    expect(first).toContain('quote the whole value, as in title: "A Resort City: on the Creek"');
  });
});
