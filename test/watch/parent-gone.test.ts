// `npx hotelsite watch` killed: npx dies and its child, the real watch, is left to init. Watch notices that the
// process that started it is gone and stops, freeing the preview's port. Spawned as npx does it: a parent node
// process that starts the CLI and is then killed with SIGKILL (no chance to pass anything on). Each wait is for an event, bounded by the test's timeout.
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
    // The real watch inherits the starter's stderr: the pipe closes once both have exited, the watch included.
    const parent = spawn(process.execPath, ["-e", starter], { cwd: fx.dir, stdio: ["ignore", "pipe", "pipe"] });
    const closed = new Promise<void>((resolve) => parent.stderr!.on("close", resolve).resume());
    let out = "";
    const watching = new Promise<void>((resolve) => parent.stdout!.on("data", (d) => ((out += d), /Watching /.test(out) && resolve())));
    let child = 0;
    try {
      await watching;
      child = Number(/child (\d+)/.exec(out)![1]);
      const url = /at (http:\/\/[^\s]+?)\/? /.exec(out)![1];
      expect((await fetch(url)).status).toBe(200);
      parent.kill("SIGKILL");
      // Once watch has exited (the pipe closed), nothing serves its port any more.
      await closed;
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      parent.kill("SIGKILL");
      if (child && alive(child)) process.kill(child, "SIGKILL");
      await fx.cleanup();
    }
  }, 90_000);
});
