// Hostile YAML through parseYaml: nesting, aliases, tags and merge keys each end in one located content
// error, never a stack or "Maximum call stack size exceeded", however deep or wide the file.
import { describe, expect, it } from "vitest";
import { parseYaml } from "../../src/content/yaml.js";
import { dataProblems, MAX_DEPTH, nestingTooDeep } from "../../src/content/yaml-limits.js";
import { ContentErrors } from "../../src/errors.js";

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

const DEEP_HINT = "\n    hint: content files need a few levels (a hotel's text is three deep); flatten this part";
const deep = (at: string) => `x.yaml:${at} YAML: lists and mappings nest more than 64 levels deep here${DEEP_HINT}`;
const dashes = (n: number) => "- ".repeat(n) + "1\n";
const TAG_HINT = "\n    hint: remove the tag and write the value itself; only plain YAML values (text, numbers, true/false, lists, mappings) are read";
const tag = (at: string, name: string) => `x.yaml:${at} YAML: the tag ${name} is not supported (tags that include files, run code or build objects are refused)${TAG_HINT}`;
const MERGE = "YAML: <<: is a merge key, which is not supported\n    hint: write the fields out in full instead of merging them from an anchor (&name)";

describe("nesting", () => {
  it("accepts the limit itself and refuses one level more, at the indicator that passes it", () => {
    expect(parseYaml(new TextEncoder().encode(dashes(MAX_DEPTH)), "x.yaml").data).toBeInstanceOf(Array);
    expect(errorsOf(dashes(MAX_DEPTH + 1))).toEqual([deep(`1:${2 * MAX_DEPTH + 1}`)]);
  });

  it("refuses 4,000 and 100,000 compact levels with the same error (no parser runs)", () => {
    expect(errorsOf(dashes(4000))).toEqual([deep("1:129")]);
    expect(errorsOf(dashes(100_000))).toEqual([deep("1:129")]);
  });

  it("counts flow brackets, indentation and compact lists under mappings", () => {
    expect(errorsOf(`a: ${"[".repeat(5000)}${"]".repeat(5000)}\n`)).toEqual([deep("1:67")]);
    const indented = Array.from({ length: 80 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n") + " 1\n";
    expect(errorsOf(indented)).toEqual([deep("65:1")]);
  });

  it("ignores brackets inside quotes and comments", () => {
    const text = `a: "${"[".repeat(200)}"\nb: '${"{".repeat(200)}'\n# ${"[".repeat(200)}\n`;
    expect(nestingTooDeep(text)).toBeNull();
    expect(parseYaml(new TextEncoder().encode(text), "x.yaml").data).toEqual({ a: "[".repeat(200), b: "{".repeat(200) });
  });

  it("refuses data that aliases make deeper than the text, at the alias", () => {
    const text = `a: &a ${"[".repeat(40)}${"]".repeat(40)}\nb: &b ${"[".repeat(20)}*a${"]".repeat(20)}\nc: [[[[[[ *b ]]]]]]\n`;
    expect(errorsOf(text)).toEqual([deep("3:11")]);
  });

  it("walks data 100,000 levels deep without running out of stack, and reports the first too-deep pointer", () => {
    let data: unknown = 1;
    for (let i = 0; i < 100_000; i++) data = [data];
    expect(dataProblems(data, 3)).toEqual({ deep: "/0/0/0", merges: [] });
  });
});

describe("aliases", () => {
  it("refuses a billion-laughs file at the first alias of aliases", () => {
    const text = ["a: &a [x, x, x, x, x, x, x, x, x]", ..."bcdefgh".split("").map((k, i) => `${k}: &${k} [${Array(9).fill(`*${"abcdefg"[i]}`).join(", ")}]`)].join("\n") + "\n";
    expect(errorsOf(text)).toEqual(["x.yaml:3:8 YAML: its aliases (*name) expand to too many values\n    hint: write the values out instead of nesting aliases of aliases"]);
  });
});

describe("tags", () => {
  it("refuses !include, !!js/function and !!binary where they are written, and keeps !!str", () => {
    expect(errorsOf("a: 1\nb: !include other.yaml\nc: !!js/function 'function(){}'\nd: !!binary aGVsbG8=\n")).toEqual([
      tag("2:4", "!include"),
      tag("3:4", "!!js/function"),
      tag("4:4", "!!binary"),
    ]);
    expect(parseYaml(new TextEncoder().encode("a: !!str 123\n"), "x.yaml").data).toEqual({ a: "123" });
  });
});

describe("merge keys", () => {
  it("refuses <<: with an alias and with a literal mapping, at the key", () => {
    expect(errorsOf("base: &b\n  x: 1\nhotel:\n  <<: *b\n  y: 2\n")).toEqual([`x.yaml:4:3 /hotel/<< ${MERGE}`]);
    expect(errorsOf("hotel:\n  <<: {x: 1}\n  y: 2\n")).toEqual([`x.yaml:2:3 /hotel/<< ${MERGE}`]);
  });
});
