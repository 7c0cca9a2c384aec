// `hotelsite links` and the special-purpose address ranges in every textual form (issue 39), against a real HTTP
// server on 127.0.0.1: loopback written as IPv4-mapped IPv6 (dotted, hex, full), IPv4-compatible, NAT64, as a
// decimal, octal or hex IPv4 literal, and redirects from a public link to each; none is asked without
// --allow-private, each skipped with its reason, and with --allow-private the same forms do reach the server.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/fixture.js";

let dir: string;
let server: http.Server;
let port: number;
/** Requests the server received, as "METHOD /path". */
const seen: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-private-forms-"));
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    seen.push(`${req.method} ${url.pathname}`);
    const to = url.searchParams.get("to");
    if (url.pathname === "/redirect" && to) return void res.writeHead(302, { location: to }).end();
    res.writeHead(200).end("fine");
  });
  port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

/** The forms of 127.0.0.1 an author (or a partner's redirect) may write, each with the host as skipped reports it. */
const forms = (): [string, string, string][] => [
  [`http://[::ffff:127.0.0.1]:${port}/mapped-dotted`, "::ffff:7f00:1", "IPv4-mapped (127.0.0.1, loopback)"],
  [`http://[::ffff:7f00:1]:${port}/mapped-hex`, "::ffff:7f00:1", "IPv4-mapped (127.0.0.1, loopback)"],
  [`http://[0:0:0:0:0:ffff:7f00:1]:${port}/mapped-full`, "::ffff:7f00:1", "IPv4-mapped (127.0.0.1, loopback)"],
  [`http://[0000:0000:0000:0000:0000:FFFF:127.0.0.1]:${port}/mapped-upper`, "::ffff:7f00:1", "IPv4-mapped (127.0.0.1, loopback)"],
  [`http://[::127.0.0.1]:${port}/compatible`, "::7f00:1", "IPv4-compatible (127.0.0.1, loopback)"],
  [`http://[64:ff9b::7f00:1]:${port}/nat64`, "64:ff9b::7f00:1", "NAT64"],
  [`http://2130706433:${port}/decimal`, "127.0.0.1", "loopback"],
  [`http://0x7f.1:${port}/hex`, "127.0.0.1", "loopback"],
  [`http://0177.0.0.1:${port}/octal`, "127.0.0.1", "loopback"],
  [`http://127.1:${port}/short`, "127.0.0.1", "loopback"],
  [`http://0x7f000001:${port}/hex-whole`, "127.0.0.1", "loopback"],
];
const why = (host: string, kind: string) => `${host} is ${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} address; hotelsite links checks public hosts only unless run with --allow-private`;

/** An output folder whose one page links every URL. */
async function site(name: string, urls: string[]): Promise<string> {
  const out = path.join(dir, name);
  await mkdir(out, { recursive: true });
  const links = urls.map((u) => `<a href="${u.replace(/&/g, "&amp;")}" rel="sponsored nofollow noopener" target="_blank">Book</a>`).join("");
  await writeFile(path.join(out, "index.html"), `<!doctype html><html lang="en"><head><title>t</title></head><body>${links}</body></html>`);
  return out;
}

describe("hotelsite links and private addresses in every form", () => {
  it("skips each form of loopback, before connecting and after a redirect, asking none of them", async () => {
    const direct = forms().map(([u]) => u);
    const redirected = forms().map(([u]) => `https://public.example.com/redirect?to=${encodeURIComponent(u)}`);
    const out = await site("skipped", [...direct, ...redirected]);
    const before = seen.length;
    const r = await runCli(["links", "--out", out, "--json", "--resolve", `public.example.com=http://127.0.0.1:${port}`], dir);
    expect(r.err).toBe("");
    const report = JSON.parse(r.out);
    const by = new Map<string, { skipped?: string; ok: boolean }>(report.links.map((l: { url: string }) => [l.url, l]));
    for (const [url, host, kind] of forms()) {
      expect([url, by.get(url)?.skipped]).toEqual([url, why(host, kind)]);
      const via = `https://public.example.com/redirect?to=${encodeURIComponent(url)}`;
      expect([via, by.get(via)?.skipped]).toEqual([via, `redirects to ${new URL(url).href}: ${why(host, kind)}`]);
    }
    // Only the public link's own redirects were asked; none of the private forms.
    expect(new Set(seen.slice(before))).toEqual(new Set(["HEAD /redirect"]));
    expect(report).toMatchObject({ ok: true, broken: 0, skipped: direct.length * 2 });
    expect(r.code).toBe(0);
  });

  it("asks the same forms with --allow-private: they do reach the server", async () => {
    const out = await site("allowed", forms().map(([u]) => u).filter((u) => !/nat64|compatible/.test(u)));
    const before = seen.length;
    const r = await runCli(["links", "--out", out, "--json", "--allow-private", "--timeout", "2000"], dir);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ ok: true, broken: 0, skipped: 0 });
    expect(new Set(seen.slice(before).map((s) => s.split(" ")[1]))).toEqual(new Set(["/mapped-dotted", "/mapped-hex", "/mapped-full", "/mapped-upper", "/decimal", "/hex", "/octal", "/short", "/hex-whole"]));
  });
});
