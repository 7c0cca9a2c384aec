import { describe, expect, it } from "vitest";
import { ContentErrors } from "../../src/errors.js";
import { fastParse, MAX_FILE_BYTES, parseYaml, pointerToPath } from "../../src/content/yaml.js";

const bytes = (s: string) => new TextEncoder().encode(s);

/** The errors parseYaml throws for some text, formatted. */
function errorsOf(input: Uint8Array): string[] {
  try {
    parseYaml(input, "x.yaml");
  } catch (e) {
    if (e instanceof ContentErrors) return e.errors.map((x) => x.format());
    throw e;
  }
  throw new Error("expected an error");
}

describe("parseYaml", () => {
  it("locates values and keys by JSON pointer", () => {
    const src = parseYaml(bytes("a: 1\nlist:\n  - x\n  - y: 2\n"), "x.yaml");
    expect(src.data).toEqual({ a: 1, list: ["x", { y: 2 }] });
    expect(src.locate("/a")).toEqual({ line: 1, column: 4 });
    expect(src.locate("/list/1/y")).toEqual({ line: 4, column: 8 });
    expect(src.locate("/list/1/y", { key: true })).toEqual({ line: 4, column: 5 });
  });

  it("points a missing pointer at the deepest node that exists", () => {
    const src = parseYaml(bytes("a:\n  b: 1\n"), "x.yaml");
    expect(src.locate("/a/missing")).toEqual({ line: 2, column: 3 });
  });

  it("reads a file with a UTF-8 BOM and CRLF line ends", () => {
    const src = parseYaml(bytes("\ufeffname: Tokyo\r\ncity: 東京\r\n"), "x.yaml");
    expect(src.data).toEqual({ name: "Tokyo", city: "東京" });
    expect(src.locate("/city")).toEqual({ line: 2, column: 7 });
  });

  it("reports a duplicate key with its place and a hint", () => {
    expect(errorsOf(bytes("a: 1\nb: 2\na: 3\n"))[0]).toMatch(/^x\.yaml:3:1 YAML syntax: Map keys must be unique\n {4}hint: each key may appear once/);
  });

  it("reports an unclosed quote", () => {
    expect(errorsOf(bytes('a: "open\nb: 2\n'))[0]).toBe('x.yaml:1:4 YAML syntax: Missing closing "quote\n    hint: close the quoted string with the same quote it opened with');
  });

  it("reports tab indentation", () => {
    expect(errorsOf(bytes("a:\n\tb: 1\n"))[0]).toMatch(/^x\.yaml:2:1 YAML syntax: .*[Tt]ab/);
  });

  it("reports invalid UTF-8 at the line and column of the first bad byte", () => {
    const input = new Uint8Array([...bytes("a: ok\nb: x"), 0xff, ...bytes("\n")]);
    expect(errorsOf(input)).toEqual(["x.yaml:2:5 is not valid UTF-8\n    hint: save the file as UTF-8 (most editors have an 'encoding' setting)"]);
  });

  it("refuses a file over the size limit without parsing it", () => {
    const big = new Uint8Array(MAX_FILE_BYTES + 1).fill(0x61);
    expect(errorsOf(big)[0]).toMatch(/^x\.yaml is 1\.0 MB, larger than the 1 MB a content file may be/);
  });
});

describe("pointerToPath", () => {
  it("splits, unescapes and turns indexes into numbers", () => {
    expect(pointerToPath("/a~1b/0/c~0d")).toEqual(["a/b", 0, "c~d"]);
    expect(pointerToPath("")).toEqual([]);
  });
});

describe("fastParse", () => {
  it("gives the same data as the careful parser for every bundled content file", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const path = await import("node:path");
    const { parseDocument } = await import("yaml");
    const dir = path.resolve(import.meta.dirname, "../../content");
    const files = ["site.yaml", "strings.yaml", "home.yaml", ...(await readdir(path.join(dir, "hotels"))).map((f) => `hotels/${f}`)];
    expect(files.length).toBe(35);
    for (const f of files) {
      const text = await readFile(path.join(dir, f), "utf8");
      const fast = fastParse(text);
      expect(fast, f).toBeDefined();
      expect(fast, f).toEqual(parseDocument(text).toJS());
    }
  });

  it("leaves to the careful parser what it should not decide: errors, empty files, anchors and aliases", () => {
    for (const text of ["a: 1\na: 2\n", 'a: "open\n', "a:\n\tb: 1\n", "", "~\n", "a: &x [1]\nb: *x\n", "--- 1\n--- 2\n"]) {
      expect(fastParse(text), JSON.stringify(text)).toBeUndefined();
    }
    expect(fastParse("a: Rock & roll, R&B, 5*3\n")).toEqual({ a: "Rock & roll, R&B, 5*3" });
  });

  it("reads YAML 1.2 core types, not YAML 1.1's (no yes/no booleans, no dates)", () => {
    expect(fastParse("a: yes\nb: 2024-01-02\nc: true\nd: 012\n")).toEqual({ a: "yes", b: "2024-01-02", c: true, d: 12 });
  });
});
