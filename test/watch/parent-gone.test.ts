// `npx hotelsite watch` killed: npx dies and its child, the real watch, is left to init. Watch notices that the
// process that started it is gone and stops, freeing the preview's port. Spawned as npx does it: a parent node
// process that starts the CLI and is then killed with SIGKILL (no chance to pass anything on). Waits are bounded.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilStopped } from "../../src/watch/stop.js";
import { fixtureCopy, REPO } from "../support/fixture.js";
import { compileCli } from "../robustness/support.js";

let cli: Awaited<ReturnType<typeof compileCli>>;
beforeAll(async () => {
  cli = await compileCli();
}, 120_000);
afterAll(() => cli.cleanup());

/** True while a process with this pid exists. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves once `test()` holds, checking every 50 ms; rejects after `ms`. */
async function until(test: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("watch whose starter goes away", () => {
  it("resolves untilStopped when the parent pid changes", async () => {
    let ppid = 4242;
    const stopped = untilStopped(undefined, () => ppid);
    ppid = 1;
    await stopped;
  });

  it("stops the preview server when the process that started it is killed", async () => {
    const fx = await fixtureCopy();
    const starter = `const c = require("node:child_process").spawn(process.execPath, ${JSON.stringify([cli.bin, "watch", "--port", "0", "--templates", path.join(REPO, "templates")])}, { stdio: ["ignore", "pipe", "inherit"] });
      c.stdout.on("data", (d) => process.stdout.write(d)); process.stdout.write("child " + c.pid + "\\n");`;
    const parent = spawn(process.execPath, ["-e", starter], { cwd: fx.dir, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    parent.stdout!.on("data", (d) => (out += d));
    let child = 0;
    try {
      await until(() => /Watching /.test(out), 60_000, "the first build");
      child = Number(/child (\d+)/.exec(out)![1]);
      const url = /at (http:\/\/[^\s]+?)\/? /.exec(out)![1];
      expect((await fetch(url)).status).toBe(200);
      parent.kill("SIGKILL");
      await until(() => !alive(child), 10_000, "watch's exit after its parent was killed");
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      parent.kill("SIGKILL");
      if (child && alive(child)) process.kill(child, "SIGKILL");
      await fx.cleanup();
    }
  }, 90_000);
});
