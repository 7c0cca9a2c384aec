import { mkdtemp, rm, stat, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentErrors } from "../../src/errors.js";
import { heldBy } from "../support/held-memory.js";
import { fastParse, MAX_FILE_BYTES, parseYaml, pointerToPath, RECENT_FILES } from "../../src/content/yaml.js";

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

describe("parseYaml of a file on disk (stamped)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "hotelsite-yaml-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Writes text to a file and parses it as load does: its bytes and its stamp. */
  async function parsedFile(name: string, text: string) {
    const file = path.join(dir, name);
    await writeFile(file, text);
    const info = await stat(file);
    return { file, source: parseYaml(bytes(text), name, { path: file, size: info.size, mtimeMs: info.mtimeMs }) };
  }

  it("locates by reading the file again, so a file gone before the first question has no positions", async () => {
    const kept = await parsedFile("kept.yaml", "a: 1\nb:\n  c: 東京\n");
    expect(kept.source.locate("/b/c")).toEqual({ line: 3, column: 6 });
    const gone = await parsedFile("gone.yaml", "a: 1\nb:\n  c: 東京\n");
    await unlink(gone.file);
    // Were the text kept in memory, this would still be line 3.
    expect(gone.source.locate("/b/c")).toEqual({});
  });

  it("gives no positions in a file changed since it was parsed, rather than positions in a text nobody parsed", async () => {
    const { file, source } = await parsedFile("changed.yaml", "a: 1\nb: 2\n");
    await writeFile(file, "# moved down\na: 1\nb: 2\n");
    expect(source.locate("/b")).toEqual({});
  });

  it("answers from the parse of the last few files asked about, then reads again", async () => {
    const first = await parsedFile("first.yaml", "a: 1\nb: 2\n");
    expect(first.source.locate("/a")).toEqual({ line: 1, column: 4 });
    await unlink(first.file);
    expect(first.source.locate("/b")).toEqual({ line: 2, column: 4 });
    for (let i = 0; i < RECENT_FILES; i++) (await parsedFile(`other-${i}.yaml`, "x: 1\n")).source.locate("/x");
    expect(first.source.locate("/b")).toEqual({});
  });

  it("locates in a file with anchors (the careful parser's) by reading it again too", async () => {
    const { file, source } = await parsedFile("anchors.yaml", "a: &x\n  - 1\nb: *x\nc: 3\n");
    expect(source.data).toEqual({ a: [1], b: [1], c: 3 });
    expect(source.locate("/c")).toEqual({ line: 4, column: 4 });
    expect(parsedAgain(source, "/b")).toEqual({ line: 3, column: 4 });
    await unlink(file);
    expect(parsedAgain(source, "/c")).toEqual({});
  });
});

/** A position asked of a file's locator once its recent parse is gone (every other locator asked since). */
function parsedAgain(source: ReturnType<typeof parseYaml>, pointer: string) {
  for (let i = 0; i < RECENT_FILES; i++) parseYaml(bytes("x: 1\n"), "other.yaml").locate("/x");
  return source.locate(pointer);
}

describe("parseYaml's strings", () => {
  it("keep nothing of the text they were read from (60 files of 260 KB, kept as short values)", () => {
    const text = (i: number, anchors: boolean) => `# ${"中".repeat(130_000)} ${i}\n${anchors ? "x: &x [1]\ny: *x\n" : ""}name: Grand Hyatt Somewhere ${i}\n`;
    const { held, kept } = heldBy(() => Array.from({ length: 60 }, (_, i) => parseYaml(bytes(text(i, i >= 30)), "x.yaml").data as { name: string }));
    expect(kept[45].name).toBe("Grand Hyatt Somewhere 45");
    // 60 texts of 260 KB each (two bytes a character) would be 15 MB; the names alone are a few KB.
    expect(held).toBeLessThan(3);
  });

  it("are one byte a character when they can be, though read from a file holding Chinese", () => {
    const text = (i: number) => `city: 東京\nabout: ${"a".repeat(200_000)} ${i}\n`;
    const { held, kept } = heldBy(() => Array.from({ length: 40 }, (_, i) => parseYaml(bytes(text(i)), "x.yaml").data as { about: string }));
    expect(kept[39].about).toMatch(/^a+ 39$/);
    // 40 strings of 200,000 characters: 8 MB at one byte a character, 16 MB at two.
    expect(held).toBeLessThan(11);
  });
});
