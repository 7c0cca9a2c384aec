// The live-reload hub: each page says which path it shows; a run that writes in batches reloads a page as soon as
// its batch is on disk and the others once the run is done, never one page twice for one run.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENTS_URL } from "../../src/watch/client.js";
import { createLiveReload, type LiveReload } from "../../src/watch/live.js";
import { startServer, type PreviewServer } from "../../src/watch/server.js";
import { listen } from "./http.js";

let dir: string;
let live: LiveReload;
let server: PreviewServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-live-"));
  live = createLiveReload("t");
  server = await startServer({ root: dir, port: 0, liveReload: live });
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("createLiveReload", () => {
  it("knows the page each client shows, reloads those of an early batch at once and the others at the end of the run", async () => {
    const gamma = await listen(server.url, `${EVENTS_URL}?path=${encodeURIComponent("/zh/test-brand-gamma")}`);
    const home = await listen(server.url, `${EVENTS_URL}?path=%2F`);
    const unnamed = await listen(server.url, EVENTS_URL);
    for (const c of [gamma, home, unnamed]) await c.next("hello");
    expect(live.showing().sort()).toEqual(["index.html", "zh/test-brand-gamma/index.html"]);

    // A run writes gamma's page in its first batch, then the rest, then ends.
    live.reloadShowing(["zh/test-brand-gamma/index.html", "ja/test-brand-gamma/index.html"]);
    expect((await gamma.next("reload")).data).toEqual({ build: "t-0" });
    live.reload();
    expect((await home.next("reload")).data).toEqual({ build: "t-1" });
    expect((await unnamed.next("reload")).data).toEqual({ build: "t-1" });
    // The next run ends without an early batch: every page reloads. Gamma's next reload is this one, so the
    // first run's end did not reload it a second time.
    live.reload();
    expect((await gamma.next("reload")).data).toEqual({ build: "t-2" });
    expect((await home.next("reload")).data).toEqual({ build: "t-2" });
    for (const c of [gamma, home, unnamed]) c.close();
  });

  it("forgets the last error once a run writes the page shown early: that page, reloaded, finds no error in its hello", async () => {
    live.error({ title: "1 error", errors: [{ file: "content/hotels/beta.yaml", line: 2, message: "must be one of" }], note: "" });
    const beta = await listen(server.url, `${EVENTS_URL}?path=${encodeURIComponent("/zh/test-brand-beta/")}`);
    expect((await beta.next("hello")).data).toMatchObject({ error: { title: "1 error" } });
    // The fix: its first batch is the page shown, which reloads at once and connects again before the run ends.
    live.reloadShowing(["zh/test-brand-beta/index.html"]);
    await beta.next("reload");
    beta.close();
    const reloaded = await listen(server.url, `${EVENTS_URL}?path=${encodeURIComponent("/zh/test-brand-beta/")}`);
    expect((await reloaded.next("hello")).data).toMatchObject({ error: null });
    live.reload();
    reloaded.close();
  });
});
