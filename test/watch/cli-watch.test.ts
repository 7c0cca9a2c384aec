// `hotelsite watch` through main(argv): serves until told to stop, then returns exit code 0.
import { createServer } from "node:net";
import { cp, symlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.js";
import { fixtureCopy, REPO } from "../support/fixture.js";
import { raw } from "./http.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  fx = await fixtureCopy();
  await cp(path.join(REPO, "templates"), path.join(fx.dir, "templates"), { recursive: true });
  await symlink(path.join(REPO, "node_modules"), path.join(fx.dir, "node_modules"));
});
afterAll(() => fx.cleanup());

/** Runs main(argv) with captured output and an abort signal. */
function run(argv: string[]) {
  const io = { out: "", err: "" };
  const stop = new AbortController();
  let serving: (url: string) => void = () => {};
  const url = new Promise<string>((r) => (serving = r));
  const code = main(argv, { out: (t) => (io.out += t + "\n"), err: (t) => (io.err += t + "\n"), cwd: fx.dir, signal: stop.signal, onServing: (u) => serving(u) });
  return { io, url, code, stop: () => stop.abort() };
}

describe("hotelsite watch", () => {
  it("builds, serves on a free port, and exits 0 when stopped", async () => {
    const w = run(["watch", "--port", "0", "--templates", "templates"]);
    const url = await w.url;
    expect(w.io.out).toMatch(/first build: rendered 15 of 15 pages/);
    expect(w.io.out).toContain(`Serving dist at ${url}/ (Ctrl+C to stop)`);
    expect(w.io.out).toContain("Watching content, templates");
    expect((await raw(url, "/ja/")).status).toBe(200);
    w.stop();
    expect(await w.code).toBe(0);
    expect(w.io.out).toContain("Stopped watching.");
    await expect(raw(url, "/")).rejects.toThrow(/ECONNREFUSED/);
  });

  it("refuses a port that is not a number, and a port in use, with exit code 2", async () => {
    const bad = run(["watch", "--port", "http"]);
    expect(await bad.code).toBe(2);
    expect(bad.io.err).toContain('--port must be a number from 0 to 65535 (got "http")');

    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const busy = run(["watch", "--port", String(port), "--templates", "templates"]);
      expect(await busy.code).toBe(2);
      expect(busy.io.err).toContain(`cannot serve on 127.0.0.1:${port} (EADDRINUSE)`);
    } finally {
      blocker.close();
    }
  });
});
