// The progress line: count/total on a terminal once the stage has run a while, nothing when stderr is not one.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { terminalProgress } from "../../src/util/progress.js";

/** A stream that records what is written, and says whether it is a terminal. */
function stream(isTTY: boolean) {
  const chunks: string[] = [];
  const s = Object.assign(new Writable({ write: (c, _e, done) => (chunks.push(String(c)), done()) }), { isTTY });
  s.write = ((c: string) => (chunks.push(c), true)) as typeof s.write;
  return { s, chunks };
}

describe("terminalProgress", () => {
  it("writes count/total on a terminal after the delay, and clears the line at the end", () => {
    const { s, chunks } = stream(true);
    const p = terminalProgress("Encoding images", s, 0);
    p.update(1, 330);
    p.update(2, 330);
    p.end();
    expect(chunks).toEqual(["\rEncoding images: 1/330", "\rEncoding images: 2/330", "\r\x1b[K"]);
  });

  it("stays quiet before the delay has passed", () => {
    const { s, chunks } = stream(true);
    const p = terminalProgress("Encoding images", s, 60_000);
    p.update(1, 2);
    p.end();
    expect(chunks).toEqual([]);
  });

  it("writes nothing when the stream is not a terminal", () => {
    const { s, chunks } = stream(false);
    const p = terminalProgress("Encoding images", s, 0);
    p.update(1, 2);
    p.end();
    expect(chunks).toEqual([]);
  });
});
