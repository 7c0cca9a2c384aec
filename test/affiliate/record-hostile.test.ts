// The placement record as a pull request or a careless edit may leave it: broken JSON, another shape, a row of
// other types, a link out of the content folder, a FIFO. Each is refused with its place (line and column, or the
// row's pointer) and the way on; nothing is written and nothing hangs.
import { execFileSync } from "node:child_process";
import { readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  fx = await fixtureCopy({ "site.yaml": (s) => s.replace("  allowedHosts:", '  tracking: { param: label, template: "{lang}-{page}-{placement}" }\n  allowedHosts:') });
}, 60_000);
afterAll(async () => fx?.cleanup());

const RECORD = "content/placements.json";
const WHAT = ': it is not a placement record ("placements": rows of id, page, lang, placement, route, programme, first, last)\n    hint: restore it from version control: it is the only trace of the ids issued before\n\n1 error found.\n';
const ROW = { id: "a", page: "b", lang: "en", placement: "hero", route: "/", programme: "default", first: "2026-01-01", last: "2026-01-01" };

describe("a hostile placement record", () => {
  it("is refused at its place, whatever it holds, and left as it was", async () => {
    const cases: [string, string][] = [
      ['{\n  "placements": [\n    {"id": "x",} ]}', `${RECORD}:3:16 is not JSON (Expected double-quoted property name)`],
      ["", `${RECORD}:1:1 is not JSON (Unexpected end of JSON input)`],
      ['{"placements": [1]}\u0000', `${RECORD}:1:20 is not JSON (Unexpected non-whitespace character after JSON)`],
      ["[1, 2, 3]", `${RECORD} /placements has no list of placements`],
      [`{"placements": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`, `${RECORD} /placements/0 is not a row of text fields`],
      [JSON.stringify({ placements: [ROW, { ...ROW, first: 5 }] }), `${RECORD} /placements/1 is not a row of text fields`],
      [JSON.stringify({ placements: [ROW, null] }), `${RECORD} /placements/1 is not a row of text fields`],
      ['{"placements": [], "__proto__": {"polluted": 1}}', ""],
    ];
    for (const [text, first] of cases) {
      await writeFile(path.join(fx.dir, RECORD), text);
      const r = await runCli(["links", "--placements", "table.csv"], fx.dir);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      if (!first) {
        expect([r.code, r.err], text).toEqual([0, ""]);
        continue;
      }
      expect([r.code, r.err], text.slice(0, 40)).toEqual([1, `${first}${WHAT}Nothing was written; the content folder is as it was.\n`]);
      expect(await readFile(path.join(fx.dir, RECORD), "utf8")).toBe(text);
    }
  });

  it("is never read through a link out of the content folder nor opened as a FIFO", async () => {
    const outside = path.join(fx.dir, "outside.json");
    await writeFile(outside, JSON.stringify({ placements: [] }));
    await rm(path.join(fx.dir, RECORD), { force: true });
    await symlink(outside, path.join(fx.dir, RECORD));
    const linked = await runCli(["links", "--placements", "table.csv"], fx.dir);
    expect([linked.code, linked.err.split("\n")[0]]).toEqual([1, `${RECORD} is a link to ${outside}, outside its folder`]);
    expect(await readFile(outside, "utf8")).toBe('{"placements":[]}');
    await rm(path.join(fx.dir, RECORD));
    execFileSync("mkfifo", [path.join(fx.dir, RECORD)]);
    const fifo = await runCli(["links", "--placements", "table.csv"], fx.dir);
    expect([fifo.code, fifo.err.split("\n")[0]]).toEqual([1, `${RECORD} is a named pipe (FIFO), not a regular file`]);
    await rm(path.join(fx.dir, RECORD));
  });
});
