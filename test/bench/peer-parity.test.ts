// The Hugo peer's parity check (bench/peers/parity.mjs): pages with the same parts compare identical however
// their attributes are spelled, and a page with another part, another class or bytes more than 1% off fails.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parity, parityReport, structure } from "../../bench/peers/parity.mjs";

// Pages of about 2 KB, as a few bytes of spelling are well within 1% of a real page.
const page = (body: string) => `<!doctype html><html lang="en"><head><title>t</title></head><body data-page="home">${body}<p>${"words ".repeat(350)}</p></body></html>`;
const ours = page(`<nav class="site-nav b a" hidden=""><ul><li><a href="/" hrefLang="en">Home</a></li></ul></nav><p>x<br/>y</p>`);
let dir: string;

/** Two output folders, ours and the peer's, each with one page: index.html. */
async function folders(peerHtml: string) {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-parity-"));
  for (const [name, html] of [["ours", ours], ["peer", peerHtml]]) {
    await mkdir(path.join(dir, name), { recursive: true });
    await writeFile(path.join(dir, name, "index.html"), html);
  }
  return parityReport(await parity(path.join(dir, "ours"), path.join(dir, "peer")));
}

afterEach(() => rm(dir, { recursive: true, force: true }));

describe("peer parity", () => {
  it("sees the same structure through other attribute spellings, orders and class orders", async () => {
    const peer = page(`<nav hidden class="site-nav a b"><ul><li><a hreflang="en" href="/">Home</a></li></ul></nav><p>x<br>y</p>`);
    expect(structure(peer)).toEqual(structure(ours));
    const { ok, text } = await folders(peer);
    expect(text).toMatch(/\| home en \| 1 \|.*identical/);
    expect(ok).toBe(true);
  });

  it("fails on another class, another element or a missing one", async () => {
    expect(structure(ours.replace("site-nav", "site-menu"))).not.toEqual(structure(ours));
    expect(structure(ours.replace("<p>", "<div>").replace("</p>", "</div>"))).not.toEqual(structure(ours));
    expect(structure(ours.replace("<br/>", ""))).not.toEqual(structure(ours));
    const { ok, text } = await folders(ours.replace('class="site-nav b a"', 'class="site-nav b"'));
    expect(text).toMatch(/FAIL index\.html: structure differs/);
    expect(ok).toBe(false);
  });

  it("fails on a page whose bytes are more than 1% from ours", async () => {
    const { ok, text } = await folders(ours.replace("Home", `Home${" ".repeat(Math.ceil(ours.length * 0.02))}`));
    expect(text).toMatch(/FAIL index\.html: bytes \+2\.\d\d%/);
    expect(ok).toBe(false);
  });
});
