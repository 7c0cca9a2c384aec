// A bounded local load test of the preview server: 1,000 requests, 400 in flight at once, mixing pages, misses and
// hostile paths, all answered correctly, and the server still serving afterwards. Loopback only; it stops by itself.
// 400, not 1,000: the server takes at most 512 connections (MAX_CONNECTIONS in src/watch/server.ts) and drops the
// ones beyond, so 1,000 at once passed only while the machine answered faster than the connections arrived.
import path from "node:path";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { startServer, type PreviewServer } from "../../src/watch/server.js";
import { fixtureCopy } from "../support/fixture.js";
import { raw } from "./http.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let server: PreviewServer;

beforeAll(async () => {
  fx = await fixtureCopy();
  await build({ contentDir: "content", outDir: "dist", cwd: fx.dir });
  server = await startServer({ root: path.join(fx.dir, "dist"), port: 0 });
});
afterAll(async () => {
  await server?.close();
  await fx.cleanup();
});

describe("preview server under load", () => {
  it("answers 1,000 requests, 400 at once, each with the right status, and keeps serving", async () => {
    const kinds: [string, number][] = [
      ["/", 200],
      ["/zh/test-brand-alpha/", 200],
      ["/ja/test-brand-gamma", 200],
      ["/zh/missing", 404],
      ["/../package.json", 400],
      ["/%2e%2e%2fpackage.json", 400],
    ];
    const targets = Array.from({ length: 1000 }, (_, i) => kinds[i % kinds.length]);
    const inFlight = pLimit(400);
    const results = await Promise.all(targets.map(([target]) => inFlight(() => raw(server.url, target).then((r) => r.status))));
    const wrong = results.map((status, i) => [targets[i][0], status, targets[i][1]]).filter(([, got, want]) => got !== want);
    expect(wrong).toEqual([]);
    const after = await raw(server.url, "/zh/");
    expect(after.status).toBe(200);
    expect(after.body).toContain('<html lang="zh-Hans"');
  });
});
