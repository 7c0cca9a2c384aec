// Click logs as files: nginx's lines in hotelsite's format, Cloudflare's JSON lines, what is not a visitor's
// click counted apart, lines that are not clicks skipped with their number, and a 2 GB log streamed.
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readClicks } from "../../src/report/clicks.js";

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(path.join(tmpdir(), "hotelsite-clicks-"))));
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function read(file: string) {
  const seen: string[] = [];
  await readClicks(file, {
    shown: "clicks.log",
    sink: { click: (c) => seen.push(`${c.date} ${c.id} x${c.weight}`), skip: (l, why) => seen.push(`${l}: ${why}`), ignored: (k) => seen.push(`ignored ${k}`) },
  });
  return seen;
}
async function readText(text: string) {
  const file = path.join(dir, `log-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, text);
  return read(file);
}

describe("readClicks", () => {
  it("reads nginx's click lines, passing over bots, prefetches, HEADs and other statuses", async () => {
    const log = [
      "2026-11-02T10:00:00+00:00 GET /go/en-home-hero 302 browser",
      "2026-11-02T10:00:01+09:00 GET /go/zh-dubai-form 302 browser\r",
      "2026-11-03T10:00:02Z GET /go/old-id 404 browser",
      "2026-11-03T10:00:03+00:00 GET /go/en-home-hero 302 bot",
      "2026-11-03T10:00:04+00:00 GET /go/en-home-hero 302 prefetch",
      "2026-11-03T10:00:05+00:00 HEAD /go/en-home-hero 302 browser",
      "",
      "127.0.0.1 - - [03/Nov/2026:10:00:06 +0000] \"GET /go/x HTTP/1.1\" 302 0",
      "2026-11-03T10:00:07+00:00 GET /go/<b>x</b> 302 browser",
    ].join("\n");
    expect(await readText(log)).toEqual([
      "2026-11-02 en-home-hero x1",
      "2026-11-02 zh-dubai-form x1",
      "ignored status 404",
      "ignored bot",
      "ignored prefetch",
      "ignored HEAD",
      "8: is not a line of hotelsite's click log format (time method /go/id status visitor)",
      "2026-11-03 <b>x</b> x1",
    ]);
  });

  it("reads Cloudflare's export, one JSON object a line, with its sample weights", async () => {
    const log = [
      '{"timestamp":"2026-11-04 08:00:00","id":"ja-home-bar","visitor":"browser","weight":3}',
      '{"timestamp":"2026-11-04 08:00:01","id":"ja-home-bar"}',
      '{"timestamp":"2026-11-04 08:00:02","id":"ja-home-bar","visitor":"bot"}',
      '{"timestamp":"2026-11-04","id":"ja-home-bar","weight":0}',
      '{"id":"ja-home-bar"}',
      '{"timestamp":',
    ].join("\n");
    expect(await readText(log)).toEqual([
      "2026-11-04 ja-home-bar x3",
      "2026-11-04 ja-home-bar x1",
      "ignored bot",
      "4: has a weight that is not a whole number of clicks: 0",
      '5: lacks "timestamp" or "id" (export with the query docs/report.md gives)',
      "6: is not JSON (Cloudflare's export is one JSON object a line: FORMAT JSONEachRow)",
    ]);
  });

  it("streams a 2 GB log whose middle is one line without a break: one skip, the clicks around it read", async () => {
    const file = path.join(dir, "huge.log");
    const h = await open(file, "w");
    await h.write("2026-11-02T10:00:00+00:00 GET /go/first 302 browser\n", 0);
    await h.write("\n2026-11-02T10:00:00+00:00 GET /go/last 302 browser", 2 * 1024 ** 3);
    await h.close();
    expect(await read(file)).toEqual(["2026-11-02 first x1", "2: is longer than 64 KB", "2026-11-02 last x1"]);
  }, 300_000);
});
