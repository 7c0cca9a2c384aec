// The real CLI (a fresh compile of src/, spawned as a process) under SIGTERM and SIGINT, and with saves it
// cannot read: a FIFO under content/hotels/ is reported without being opened, never blocks a rebuild or a
// stop, and the next save rebuilds. Every wait is bounded.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { readFile, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCopy, REPO } from "../support/fixture.js";
import { compileCli, PAUSE } from "../robustness/support.js";

let cli: Awaited<ReturnType<typeof compileCli>>;
beforeAll(async () => {
  cli = await compileCli();
}, 120_000);
afterAll(() => cli.cleanup());

/** A spawned `hotelsite watch` with its output so far and bounded waits on it. */
interface Watching {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  /** Resolves when stderr or stdout (both searched) has shown `text` `times` times; rejects after `ms`. */
  waitFor(text: string | RegExp, opts?: { times?: number; ms?: number }): Promise<void>;
  /** Resolves with the exit code and signal; rejects after `ms`. */
  exited(ms?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function watch(dir: string, env: NodeJS.ProcessEnv = process.env): Watching {
  const child = spawn(process.execPath, ["--import", PAUSE, cli.bin, "watch", "--port", "0", "--content", "content", "--templates", path.join(REPO, "templates")], { cwd: dir, env });
  let out = "";
  let err = "";
  const waiters = new Set<() => void>();
  const poke = () => waiters.forEach((w) => w());
  child.stdout!.on("data", (d) => ((out += d), poke()));
  child.stderr!.on("data", (d) => ((err += d), poke()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const count = (text: string | RegExp) => (typeof text === "string" ? (out + err).split(text).length - 1 : (out + err).match(new RegExp(text.source, `${text.flags}g`))?.length ?? 0);
  return {
    child,
    out: () => out,
    err: () => err,
    waitFor: (text, { times = 1, ms = 30_000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (count(text) >= times) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${typeof text === "string" ? JSON.stringify(text) : text} (x${times}) within ${ms} ms; stdout:\n${out}\nstderr:\n${err}`));
        }, ms);
        waiters.add(check);
        check();
      }),
    exited: (ms = 10_000) =>
      Promise.race([
        ended,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`did not exit within ${ms} ms; stdout:\n${out}\nstderr:\n${err}`)), ms).unref()),
      ]),
  };
}

/** The report line of a run that took in the save of beta.yaml (with the removed delta.yaml, or alone). */
const SAVED_BETA = /^\[[\d:]+\] content\/hotels\/beta\.yaml(, content\/hotels\/delta\.yaml)?: rendered/m;

async function site(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const fx = await fixtureCopy();
  return { dir: fx.dir, cleanup: fx.cleanup };
}

describe("hotelsite watch and signals", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`stops on ${signal} while idle, exit code 0`, async () => {
      const s = await site();
      const w = watch(s.dir);
      try {
        await w.waitFor("Watching ");
        w.child.kill(signal);
        expect(await w.exited()).toEqual({ code: 0, signal: null });
        expect(w.out()).toContain("Stopped watching.");
        expect(w.err()).toBe("");
      } finally {
        w.child.kill("SIGKILL");
        await s.cleanup();
      }
    }, 60_000);
  }

  it("stops on SIGTERM during the first build", async () => {
    const s = await site();
    // The first build stops at its load stage and stays there (test/support/pause.mjs): the signal comes during it.
    const w = watch(s.dir, { ...process.env, HOTELSITE_TEST_PAUSE: "load" });
    try {
      await w.waitFor("hotelsite: paused at load");
      w.child.kill("SIGTERM");
      expect(await w.exited()).toEqual({ code: 0, signal: null });
      expect(w.out()).toBe("Stopped watching.\n");
      expect(w.err()).toBe("hotelsite: paused at load\nnote: stopped without waiting for the first build to finish\n");
    } finally {
      w.child.kill("SIGKILL");
      await s.cleanup();
    }
  }, 60_000);

  it("reports a FIFO under hotels/ without blocking, stops on SIGTERM, and rebuilds after it is gone", async () => {
    const s = await site();
    const fifo = path.join(s.dir, "content/hotels/delta.yaml");
    execFileSync("mkfifo", [fifo]);
    const w = watch(s.dir);
    try {
      await w.waitFor("first build: the rebuild failed");
      expect(w.err()).toContain("content/hotels/delta.yaml is a named pipe (FIFO), not a regular file\n    hint: only regular files are read: put the file's contents in a plain file here instead");
      await w.waitFor("Watching ");
      // Gone, then a real hotel file saved in its place: the next save rebuilds the whole site.
      await unlink(fifo);
      const beta = await readFile(path.join(s.dir, "content/hotels/beta.yaml"), "utf8");
      await writeFile(path.join(s.dir, "content/hotels/beta.yaml"), beta.replace("Beta intro.", "Beta intro, green."));
      // The FIFO's removal is a change too: it comes with the save in one run, or in a run of its own before it.
      await w.waitFor(SAVED_BETA);
      expect((await readFile(path.join(s.dir, "dist/test-brand-beta/index.html"), "utf8")).includes("Beta intro, green.")).toBe(true);
      w.child.kill("SIGTERM");
      expect(await w.exited()).toEqual({ code: 0, signal: null });
    } finally {
      w.child.kill("SIGKILL");
      await s.cleanup();
    }
  }, 90_000);

  it("reports a FIFO saved while watching, keeps serving, and the next save rebuilds", async () => {
    const s = await site();
    const w = watch(s.dir);
    try {
      await w.waitFor("Watching ");
      const fifo = path.join(s.dir, "content/hotels/delta.yaml");
      execFileSync("mkfifo", [fifo]);
      await w.waitFor("content/hotels/delta.yaml is a named pipe (FIFO), not a regular file");
      expect(w.err()).toContain("Still serving the last good pages; save a fix to rebuild.");
      await rm(fifo);
      const beta = await readFile(path.join(s.dir, "content/hotels/beta.yaml"), "utf8");
      await writeFile(path.join(s.dir, "content/hotels/beta.yaml"), beta.replace("Beta intro.", "Beta intro, quiet."));
      // The FIFO's removal is a change too: it comes with the save in one run, or in a run of its own before it.
      await w.waitFor(SAVED_BETA);
      expect((await readFile(path.join(s.dir, "dist/test-brand-beta/index.html"), "utf8")).includes("Beta intro, quiet.")).toBe(true);
      w.child.kill("SIGINT");
      expect(await w.exited()).toEqual({ code: 0, signal: null });
    } finally {
      w.child.kill("SIGKILL");
      await s.cleanup();
    }
  }, 90_000);
});
