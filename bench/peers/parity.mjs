#!/usr/bin/env node
// The Hugo peer's parity with our pages, to check after our markup or the peer's templates change: each page's
// bytes against ours, and the tag-and-class structure of every page (one line per page kind and language).
// Exits 1 when a page's structure differs or its bytes are more than 1% from ours.
//
// Usage: node bench/peers/parity.mjs OUR_OUTPUT HUGO_PUBLIC
//   e.g. node bin/hotelsite.js build --out /tmp/ours && node bench/peers/hugo-site.mjs --out /tmp/hugo &&
//        hugo -s /tmp/hugo -d /tmp/hugo-public && node bench/peers/parity.mjs /tmp/ours /tmp/hugo-public
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "parse5";
import { htmlFiles, pageKind } from "../lib/weight.mjs";

/** How far a peer page's bytes may be from ours. */
const TOLERANCE = 0.01;

/** A page's elements in document order, each opened as its tag and sorted classes and then closed: what two
 * pages share when they have the same parts, however their attributes are spelled or ordered. */
export function structure(html) {
  const out = [];
  const walk = (node) => {
    if (node.tagName) {
      const cls = node.attrs.find((a) => a.name === "class")?.value.split(/\s+/).filter(Boolean).sort() ?? [];
      out.push([node.tagName, ...cls].join("."));
    }
    for (const child of node.content?.childNodes ?? node.childNodes ?? []) walk(child);
    if (node.tagName) out.push(`/${node.tagName}`);
  };
  walk(parse(html));
  return out;
}

/** Our pages and the peer's side by side: bytes and structure of each page both have, and the pages only one has. */
export async function parity(oursDir, peerDir) {
  const [ours, peer] = await Promise.all([htmlFiles(oursDir), htmlFiles(peerDir)]);
  const inPeer = new Set(peer);
  const pages = await Promise.all(
    ours.filter((f) => inPeer.has(f)).map(async (file) => {
      const [a, b] = await Promise.all([readFile(path.join(oursDir, file), "utf8"), readFile(path.join(peerDir, file), "utf8")]);
      const lang = /<html[^>]*\blang="([^"]+)"/.exec(a)?.[1] ?? "";
      const x = structure(a);
      return { file, kind: `${pageKind(a)} ${lang}`, ours: Buffer.byteLength(a), peer: Buffer.byteLength(b), elements: x.length / 2, same: x.join("\n") === structure(b).join("\n") };
    }),
  );
  const both = new Set(pages.map((p) => p.file));
  return { pages, onlyOurs: ours.filter((f) => !inPeer.has(f)), onlyPeer: peer.filter((f) => !both.has(f)) };
}

/** The report: totals, the largest gaps, one line per page kind and language, then each page that fails. */
export function parityReport({ pages, onlyOurs, onlyPeer }) {
  const gap = (p) => (p.peer - p.ours) / p.ours;
  const pct = (x) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(2)}%`;
  const sum = (k) => pages.reduce((s, p) => s + p[k], 0);
  const byGap = [...pages].sort((a, b) => gap(a) - gap(b));
  const failing = pages.filter((p) => !p.same || Math.abs(gap(p)) > TOLERANCE);
  const kinds = new Map();
  for (const p of pages) kinds.set(p.kind, [...(kinds.get(p.kind) ?? []), p]);
  const lines = [
    `${pages.length} pages in both${onlyOurs.length ? `; only ours: ${onlyOurs.join(", ")}` : ""}${onlyPeer.length ? `; only the peer's: ${onlyPeer.join(", ")}` : ""}`,
    `bytes per page: ours ${Math.round(sum("ours") / pages.length)}, peer ${Math.round(sum("peer") / pages.length)} (${pct(sum("peer") / sum("ours") - 1)}); from ${pct(gap(byGap[0]))} (${byGap[0].file}) to ${pct(gap(byGap.at(-1)))} (${byGap.at(-1).file})`,
    "",
    "| page kind | pages | bytes/page ours | peer | gap | structure |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...[...kinds].sort().map(([kind, list]) => {
      const o = list.reduce((s, p) => s + p.ours, 0);
      const q = list.reduce((s, p) => s + p.peer, 0);
      const same = list.filter((p) => p.same).length;
      return `| ${kind} | ${list.length} | ${Math.round(o / list.length)} | ${Math.round(q / list.length)} | ${pct(q / o - 1)} | ${same === list.length ? `identical (${list[0].elements} elements in ${list[0].file})` : `${list.length - same} differ`} |`;
    }),
    ...failing.map((p) => `FAIL ${p.file}: ${p.same ? "" : "structure differs, "}bytes ${pct(gap(p))}`),
  ];
  return { text: lines.join("\n"), ok: failing.length === 0 };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [oursDir, peerDir] = process.argv.slice(2);
  if (!peerDir) {
    console.error("usage: node bench/peers/parity.mjs OUR_OUTPUT HUGO_PUBLIC");
    process.exit(2);
  }
  const { text, ok } = parityReport(await parity(oursDir, peerDir));
  console.log(text);
  process.exit(ok ? 0 : 1);
}
