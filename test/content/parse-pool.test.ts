// contentParser: from PARSE_WORKER_MIN_FILES files, two of every three are parsed in the parse worker. The data
// must equal this thread's parse, a broken file must still fail with its line, and positions must still be found
// (the locator reads the file again).
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentErrors } from "../../src/errors.js";
import { contentParser, PARSE_WORKER_MIN_FILES } from "../../src/content/parse-pool.js";
import { parseYaml } from "../../src/content/yaml.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-parse-pool-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A file on disk and its stamp. */
async function file(name: string, text: string) {
  const p = path.join(dir, name);
  await writeFile(p, text);
  const info = await stat(p);
  return { bytes: new TextEncoder().encode(text), stamp: { path: p, size: info.size, mtimeMs: info.mtimeMs } };
}

describe("contentParser", () => {
  it("parses in the worker and here alike, and locates positions in files the worker parsed", async () => {
    const parser = await contentParser(PARSE_WORKER_MIN_FILES);
    try {
      const files = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => file(`h${i}.yaml`, `id: h${i}\ntext:\n  en:\n    name: Hotel ${i}\n    intro: 東京 ${i}\n`)));
      const sources = await Promise.all(files.map((f, i) => parser.parse(f.bytes, `h${i}.yaml`, f.stamp)));
      sources.forEach((s, i) => expect(s.data).toEqual(parseYaml(files[i].bytes, `h${i}.yaml`).data));
      // Files 1, 2, 4 and 5 went to the worker (two of every three).
      expect(parser.inWorker).toBe(4);
      expect(sources[1].locate("/text/en/intro")).toEqual({ line: 5, column: 12 });
      expect(sources[2].locate("/text/en/name", { key: true })).toEqual({ line: 4, column: 5 });
    } finally {
      await parser.close();
    }
  });

  it("parses here, with its errors and their lines, a file the worker could not parse", async () => {
    const parser = await contentParser(PARSE_WORKER_MIN_FILES);
    try {
      const good = await file("good.yaml", "id: good\n");
      const bad = await file("bad.yaml", "id: bad\nid: again\n");
      // The first file of three is parsed here; the second goes to the worker, which gives it back.
      await parser.parse(good.bytes, "good.yaml", good.stamp);
      const failure = await parser.parse(bad.bytes, "bad.yaml", bad.stamp).catch((e) => e);
      expect(failure).toBeInstanceOf(ContentErrors);
      expect(parser.inWorker).toBe(0);
      expect((failure as ContentErrors).errors.map((e) => [e.place.file, e.place.line])).toEqual([["bad.yaml", 2]]);
    } finally {
      await parser.close();
    }
  });
});
