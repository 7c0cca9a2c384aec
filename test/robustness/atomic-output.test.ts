// Atomic output under faults: real `hotelsite build` processes are SIGKILLed at known points (held there by
// HOTELSITE_TEST_PAUSE, see test/support/pause.mjs), and the previous output must survive whole, with no
// temporary folder left to grow. Builds into locations the OS refuses to write fail with a plain message.
import { spawn, spawnSync } from "node:child_process";
import { cp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE } from "../support/fixture.js";
import { compileCli, PAUSE, fingerprint, leftovers, tempRoot } from "./support.js";

let cli: Awaited<ReturnType<typeof compileCli>>;
let root: string;

beforeAll(async () => {
  cli = await compileCli();
  root = await tempRoot("hotelsite-atomic-", tmpdir());
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  await cli?.cleanup();
});

/** A running `hotelsite build`, optionally held at a pause point. */
function startBuild(cwd: string, args: string[], pause?: string) {
  const env = { ...process.env };
  delete env.HOTELSITE_TEST_PAUSE;
  if (pause) env.HOTELSITE_TEST_PAUSE = pause;
  const child = spawn(process.execPath, ["--import", PAUSE, cli.bin, "build", ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, out, err })),
  );
  const paused = new Promise<void>((resolve, reject) => {
    child.stderr.on("data", (d) => {
      err += d;
      if (pause && err.includes(`hotelsite: paused at ${pause}\n`)) resolve();
    });
    void exit.then(() => reject(new Error(`the build ended before pausing at ${pause}:\n${err}`)));
  });
  if (!pause) paused.catch(() => {});
  return { child, exit, paused };
}

/** Runs a build to its end. */
const runBuild = (cwd: string, args: string[] = []) => startBuild(cwd, args).exit;

/** A project folder with the fixture site, built once: the "previous output" every fault must leave alone. */
async function builtProject(name: string) {
  const dir = path.join(root, name);
  await cp(FIXTURE, path.join(dir, "content"), { recursive: true });
  const first = await runBuild(dir);
  expect(first.err).toBe("");
  expect(first.code).toBe(0);
  // The next build would change a page, so a half-done swap would show.
  const alpha = path.join(dir, "content/hotels/alpha.yaml");
  await writeFile(alpha, (await readFile(alpha, "utf8")).replace("name: Test Brand Alpha", "name: Test Brand Alpha Two"));
  return { dir, dist: path.join(dir, "dist"), before: await fingerprint(path.join(dir, "dist")) };
}

/** Starts a build held at `point`, SIGKILLs it there, and returns its pid. */
async function killAt(dir: string, point: string): Promise<number> {
  const b = startBuild(dir, [], point);
  await b.paused;
  b.child.kill("SIGKILL");
  const end = await b.exit;
  expect(end.signal).toBe("SIGKILL");
  return b.child.pid!;
}

/** Breaks the content so that the next build fails on a content error. */
async function breakContent(dir: string): Promise<void> {
  const beta = path.join(dir, "content/hotels/beta.yaml");
  await writeFile(beta, (await readFile(beta, "utf8")).replace("layout: story", "layout: nope"));
}

describe("a build killed with SIGKILL", () => {
  for (const point of ["load", "render", "write"]) {
    it(`as the ${point} stage starts leaves the previous output as it was`, async () => {
      const p = await builtProject(`kill-${point}`);
      const pid = await killAt(p.dir, point);
      expect(await fingerprint(p.dist)).toEqual(p.before);
      // The output is opened (lock and staging folder) before the first page renders; the next build clears a dead build's.
      expect(await leftovers(p.dir)).toEqual(point === "load" ? [] : [".dist.hotelsite-lock", `.dist.hotelsite-tmp-${pid}`]);
      const next = await runBuild(p.dir);
      expect(next.code).toBe(0);
      expect(await readFile(path.join(p.dist, "test-brand-alpha/index.html"), "utf8")).toContain("Test Brand Alpha Two");
      expect(await leftovers(p.dir)).toEqual([]);
      // The output it replaced is kept as the next build's staging folder, the first build's pages in it.
      const spare = await fingerprint(path.join(p.dir, ".dist.hotelsite-spare"));
      expect({ ino: spare.ino, files: spare.files.filter((f) => f.path !== ".gitignore") }).toEqual(p.before);
      expect(await readFile(path.join(p.dir, ".dist.hotelsite-spare/.gitignore"), "utf8")).toBe("*\n");
    });
  }

  it("after writing the new output beside the old one leaves the old one in place; the next build clears the rest", async () => {
    const p = await builtProject("kill-write-tmp");
    const pid = await killAt(p.dir, "write:tmp");
    expect(await fingerprint(p.dist)).toEqual(p.before);
    expect(await leftovers(p.dir)).toEqual([".dist.hotelsite-lock", `.dist.hotelsite-tmp-${pid}`]);
    const next = await runBuild(p.dir);
    expect(next.code).toBe(0);
    expect(await leftovers(p.dir)).toEqual([]);
    expect(await readFile(path.join(p.dist, "test-brand-alpha/index.html"), "utf8")).toContain("Test Brand Alpha Two");
  });

  it("between the two renames keeps the old output whole aside, and the next build puts it back even when that build fails", async () => {
    const p = await builtProject("kill-swap");
    const pid = await killAt(p.dir, "write:swap");
    // The one moment dist/ is missing: the old output has been renamed aside whole (same folder, same bytes).
    expect(await readdir(p.dir)).not.toContain("dist");
    expect(await leftovers(p.dir)).toEqual([".dist.hotelsite-lock", `.dist.hotelsite-old-${pid}`, `.dist.hotelsite-tmp-${pid}`]);
    expect(await fingerprint(path.join(p.dir, `.dist.hotelsite-old-${pid}`))).toEqual(p.before);
    await breakContent(p.dir);
    const failed = await runBuild(p.dir);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain("content/hotels/beta.yaml:2:9 /layout must be one of: showcase, story, article");
    expect(await fingerprint(p.dist)).toEqual(p.before);
    expect(await leftovers(p.dir)).toEqual([]);
  });

  it("again and again leaves at most one temporary folder, and none after a build completes", async () => {
    const p = await builtProject("kill-repeat");
    for (let i = 0; i < 3; i++) {
      const pid = await killAt(p.dir, "write:tmp");
      expect(await leftovers(p.dir)).toEqual([".dist.hotelsite-lock", `.dist.hotelsite-tmp-${pid}`]);
      expect(await fingerprint(p.dist)).toEqual(p.before);
    }
    expect((await runBuild(p.dir)).code).toBe(0);
    expect(await leftovers(p.dir)).toEqual([]);
  });
});

/** Whether this machine lets a test mount a private tmpfs (root with CAP_SYS_ADMIN and util-linux unshare). */
function canMountTmpfs(): boolean {
  const probe = spawnSync("unshare", ["--mount", "sh", "-c", 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d" && rmdir "$d"'], { stdio: "ignore" });
  return probe.status === 0;
}

/**
 * Runs, inside a private mount namespace (nothing leaks into the machine's mounts): a tmpfs at out/, a good
 * build into out/dist, then `fault` (make it read-only, or fill it), then a second build. Returns what the
 * second build printed and the output's file list and hashes before and after it.
 */
function buildOnTmpfs(dir: string, fault: string) {
  const script = [
    "set -e",
    'mount -t tmpfs -o size=4m tmpfs out',
    `"${process.execPath}" "${cli.bin}" build --out out/dist > /dev/null`,
    "(cd out/dist && find . -type f -exec sha256sum {} + | sort) > before.txt",
    fault,
    "set +e",
    `"${process.execPath}" "${cli.bin}" build --out out/dist > out.txt 2> err.txt`,
    "echo $? > code.txt",
    "(cd out/dist && find . -type f -exec sha256sum {} + | sort) > after.txt",
    "ls -A out > listing.txt",
  ].join("\n");
  const env = { ...process.env };
  delete env.HOTELSITE_TEST_PAUSE;
  const r = spawnSync("unshare", ["--mount", "sh", "-c", script], { cwd: dir, env, encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
}

interface Fault {
  name: string;
  /** Sets the fault up in a project folder holding content/; returns the --out argument to build into. */
  setup?: (dir: string) => Promise<string>;
  /** For tmpfs faults: the shell command that breaks the mounted out/ after the first build. */
  tmpfs?: string;
  /** The message after "error: cannot write the output to <out>: ". */
  why: string;
}

/**
 * The faults this machine can really produce; each becomes a test (nothing is skipped or faked). Permissions
 * cannot stop root, so read-only and full locations are made with a tmpfs where mount namespaces are allowed;
 * test/write/writer.test.ts covers a read-only folder (chmod) when the tests run as another user.
 */
const FAULTS: Fault[] = [
  {
    name: "a file standing where the output's parent folder should be",
    setup: async (dir) => {
      await writeFile(path.join(dir, "site"), "not a folder\n");
      return "site/dist";
    },
    why: "a file stands where a folder is needed",
  },
  ...(canMountTmpfs()
    ? [
        { name: "a read-only file system (a tmpfs remounted read-only)", tmpfs: "mount -o remount,ro out", why: "the file system is read-only" },
        { name: "a full file system (a 4 MB tmpfs filled up)", tmpfs: "cat /dev/zero > out/filler 2> /dev/null || true", why: "the disk is full" },
      ]
    : []),
];

describe("a build into a location it cannot write", () => {
  it("is tested here with at least one real fault", () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(1);
  });

  for (const f of FAULTS) {
    it(`fails with exit code 2 and a plain message on ${f.name}, changing nothing`, async () => {
      const dir = await tempRoot("fault-", root);
      await cp(FIXTURE, path.join(dir, "content"), { recursive: true });
      if (f.tmpfs) {
        await mkdir(path.join(dir, "out"));
        buildOnTmpfs(dir, f.tmpfs);
        const read = (name: string) => readFile(path.join(dir, name), "utf8");
        expect(await read("code.txt")).toBe("2\n");
        expect(await read("err.txt")).toBe(`error: cannot write the output to ${path.join(dir, "out/dist")}: ${f.why}; the previous output is unchanged\n`);
        expect((await read("before.txt")).split("\n").length).toBeGreaterThan(15);
        expect(await read("after.txt")).toBe(await read("before.txt"));
        expect((await read("listing.txt")).split("\n").filter((n) => n.includes(".hotelsite-"))).toEqual([]);
        return;
      }
      const out = await f.setup!(dir);
      const before = await readdir(dir);
      const r = await runBuild(dir, ["--out", out]);
      expect(r.err).toBe(`error: cannot write the output to ${path.join(dir, out)}: ${f.why}; the previous output is unchanged\n`);
      expect(r.code).toBe(2);
      expect(await readdir(dir)).toEqual(before);
    });
  }

  it("fails with exit code 2 when the output path is a file, and leaves the file alone", async () => {
    const dir = await tempRoot("file-out-", root);
    await cp(FIXTURE, path.join(dir, "content"), { recursive: true });
    await writeFile(path.join(dir, "dist"), "my notes\n");
    const r = await runBuild(dir);
    expect(r.err).toBe(`error: ${path.join(dir, "dist")} exists and is not a folder\n`);
    expect(r.code).toBe(2);
    expect(await readFile(path.join(dir, "dist"), "utf8")).toBe("my notes\n");
    expect(await leftovers(dir)).toEqual([]);
  });
});
