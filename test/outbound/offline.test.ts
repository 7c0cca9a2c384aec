// `hotelsite links` when a host's name does not resolve (a machine offline, a host gone): that host is asked once,
// its other links are reported without being asked, the text report says so in one block instead of a line per
// link, --json still lists each link, and off a terminal a line every 10 s says how far the check got. The
// hosts are under .invalid, a name that never resolves (RFC 6761), so the test needs no network.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli.js";
import { runCli } from "../support/fixture.js";

let dir: string;
let server: http.Server;
let base: string;
/** Answers to /slow held until the test has seen the heartbeat, and a signal that the first request came. */
const held: http.ServerResponse[] = [];
let slowAsked: () => void;
const slowSeen = new Promise<void>((resolve) => (slowAsked = resolve));
const gone = "http://gone.hotelsite-test.invalid";

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-offline-"));
  server = http.createServer((req, res) => {
    if (req.url === "/slow") return void (held.push(res), slowAsked());
    res.writeHead(200).end();
  });
  base = await new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
  const a = (href: string) => `<a href="${href}">Book</a>`;
  const pages = {
    "index.html": [a(`${base}/ok`), ...[1, 2, 3, 4, 5].map((i) => a(`${gone}/hotel/${i}`))].join(""),
    "zh/index.html": [6, 7].map((i) => a(`${gone}/hotel/${i}`)).join(""),
  };
  for (const [file, body] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(dir, "dist", file)), { recursive: true });
    await writeFile(path.join(dir, "dist", file), `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`);
  }
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

describe("hotelsite links with a host that does not resolve", () => {
  it("asks it once, says once that the machine looks offline, and keeps every link in --json", async () => {
    const args = ["links", "--concurrency", "1", "--allow-private"];
    const text = await runCli(args, dir);
    expect(text.code).toBe(1);
    expect(text.out).toBe(
      "UNRESOLVED gone.hotelsite-test.invalid: the host name does not resolve, so this machine looks offline (or the host is gone)\n" +
        "    7 links on 2 pages lead there; 1 was asked, the others not (--json lists them all)\n\n" +
        "8 outbound links on 2 pages checked: 1 fine, 7 broken (7 on a host that does not resolve: offline?).\n",
    );
    const json = JSON.parse((await runCli([...args, "--json"], dir)).out);
    expect(json).toMatchObject({ ok: false, checked: 8, broken: 7 });
    const links = json.links.filter((l: { url: string }) => l.url.startsWith(gone));
    expect(links.map((l: { url: string; error: string; notAsked?: boolean }) => [l.url, l.error, l.notAsked ?? false])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((i) => [`${gone}/hotel/${i}`, "the host name does not resolve", i > 1]),
    );
    expect(links.find((l: { url: string }) => l.url === `${gone}/hotel/7`).pages).toEqual(["/zh/"]);
  });

  it("off a terminal, says every 10 s how far it got", async () => {
    await writeFile(path.join(dir, "dist", "index.html"), `<!doctype html><html lang="en"><head><title>t</title></head><body><a href="${base}/slow">Book</a></body></html>`);
    await rm(path.join(dir, "dist", "zh"), { recursive: true });
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const beats: string[] = [];
      const io = { out: () => {}, err: () => {}, cwd: dir, heartbeat: (t: string) => void beats.push(t) };
      const running = main(["links", "--allow-private", "--timeout", "60000"], io);
      await slowSeen;
      vi.advanceTimersByTime(10_000);
      expect(beats).toEqual(["Checking outbound links: 0 of 1 done"]);
      for (const res of held) res.writeHead(200).end();
      expect(await running).toBe(0);
      vi.advanceTimersByTime(20_000);
      expect(beats.length).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
