// CSV records as programmes write them, fed in chunks cut anywhere, and the records the reader refuses.
import { describe, expect, it } from "vitest";
import { detectDelimiter, MAX_RECORD_CHARS, readCsv } from "../../src/report/csv.js";

/** Reads `text` as UTF-8 cut into chunks of `size` bytes; returns rows and skips in order. */
async function read(text: string, size = Buffer.byteLength(text) || 1) {
  const out: (string[] | string)[] = [];
  const lines: number[] = [];
  const bytes = Buffer.from(text);
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  await readCsv(chunks(), {
    row: (r) => (out.push(r.fields), lines.push(r.line)),
    skip: (line, reason) => (out.push(`skip: ${reason}`), lines.push(line)),
  });
  return { out, lines };
}

describe("readCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, at any chunk size", async () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n1,,3\n"",q,\n東京,"大阪",京都\n';
    for (const size of [1, 2, 3, 7, 1000]) {
      const { out, lines } = await read(text, size);
      expect(out, `chunks of ${size}`).toEqual([["a", "b", "c"], ["x, y", 'say "hi"', "two\r\nlines"], ["1", "", "3"], ["", "q", ""], ["東京", "大阪", "京都"]]);
      expect(lines, `chunks of ${size}`).toEqual([1, 2, 4, 5, 6]);
    }
  });

  it("passes over blank lines and reads a last line without a line break", async () => {
    expect((await read("a,b\n\n\r\n1,2")).out).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("takes the header's delimiter: semicolons and tabs as well as commas", async () => {
    expect(detectDelimiter("a;b;c")).toBe(";");
    expect(detectDelimiter("a\tb\tc")).toBe("\t");
    expect(detectDelimiter("one")).toBe(",");
    expect((await read("a;b\n1,5;2\n")).out).toEqual([["a", "b"], ["1,5", "2"]]);
  });

  it("skips a record cut inside quotes at the end (a partial last line) with its line", async () => {
    const { out, lines } = await read('a,b\n1,2\n3,"unfinished\nstill');
    expect(out).toEqual([["a", "b"], ["1", "2"], "skip: has a quoted field that is never closed (a partial last line?)"]);
    expect(lines).toEqual([1, 2, 3]);
  });

  it("skips records with stray quotes, and goes on reading after them", async () => {
    const { out, lines } = await read('a,b\nx"y,1\n"q"z,2\nok,3\n', 2);
    expect(out).toEqual([["a", "b"], "skip: has a quote inside an unquoted field (field 1)", "skip: has text after a quoted field's closing quote (field 1)", ["ok", "3"]]);
    expect(lines).toEqual([1, 2, 3, 4]);
  });

  it("skips a record longer than the limit without keeping it, then reads the next", async () => {
    const long = "x".repeat(MAX_RECORD_CHARS + 10);
    const commas = ",".repeat(MAX_RECORD_CHARS + 10);
    const { out, lines } = await read(`a,b\n${long}\n${commas}\n"${long}"\n1,2\n`, 4096);
    const skip = "skip: is longer than 64 KB (not a line of an export?)";
    expect(out).toEqual([["a", "b"], skip, skip, skip, ["1", "2"]]);
    expect(lines).toEqual([1, 2, 3, 4, 5]);
  });
});
