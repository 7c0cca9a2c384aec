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
});
