// The output folder is ours before we replace it (issue 17 item 1) and one build at a time writes it (item 5):
// real `hotelsite build` runs against folders holding someone's files, symlinked spellings of the content and
// project folders, outputs inside the content or around it, and two builds racing for one folder.
import { spawn, spawnSync } from "node:child_process";
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE, runCli } from "../support/fixture.js";
import { compileCli, PAUSE, fingerprint, leftovers, tempRoot } from "./support.js";

let root: string;
beforeAll(async () => {
  root = await tempRoot("hotelsite-output-folder-", tmpdir());
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A fresh project folder holding the fixture site as content/. */
async function project(name: string): Promise<string> {
  const dir = path.join(root, name);
  await cp(FIXTURE, path.join(dir, "content"), { recursive: true });
  return dir;
}

/** Every file under `dir`, relative, sorted. */
async function files(dir: string): Promise<string[]> {
  const all = await readdir(dir, { recursive: true, withFileTypes: true });
  return all.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

describe("a folder hotelsite did not write", () => {
  it("is refused when it holds someone's files: exit 2, why and how to proceed, nothing deleted", async () => {
    const dir = await project("foreign");
    await mkdir(path.join(dir, "docs"));
    await writeFile(path.join(dir, "docs", "notes.md"), "mine\n");
    const r = await runCli(["build", "--out", "docs"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `error: refusing to replace ${path.join(dir, "docs")}: it is not empty and has no .hotelsite-output marker, so hotelsite did not write it. ` +
        "A build replaces the whole folder and would delete its files. Run with --force to replace it anyway (once: the new output carries the marker), " +
        "or choose an empty or new --out folder.\n",
    );
    expect(await files(path.join(dir, "docs"))).toEqual(["notes.md"]);
    expect(await leftovers(dir)).toEqual([]);
  });

  it("is refused before the content is read: broken content gets the output message, not its errors", async () => {
    const dir = await project("foreign-first");
    await writeFile(path.join(dir, "content", "site.yaml"), "languages: [\n");
    await mkdir(path.join(dir, "docs"));
    await writeFile(path.join(dir, "docs", "notes.md"), "mine\n");
    const r = await runCli(["build", "--out", "docs"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: refusing to replace .*docs: it is not empty and has no \.hotelsite-output marker/);
    expect(r.err).not.toContain("site.yaml");
  });

  it("is refused by watch too, before it serves anything", async () => {
    const dir = await project("foreign-watch");
    await mkdir(path.join(dir, "docs"));
    await writeFile(path.join(dir, "docs", "notes.md"), "mine\n");
    const r = await runCli(["watch", "--out", "docs", "--port", "0"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`error: refusing to replace ${path.join(dir, "docs")}: it is not empty and has no .hotelsite-output marker`);
    expect(r.out).not.toContain("Serving");
    expect(await files(path.join(dir, "docs"))).toEqual(["notes.md"]);
  });

  it("is replaced with --force, and the new output carries the marker", async () => {
    const dir = await project("forced");
    await mkdir(path.join(dir, "docs"));
    await writeFile(path.join(dir, "docs", "notes.md"), "mine\n");
    const r = await runCli(["build", "--out", "docs", "--force"], dir);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const out = await files(path.join(dir, "docs"));
    expect(out).not.toContain("notes.md");
    expect(out).toContain(".hotelsite-output");
    expect(JSON.parse(await readFile(path.join(dir, "docs", ".hotelsite-output"), "utf8")).generator).toBe("hotelsite");
  });

  it("is used when it is empty", async () => {
    const dir = await project("empty");
    await mkdir(path.join(dir, "site"));
    const r = await runCli(["build", "--out", "site"], dir);
    expect(r.code).toBe(0);
    expect(await files(path.join(dir, "site"))).toContain("index.html");
  });

  it("from an older hotelsite (our layout, no marker) is refused with a message saying so; --force once, then builds go on", async () => {
    const dir = await project("upgrade");
    expect((await runCli(["build"], dir)).code).toBe(0);
    await rm(path.join(dir, "dist", ".hotelsite-output"));
    const refused = await runCli(["build"], dir);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("it looks like the output of an older hotelsite, which wrote no .hotelsite-output marker");
    expect((await runCli(["build", "--force"], dir)).code).toBe(0);
    expect((await runCli(["build"], dir)).code).toBe(0);
  });
});

describe("a folder hotelsite wrote", () => {
  it("is replaced whole by the next build: files the site no longer has are gone", async () => {
    const dir = await project("marked");
    expect((await runCli(["build"], dir)).code).toBe(0);
    await writeFile(path.join(dir, "dist", "stale.html"), "old page\n");
    const r = await runCli(["build"], dir);
    expect(r.code).toBe(0);
    const out = await files(path.join(dir, "dist"));
    expect(out).not.toContain("stale.html");
    expect(out).toContain(".hotelsite-output");
    expect(await leftovers(dir)).toEqual([]);
  });
});

describe("outputs that would replace or sit inside what the build reads", () => {
  it("refuses a symlinked spelling of the content folder (--content link --out content), leaving the sources alone", async () => {
    const dir = await project("link-content");
    await symlink("content", path.join(dir, "link-to-content"));
    const before = await fingerprint(path.join(dir, "content"));
    const r = await runCli(["build", "--content", "link-to-content", "--out", "content", "--force"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: refusing to use ${path.join(dir, "content")} as the output folder: it would replace ${path.join(dir, "link-to-content")}\n`);
    expect(await fingerprint(path.join(dir, "content"))).toEqual(before);
  });

  it("refuses the content folder through a symlinked --out (--out link-to-content)", async () => {
    const dir = await project("out-link-content");
    await symlink("content", path.join(dir, "link-to-content"));
    const before = await fingerprint(path.join(dir, "content"));
    const r = await runCli(["build", "--out", "link-to-content", "--force"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: refusing to use ${path.join(dir, "link-to-content")} as the output folder: it would replace ${path.join(dir, "content")}\n`);
    expect(await fingerprint(path.join(dir, "content"))).toEqual(before);
  });

  it("refuses an output inside the content folder", async () => {
    const dir = await project("inside-content");
    const r = await runCli(["build", "--out", "content/dist"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `error: refusing to use ${path.join(dir, "content/dist")} as the output folder: it lies inside ${path.join(dir, "content")}, which the build reads; choose an --out outside it\n`,
    );
    expect(await readdir(path.join(dir, "content"))).not.toContain("dist");
  });

  it("refuses an output holding the content folder (--content site/content --out site)", async () => {
    const dir = path.join(root, "around-content");
    await cp(FIXTURE, path.join(dir, "site", "content"), { recursive: true });
    const r = await runCli(["build", "--content", "site/content", "--out", "site", "--force"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: refusing to use ${path.join(dir, "site")} as the output folder: it would replace ${path.join(dir, "site/content")}\n`);
    expect(await readdir(path.join(dir, "site"))).toEqual(["content"]);
  });

  it("refuses the project folder through a symlink from elsewhere", async () => {
    const dir = await project("link-project");
    const elsewhere = path.join(root, "elsewhere");
    await mkdir(elsewhere);
    await symlink(dir, path.join(elsewhere, "proj"));
    const r = await runCli(["build", "--out", path.join(elsewhere, "proj"), "--force"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: refusing to use ${path.join(elsewhere, "proj")} as the output folder: it would replace ${dir}\n`);
    expect((await readdir(dir)).sort()).toEqual(["content"]);
  });

  it("refuses an output inside the templates folder reached through a symlink", async () => {
    const dir = await project("inside-templates");
    const templates = path.resolve(import.meta.dirname, "../../templates");
    await symlink(templates, path.join(dir, "tpl"));
    const r = await runCli(["build", "--out", "tpl/dist"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: refusing to use ${path.join(dir, "tpl/dist")} as the output folder: it lies inside ${templates}, which the build reads; choose an --out outside it\n`);
    expect(await readdir(templates)).not.toContain("dist");
  });

  it("refuses an --out that is itself a symlink to a folder unless forced", async () => {
    const dir = await project("out-is-link");
    await mkdir(path.join(dir, "real"));
    await writeFile(path.join(dir, "real", "keep.txt"), "keep\n");
    await symlink("real", path.join(dir, "dist"));
    const r = await runCli(["build"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `error: refusing to replace ${path.join(dir, "dist")}: it is a symbolic link; give --out the folder it points to, or run with --force to replace the link\n`,
    );
    expect(await files(path.join(dir, "real"))).toEqual(["keep.txt"]);
  });
});

describe("two builds into one folder", () => {
  let cli: Awaited<ReturnType<typeof compileCli>>;
  beforeAll(async () => {
    cli = await compileCli();
  });
  afterAll(() => cli?.cleanup());

  /** A real `hotelsite build` process. */
  function start(cwd: string, env: Record<string, string> = {}) {
    const child = spawn(process.execPath, ["--import", PAUSE, cli.bin, "build"], { cwd, env: { ...process.env, HOTELSITE_TEST_PAUSE: "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    const paused = new Promise<void>((resolve) =>
      child.stderr.on("data", (d) => {
        err += d;
        if (err.includes("hotelsite: paused at")) resolve();
      }),
    );
    const exit = new Promise<{ code: number | null; err: string }>((resolve) => child.on("close", (code) => resolve({ code, err })));
    return { child, paused, exit };
  }

  it("started together: the second waits for the first, both succeed, the folder is whole and nothing is left beside it", async () => {
    const dir = await project("concurrent");
    const clean = await project("concurrent-clean");
    expect((await runCli(["build"], clean)).code).toBe(0);
    const runs = await Promise.all([start(dir).exit, start(dir).exit, start(dir).exit]);
    for (const r of runs) {
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
    }
    expect(await files(path.join(dir, "dist"))).toEqual(await files(path.join(clean, "dist")));
    expect(await leftovers(dir)).toEqual([]);
  });

  it("while another build holds the folder too long: the second refuses with exit 2 and a plain message, no stack", async () => {
    const dir = await project("held");
    expect((await runCli(["build"], dir)).code).toBe(0);
    const before = await fingerprint(path.join(dir, "dist"));
    const first = start(dir, { HOTELSITE_TEST_PAUSE: "write:tmp" });
    await first.paused;
    const second = await start(dir, { HOTELSITE_LOCK_WAIT_MS: "300" }).exit;
    expect(second.code).toBe(2);
    expect(second.err).toBe(
      `error: another hotelsite build (pid ${first.child.pid}) is writing ${path.join(dir, "dist")}; wait for it to finish and run this build again, ` +
        `or choose another --out (if no such build runs, delete ${path.join(dir, ".dist.hotelsite-lock")})\n`,
    );
    first.child.kill("SIGKILL");
    await first.exit;
    expect(await fingerprint(path.join(dir, "dist"))).toEqual(before);
    // The dead build's lock is taken over by the next build.
    const third = await start(dir).exit;
    expect(third.code).toBe(0);
    expect(await leftovers(dir)).toEqual([]);
  });
});

describe("the output's own files are regular files or they are not ours (issue 25)", () => {
  it("a folder where the lock file goes is refused at once with exit 2, nothing replaced or removed", async () => {
    const dir = await project("lock-folder");
    expect((await runCli(["build"], dir)).code).toBe(0);
    const before = await fingerprint(path.join(dir, "dist"));
    const lock = path.join(dir, ".dist.hotelsite-lock");
    await mkdir(lock);
    await writeFile(path.join(lock, "keep.txt"), "mine\n");
    const r = await runCli(["build"], dir);
    expect(r.err).toBe(`error: ${lock} is a folder, where hotelsite keeps the lock of ${path.join(dir, "dist")}; move it away (hotelsite creates the lock file itself), or choose another --out\n`);
    expect(r.code).toBe(2);
    expect(await fingerprint(path.join(dir, "dist"))).toEqual(before);
    expect(await readFile(path.join(lock, "keep.txt"), "utf8")).toBe("mine\n");
  });

  it("a FIFO or a link where the lock file goes is refused without being read", async () => {
    for (const [name, make] of [
      ["lock-fifo", (at: string) => void spawnSync("mkfifo", [at])],
      ["lock-link", (at: string) => symlink("/dev/zero", at)],
    ] as const) {
      const dir = await project(name);
      const lock = path.join(dir, ".dist.hotelsite-lock");
      await make(lock);
      const r = await runCli(["build"], dir);
      const what = name === "lock-fifo" ? "a named pipe (FIFO)" : "a symbolic link";
      expect(r.err).toBe(`error: ${lock} is ${what}, where hotelsite keeps the lock of ${path.join(dir, "dist")}; move it away (hotelsite creates the lock file itself), or choose another --out\n`);
      expect(r.code).toBe(2);
      expect(await readdir(dir)).toEqual([".dist.hotelsite-lock", "content"]);
    }
  });

  it("a marker that is a link to a real marker does not make a folder ours: refused, nothing deleted", async () => {
    const dir = await project("marker-link");
    expect((await runCli(["build", "--out", "ours"], dir)).code).toBe(0);
    await mkdir(path.join(dir, "docs"));
    await writeFile(path.join(dir, "docs", "notes.md"), "mine\n");
    await symlink(path.join(dir, "ours", ".hotelsite-output"), path.join(dir, "docs", ".hotelsite-output"));
    const r = await runCli(["build", "--out", "docs"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: refusing to replace .*docs: it is not empty and has no \.hotelsite-output marker/);
    expect(await files(path.join(dir, "docs"))).toEqual(["notes.md"]);
    expect(await leftovers(dir)).toEqual([]);
  });

  it("a marker that is a FIFO is not opened for long and does not count", async () => {
    const dir = await project("marker-fifo");
    await mkdir(path.join(dir, "docs"));
    await writeFile(path.join(dir, "docs", "notes.md"), "mine\n");
    spawnSync("mkfifo", [path.join(dir, "docs", ".hotelsite-output")]);
    const r = await runCli(["build", "--out", "docs"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: refusing to replace .*docs: it is not empty and has no \.hotelsite-output marker/);
    expect(await files(path.join(dir, "docs"))).toEqual(["notes.md"]);
  });
});
