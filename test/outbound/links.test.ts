// `hotelsite links` against real HTTP and HTTPS servers on 127.0.0.1 (no internet): a fine link, a 301 chain, a
// server refusing HEAD, a flaky server, 404, 410, a timeout, a reset connection, a redirect loop, a TLS error
// (a self-signed certificate made here), and a built fixture site pointed at a local server with --resolve.
import { execFile, execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.js";
import { build } from "../../src/build.js";
import { fixtureCopy, REPO, runCli } from "../support/fixture.js";

let dir: string;
let plain: http.Server;
let secure: https.Server;
let base: string;
let tlsBase: string;
/** Requests the plain server received, as "METHOD /path". */
const seen: string[] = [];
const flakyAnswers = [429, 503];

/** Answers by path, whatever the query. */
function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
  const p = new URL(req.url!, "http://x").pathname;
  seen.push(`${req.method} ${p}`);
  const redirect = (to: string, status = 301) => void res.writeHead(status, { location: to }).end();
  if (p === "/ok" || p === "/search" || p === "/hotel/alpha" || p === "/hotel/gamma-new") return void res.writeHead(200).end("fine");
  if (p === "/r1") return redirect("/r2");
  if (p === "/to-loopback") return redirect(`${base}/ok`);
  if (p === "/to-localhost") return redirect(base.replace("127.0.0.1", "localhost") + "/ok");
  if (p === "/r2") return redirect(`${base}/r3`);
  if (p === "/r3") return redirect("ok");
  if (p === "/hotel/gamma") return redirect("/hotel/gamma-new");
  // A partner's redirect that keeps the query, and one that drops the language.
  const query = new URL(req.url!, "http://x").searchParams;
  if (p === "/keep") return redirect(`/ok?${query}`);
  if (p === "/drop-lang") return (query.delete("lang"), redirect(`/ok?${query}`));
  if (p === "/head-refused") return void res.writeHead(req.method === "HEAD" ? 405 : 200).end();
  if (p === "/flaky") return void res.writeHead(flakyAnswers.shift() ?? 200).end();
  if (p === "/gone") return void res.writeHead(410).end();
  if (p === "/loop") return redirect("/loop", 302);
  if (p === "/slow") return; // never answers
  if (p === "/reset") return void req.socket.resetAndDestroy();
  res.writeHead(404).end("not here");
}

const listen = (server: http.Server | https.Server) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));

/** Writes pages (file -> HTML body) into a fresh output folder and returns its path. */
async function site(name: string, pages: Record<string, string>): Promise<string> {
  const out = path.join(dir, name);
  for (const [file, body] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(out, file)), { recursive: true });
    await writeFile(path.join(out, file), `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>`);
  }
  return out;
}
const a = (href: string) => `<a href="${href}" rel="sponsored nofollow noopener" target="_blank">Book</a>`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-links-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "cert.pem", "-days", "1", "-subj", "/CN=127.0.0.1"], { cwd: dir, stdio: "ignore" });
  plain = http.createServer(answer);
  secure = https.createServer({ key: await readFile(path.join(dir, "key.pem")), cert: await readFile(path.join(dir, "cert.pem")) }, answer);
  base = `http://127.0.0.1:${await listen(plain)}`;
  tlsBase = `https://127.0.0.1:${await listen(secure)}`;
});
afterAll(async () => {
  for (const s of [plain, secure]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  await rm(dir, { recursive: true, force: true });
});

describe("hotelsite links", () => {
  it("reports every outbound URL: its status, where its redirects end, why it is broken and on which pages", async () => {
    const out = await site("mixed", {
      "index.html": [a(`${base}/ok`), a(`${base}/r1?label=en-home-hero&amp;aid=1`), a(`${base}/missing`), a(`${tlsBase}/ok`), a(`${base}/head-refused`), '<a href="mailto:x@example.com">mail</a>', '<a href="/zh/">zh</a>'].join(""),
      "zh/index.html": [a(`${base}/missing`), a(`${base}/gone`), a(`${base}/slow`)].join(""),
      "zh/grand-hyatt-x/index.html": [a(`${base}/reset`), a(`${base}/loop`), a(`${base}/flaky`)].join(""),
      "404.html": a(`${base}/ok`),
    });
    const r = await runCli(["links", "--out", out, "--json", "--timeout", "400", "--concurrency", "4", "--allow-private"], dir);
    expect(r.err).toBe("");
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    const by = new Map<string, Record<string, unknown>>(report.links.map((l: { url: string }) => [l.url, l]));
    expect(report).toMatchObject({ ok: false, checked: 10, broken: 6, pages: 4 });
    expect(by.get(`${base}/ok`)).toEqual({ url: `${base}/ok`, ok: true, status: 200, chain: [{ url: `${base}/ok`, status: 200, method: "HEAD" }], final: `${base}/ok`, pages: ["/404.html", "/"] });
    expect(by.get(`${base}/r1?label=en-home-hero&aid=1`)).toEqual({
      url: `${base}/r1?label=en-home-hero&aid=1`,
      ok: true,
      status: 200,
      chain: [
        { url: `${base}/r1?label=en-home-hero&aid=1`, status: 301, method: "HEAD" },
        { url: `${base}/r2`, status: 301, method: "HEAD" },
        { url: `${base}/r3`, status: 301, method: "HEAD" },
        { url: `${base}/ok`, status: 200, method: "HEAD" },
      ],
      final: `${base}/ok`,
      pages: ["/"],
    });
    expect(by.get(`${base}/missing`)).toMatchObject({ ok: false, status: 404, error: "answers 404 Not Found", pages: ["/", "/zh/"] });
    expect(by.get(`${base}/gone`)).toMatchObject({ ok: false, status: 410, error: "answers 410 Gone", pages: ["/zh/"] });
    expect(by.get(`${base}/slow`)).toMatchObject({ ok: false, error: "no answer within 400 ms", chain: [{ url: `${base}/slow`, method: "GET" }], pages: ["/zh/"] });
    expect(by.get(`${base}/reset`)).toMatchObject({ ok: false, error: "the connection was reset", pages: ["/zh/grand-hyatt-x/"] });
    expect(by.get(`${base}/loop`)).toMatchObject({ ok: false, status: 302, error: "more than 10 redirects", final: `${base}/loop` });
    expect((by.get(`${base}/loop`)!.chain as unknown[]).length).toBe(11);
    expect(by.get(`${tlsBase}/ok`)).toMatchObject({ ok: false, error: "TLS error: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)", pages: ["/"] });
    // HEAD refused: asked again with GET. A 429 to HEAD falls back to GET, whose 503 is retried once, and then answers.
    expect(by.get(`${base}/head-refused`)).toMatchObject({ ok: true, status: 200, chain: [{ url: `${base}/head-refused`, status: 200, method: "GET" }] });
    expect(by.get(`${base}/flaky`)).toMatchObject({ ok: true, status: 200 });
    expect(seen.filter((s) => s.endsWith(" /head-refused"))).toEqual(["HEAD /head-refused", "GET /head-refused"]);
    expect(seen.filter((s) => s.endsWith(" /flaky"))).toEqual(["HEAD /flaky", "GET /flaky", "GET /flaky"]);
    // A request that times out is tried three times: HEAD, GET, and the one retry.
    expect(seen.filter((s) => s.endsWith(" /slow"))).toEqual(["HEAD /slow", "GET /slow", "GET /slow"]);
    expect(seen.filter((s) => s.endsWith(" /gone"))).toEqual(["HEAD /gone"]);
  });

  it("prints broken links with their pages, redirects with where they end, and a summary", async () => {
    const out = await site("text", {
      "index.html": [a(`${base}/r1`), a(`${base}/gone`)].join(""),
      "ja/index.html": a(`${base}/gone`),
    });
    const r = await runCli(["links", "--out", out, "--allow-private"], dir);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      [
        `BROKEN ${base}/gone`,
        "    answers 410 Gone",
        "    on 2 pages: /, /ja/",
        `REDIRECT ${base}/r1`,
        `    ends at ${base}/ok (200) after 3 redirects`,
        "",
        "2 outbound links on 2 pages checked: 1 fine (1 redirected), 1 broken.",
        "",
      ].join("\n"),
    );
  });

  it("exits 0 when every link works, and draws a progress line only where it is asked to (a terminal)", async () => {
    const out = await site("fine", { "index.html": [a(`${base}/ok`), a(`${base}/r3`)].join("") });
    let progress = "";
    let text = "";
    const code = await main(["links", "--out", out, "--allow-private"], { out: (t) => (text += t), err: (t) => (text += t), cwd: dir, progress: (t) => (progress += t) });
    expect(code).toBe(0);
    expect(text).toBe(`REDIRECT ${base}/r3\n    ends at ${base}/ok (200) after 1 redirect\n\n2 outbound links on 1 page checked: 2 fine (1 redirected), 0 broken.`);
    expect(progress).toBe("\rChecking outbound links: 1/2\rChecking outbound links: 2/2\r\x1b[K");
  });

  it("writes no progress line when stderr is not a terminal (the real CLI, stderr a pipe)", async () => {
    const out = await site("piped", { "index.html": a(`${base}/ok`) });
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(process.execPath, [path.join(REPO, "bin/hotelsite.js"), "links", "--out", out, "--allow-private"], { cwd: dir }, (_e, stdout, stderr) =>
        resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("1 outbound link on 1 page checked: 1 fine, 0 broken.\n");
    expect(r.code).toBe(0);
  });

  it("checks a built site's booking links through --resolve, naming every page a broken one is on", async () => {
    const fx = await fixtureCopy();
    try {
      await build({ contentDir: "content", outDir: "dist", cwd: fx.dir });
      const host = "book.example.com";
      const r = await runCli(["links", "--json", "--resolve", `${host}=${base}`], fx.dir);
      expect(r.code).toBe(1);
      const report = JSON.parse(r.out);
      expect(report.links.map((l: { url: string; ok: boolean; final: string }) => [l.url, l.ok, l.final]).sort()).toEqual([
        [`https://${host}/hotel/alpha?aid=42`, true, `https://${host}/hotel/alpha?aid=42`],
        [`https://${host}/hotel/beta?aid=42`, false, `https://${host}/hotel/beta?aid=42`],
        [`https://${host}/hotel/gamma?aid=42`, false, `https://${host}/hotel/gamma-new`],
        [`https://${host}/search?aid=42`, true, `https://${host}/search?aid=42`],
      ]);
      const beta = report.links.find((l: { url: string }) => l.url.includes("/hotel/beta"));
      expect(beta).toMatchObject({ status: 404, error: "answers 404 Not Found", pages: ["/ja/test-brand-beta/", "/test-brand-beta/", "/zh/test-brand-beta/"] });
      expect(report.links.find((l: { url: string }) => l.url.includes("/search")).pages).toHaveLength(15);
      // Gamma's page answers, but the redirect dropped the partner id site.yaml names.
      expect(report.links.find((l: { url: string }) => l.url.includes("/hotel/gamma"))).toMatchObject({ status: 200, error: "the redirects dropped aid" });
    } finally {
      await fx.cleanup();
    }
  });

  it("reports a link whose redirects drop the partner id, label or language site.yaml names, and passes one that keeps them", async () => {
    const out = await site("kept", {
      "index.html": a(`${base}/keep?aid=42&lang=ja&label=ja-home-hero&ss=x`) + a(`${base}/drop-lang?aid=42&lang=zh-cn&label=zh-home-cta`) + a(`${base}/r3?aid=42`),
    });
    await mkdir(path.join(dir, "kept-content"), { recursive: true });
    await writeFile(path.join(dir, "kept-content", "site.yaml"), "affiliate:\n  partnerParam: aid\n  languageParam: lang\n  tracking: { param: label, template: x }\n");
    const r = await runCli(["links", "--json", "--out", out, "--content", path.join(dir, "kept-content")], dir);
    const report = JSON.parse(r.out);
    const byPath = (p: string) => report.links.find((l: { url: string }) => new URL(l.url).pathname === p);
    expect(byPath("/keep")).toMatchObject({ ok: true });
    expect(byPath("/drop-lang")).toMatchObject({ ok: false, status: 200, error: "the redirects dropped lang", final: `${base}/ok?aid=42&label=zh-home-cta` });
    // /r3 sends the visitor to /ok without the query: the partner id is gone.
    expect(byPath("/r3")).toMatchObject({ ok: false, error: "the redirects dropped aid" });
    expect(r.code).toBe(1);
    // The text report names what was lost and where the chain ended.
    const text = (await runCli(["links", "--out", out, "--content", path.join(dir, "kept-content")], dir)).out;
    expect(text).toContain(`BROKEN ${base}/drop-lang?aid=42&lang=zh-cn&label=zh-home-cta\n    the redirects dropped lang (after redirects, at ${base}/ok?aid=42&label=zh-home-cta)`);
  });

  it("with --ignore-param label, checks each booking link once whatever its placement, listing every page", async () => {
    const fx = await fixtureCopy({ "site.yaml": (s) => s.replace("  allowedHosts: [book.example.com]\n", '  allowedHosts: [book.example.com]\n  tracking: { param: label, template: "{lang}-{page}-{placement}" }\n') });
    try {
      await build({ contentDir: "content", outDir: "dist", cwd: fx.dir });
      const host = "book.example.com";
      const labelled = JSON.parse((await runCli(["links", "--json", "--resolve", `${host}=${base}`], fx.dir)).out);
      // 15 pages x header, menu and footer, plus the home pages' two buttons and the hotel pages' own ones.
      expect(labelled.checked).toBeGreaterThan(45);
      const before = seen.length;
      const r = await runCli(["links", "--json", "--ignore-param", "label", "--resolve", `${host}=${base}`], fx.dir);
      const report = JSON.parse(r.out);
      expect(report.links.map((l: { url: string }) => l.url).sort()).toEqual([
        `https://${host}/hotel/alpha?aid=42`,
        `https://${host}/hotel/beta?aid=42`,
        `https://${host}/hotel/gamma?aid=42`,
        `https://${host}/search?aid=42`,
      ]);
      expect(report.links.find((l: { url: string }) => l.url.includes("/hotel/beta")).pages).toEqual(["/ja/test-brand-beta/", "/test-brand-beta/", "/zh/test-brand-beta/"]);
      expect(report.links.find((l: { url: string }) => l.url.includes("/search")).pages).toHaveLength(15);
      // One HEAD each, and one more for gamma's redirect.
      expect(seen.length - before).toBe(5);
      expect(r.code).toBe(1);
    } finally {
      await fx.cleanup();
    }
  });

  it("refuses a missing output folder and a malformed --resolve with exit code 2", async () => {
    const missing = await runCli(["links", "--out", "nowhere"], dir);
    expect(missing).toEqual({ code: 2, out: "", err: "error: nowhere is not a folder: build the site first (hotelsite build), or point --out at it\n" });
    const bad = await runCli(["links", "--resolve", "book.example.com"], dir);
    expect(bad).toEqual({ code: 2, out: "", err: 'error: --resolve takes host=origin, such as www.booking.com=http://127.0.0.1:8080 (got "book.example.com")\n' });
  });

  it("reports a link that is not a valid URL as broken, with its pages, and checks the rest (issue 25)", async () => {
    const out = await site("invalid", {
      "index.html": [a("http://book.example.com:99999/x"), a("http://book example.com/x")].join(""),
      "ja/index.html": a("http://book.example.com:99999/x"),
    });
    const r = await runCli(["links", "--out", out], dir);
    const invalid = "    is not a valid URL (check its host name and port: a host name has no spaces, a port is at most 65535)";
    expect(r.err).toBe("");
    expect(r.out).toBe(
      [
        "BROKEN http://book.example.com:99999/x",
        invalid,
        "    on 2 pages: /, /ja/",
        "BROKEN http://book example.com/x",
        invalid,
        "    on 1 page: /",
        "",
        "2 outbound links on 2 pages checked: 0 fine, 2 broken.",
        "",
      ].join("\n"),
    );
    expect(r.code).toBe(1);
  });

  it("skips loopback, private and link-local targets and redirects into them unless --allow-private, asking none of them", async () => {
    const out = await site("private", {
      "index.html": [a(`${base}/ok`), a("http://169.254.169.254/latest/meta-data/"), a("http://[::1]:9/x"), a("http://10.1.2.3/x"), a("http://192.168.1.1/"), a("http://172.20.0.1/")].join(""),
      "ja/index.html": [a("https://public.example.com/to-loopback"), a("https://public.example.com/to-localhost"), a(base.replace("127.0.0.1", "localhost") + "/direct")].join(""),
    });
    const before = seen.length;
    const r = await runCli(["links", "--out", out, "--json", "--resolve", `public.example.com=${base}`], dir);
    expect(r.err).toBe("");
    const report = JSON.parse(r.out);
    const by = new Map<string, Record<string, unknown>>(report.links.map((l: { url: string }) => [l.url, l]));
    const why = (host: string, kind: string) => `${host} is a ${kind} address; hotelsite links checks public hosts only unless run with --allow-private`;
    expect(by.get(`${base}/ok`)).toMatchObject({ ok: false, skipped: why("127.0.0.1", "loopback"), chain: [] });
    expect(by.get("http://169.254.169.254/latest/meta-data/")).toMatchObject({ ok: false, skipped: why("169.254.169.254", "link-local") });
    expect(by.get("http://[::1]:9/x")).toMatchObject({ skipped: why("::1", "loopback") });
    expect(by.get("http://10.1.2.3/x")).toMatchObject({ skipped: why("10.1.2.3", "private") });
    expect(by.get("http://192.168.1.1/")).toMatchObject({ skipped: why("192.168.1.1", "private") });
    expect(by.get("http://172.20.0.1/")).toMatchObject({ skipped: why("172.20.0.1", "private") });
    // A host name is checked by the address it resolves to, on the connection itself.
    expect(by.get(base.replace("127.0.0.1", "localhost") + "/direct")!.skipped).toMatch(/^localhost \((127\.0\.0\.1|::1)\) is a loopback address;/);
    // Through --resolve (the user's explicit choice) the public link is asked; its redirect into loopback is not followed.
    expect(by.get("https://public.example.com/to-loopback")).toMatchObject({
      ok: false,
      skipped: `redirects to ${base}/ok: ${why("127.0.0.1", "loopback")}`,
      chain: [{ url: "https://public.example.com/to-loopback", status: 301, method: "HEAD" }],
    });
    expect(by.get("https://public.example.com/to-localhost")!.skipped).toMatch(/^redirects to http:\/\/localhost:\d+\/ok: localhost \(.*\) is a loopback address;/);
    expect(report).toMatchObject({ ok: true, checked: 9, broken: 0, skipped: 9 });
    expect(seen.slice(before).sort()).toEqual(["HEAD /to-localhost", "HEAD /to-loopback"]);
    expect(r.code).toBe(0);

    const text = await runCli(["links", "--out", out, "--resolve", `public.example.com=${base}`], dir);
    expect(text.out).toContain(`SKIPPED http://169.254.169.254/latest/meta-data/\n    ${why("169.254.169.254", "link-local")}\n    on 1 page: /\n`);
    expect(text.out).toContain("9 outbound links on 2 pages checked: 0 fine, 0 broken, 9 skipped (not public; --allow-private checks them).");

    const allowed = JSON.parse((await runCli(["links", "--out", out, "--json", "--allow-private", "--timeout", "300", "--resolve", `public.example.com=${base}`], dir)).out);
    expect(allowed.links.find((l: { url: string }) => l.url === "https://public.example.com/to-loopback")).toMatchObject({ ok: true, final: `${base}/ok` });
    expect(allowed.skipped).toBe(0);
  });

  it("refuses a FIFO or a link to a device among the pages with exit 2, without opening it", async () => {
    for (const [name, make, reason] of [
      ["pages-fifo", (at: string) => void execFileSync("mkfifo", [at]), "is a named pipe (FIFO), not a regular file\n    hint: only regular files are read: put the file's contents in a plain file here instead"],
      ["pages-device", (at: string) => symlink("/dev/zero", at), "is a link to /dev/zero, outside its folder\n    hint: copy the file into the output folder instead of linking to it, or build the site again"],
    ] as const) {
      const out = await site(name, { "index.html": a("https://book.example.com/x") });
      await make(path.join(out, "odd.html"));
      const r = await runCli(["links", "--out", out], dir);
      expect(r).toEqual({ code: 2, out: "", err: `error: ${name}/odd.html ${reason}\n` });
    }
  });
});
