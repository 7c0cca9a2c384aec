// The preview server against hostile clients, over real sockets: foreign Host headers (DNS rebinding), the
// live-reload stream's Origin, traversal in more encodings, long URLs and headers, slow clients and hundreds
// of idle connections. Every wait is bounded by the server's own (shortened) timeouts.
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENTS_URL } from "../../src/watch/client.js";
import { createLiveReload } from "../../src/watch/live.js";
import { startServer, type PreviewServer } from "../../src/watch/server.js";
import { fixtureCopy } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let server: PreviewServer;
let lan: PreviewServer;

beforeAll(async () => {
  fx = await fixtureCopy();
  const dist = path.join(fx.dir, "dist");
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>home</title>");
  await writeFile(path.join(fx.dir, "secret.txt"), "secret");
  server = await startServer({ root: dist, port: 0, liveReload: createLiveReload("t"), timeouts: { headersMs: 800, requestMs: 1500 } });
  lan = await startServer({ root: dist, host: "0.0.0.0", port: 0 });
});
afterAll(async () => {
  await server?.close();
  await lan?.close();
  await fx.cleanup();
});

/** A GET with chosen headers, to 127.0.0.1 whatever the Host says; resolves with status and body. */
function get(port: number, target: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; type?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target, headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      // The event stream never ends: its status and type are enough.
      if (String(res.headers["content-type"]).startsWith("text/event-stream")) {
        resolve({ status: res.statusCode!, body: "", type: res.headers["content-type"] });
        req.destroy();
        return;
      }
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body, type: res.headers["content-type"] }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Everything a raw socket receives until the server closes it (a server that never does fails on the test's timeout). */
function rawExchange(port: number, send: (s: Socket) => void): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1");
    let text = "";
    s.setEncoding("latin1");
    s.on("data", (d) => (text += d));
    s.on("close", () => resolve(text));
    s.on("error", () => undefined);
    s.on("connect", () => send(s));
  });
}

describe("Host header", () => {
  it("answers localhost, 127.0.0.1 and [::1] (with or without the port)", async () => {
    for (const host of ["localhost", `localhost:${server.port}`, "127.0.0.1", `127.0.0.1:${server.port}`, `[::1]:${server.port}`, "LOCALHOST"]) {
      expect((await get(server.port, "/", { Host: host })).status, host).toBe(200);
    }
  });

  it("refuses any other name with 403 and says how to share the preview", async () => {
    for (const host of ["evil.example", `evil.example:${server.port}`, "localhost.evil.example", "127.0.0.1.nip.io", "localhost:1:2"]) {
      const r = await get(server.port, "/", { Host: host });
      expect(r.status, host).toBe(403);
      expect(r.body, host).toBe(
        `This preview answers only to localhost, 127.0.0.1 and [::1] (the request was for ${JSON.stringify(host)}).\n` +
          "To open it from another device, run hotelsite watch --host 0.0.0.0 (anyone on your network can then see it).\n",
      );
    }
  });

  it("refuses a request without a Host header (HTTP/1.0)", async () => {
    const text = await rawExchange(server.port, (s) => s.write("GET / HTTP/1.0\r\n\r\n"));
    expect(text.startsWith("HTTP/1.1 403 Forbidden")).toBe(true);
    expect(text).toContain('(the request was for "").');
  });

  it("refuses a foreign Host on the live-reload stream too", async () => {
    expect((await get(server.port, EVENTS_URL, { Host: "evil.example" })).status).toBe(403);
  });

  it("answers any name when bound to the network for a LAN preview", async () => {
    expect((await get(lan.port, "/", { Host: "my-laptop.lan:1234" })).status).toBe(200);
    expect((await get(lan.port, "/", { Host: "192.168.1.20" })).status).toBe(200);
  });
});

describe("live-reload stream and Origin", () => {
  it("streams to a page of the preview (same origin) and to a client that sends no Origin", async () => {
    const host = `127.0.0.1:${server.port}`;
    expect(await get(server.port, EVENTS_URL, { Host: host, Origin: `http://${host}` })).toEqual({ status: 200, body: "", type: "text/event-stream; charset=utf-8" });
    expect(await get(server.port, EVENTS_URL, { Host: host })).toEqual({ status: 200, body: "", type: "text/event-stream; charset=utf-8" });
  });

  it("refuses another origin, a null origin and a cross-site fetch with 403", async () => {
    const host = `127.0.0.1:${server.port}`;
    const cases: Record<string, string>[] = [{ Origin: "https://evil.example" }, { Origin: `http://localhost:${server.port}` }, { Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of cases) {
      const r = await get(server.port, EVENTS_URL, { Host: host, ...headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.body).toBe("Forbidden: the live-reload stream is for pages of this preview only\n");
    }
  });
});

describe("paths in more encodings", () => {
  it("refuses double-encoded, overlong UTF-8, backslash and NUL spellings of .. with 400, never the secret", async () => {
    for (const target of [
      "/%252e%252e/secret.txt",
      "/%252e%252e%252fsecret.txt",
      "/%c0%ae%c0%ae/secret.txt",
      "/%e0%80%ae%e0%80%ae/secret.txt",
      "/%c0%af..%c0%afsecret.txt",
      "/..%255csecret.txt",
      "/..\\secret.txt",
      "/%2e%2e%5csecret.txt",
      "/index.html%00.txt",
      "/%u002e%u002e/secret.txt",
    ]) {
      const r = await get(server.port, target);
      expect(r.status, target).toBe(400);
      expect(r.body, target).not.toContain("secret");
    }
  });

  it("answers a very long URL with 414 and very long headers with 431", async () => {
    expect((await get(server.port, "/" + "%2e".repeat(2000))).status).toBe(414);
    expect((await get(server.port, "/", { "X-Long": "a".repeat(20_000) })).status).toBe(431);
  });
});

describe("slow and many clients", () => {
  it("closes a connection whose headers never finish (408) once the headers timeout passes", async () => {
    const text = await rawExchange(server.port, (s) => s.write("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: "));
    expect(text.startsWith("HTTP/1.1 408 Request Timeout")).toBe(true);
  });

  it("closes a connection that trickles its headers a byte at a time", async () => {
    const text = await rawExchange(
      server.port,
      (s) => {
        const timer = setInterval(() => (s.writable ? s.write("X") : clearInterval(timer)), 100);
        s.write("GET / HTTP/1.1\r\nHost: localhost\r\nX-Trickle: ");
        s.on("close", () => clearInterval(timer));
      },
    );
    expect(text.startsWith("HTTP/1.1 408 Request Timeout")).toBe(true);
  });

  it("keeps answering while 300 idle connections are open", async () => {
    const sockets = await Promise.all(
      Array.from({ length: 300 }, () => new Promise<Socket>((resolve, reject) => {
        const s = connect(server.port, "127.0.0.1", () => resolve(s));
        s.on("error", reject);
      })),
    );
    try {
      const r = await get(server.port, "/");
      expect(r.status).toBe(200);
      expect(r.body).toBe("<!doctype html><title>home</title>");
    } finally {
      for (const s of sockets) s.destroy();
    }
  });
});
