// Permission refusals as a user meets them (issue 25): the tests run as root, which may write anywhere, so the
// CLI runs here as the unprivileged user nobody (setpriv) on folders that user may read but not write. Each case
// asserts the exit code, the message (file, reason, what to do; never a stack) and that nothing changed. Also
// here, since it needs the CLI run with its own cache folder: a cached module that is a FIFO is not waited on.
import { spawnSync } from "node:child_process";
import { chmod, cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE, REPO } from "../support/fixture.js";
import { compileCli, tempRoot, treePrint } from "./support.js";

const NOBODY = 65534;
let cli: Awaited<ReturnType<typeof compileCli>>;
let root: string;
let cache: string;
let entries: string[];

beforeAll(async () => {
  cli = await compileCli();
  root = await tempRoot("hotelsite-permissions-", tmpdir());
  await chmod(root, 0o755);
  // nobody's own cache folder, so the compiled validators and templates have somewhere to go.
  cache = path.join(root, "cache");
  await mkdir(cache);
  spawnSync("chown", [`${NOBODY}:${NOBODY}`, cache]);
  // Where asNobody mounts the project's entries: an empty folder or file for each (outside its mount namespace).
  const found = (await readdir(REPO, { withFileTypes: true })).filter((e) => e.name !== ".git");
  entries = found.map((e) => e.name);
  await mkdir(path.join(root, "pkg"));
  for (const e of found) {
    if (e.isDirectory()) await mkdir(path.join(root, "pkg", e.name));
    else await writeFile(path.join(root, "pkg", e.name), "");
  }
}, 120_000);
afterAll(async () => {
  await cli?.cleanup();
  await rm(root, { recursive: true, force: true });
});

/**
 * Runs the compiled CLI as nobody in `cwd`. The checkout may be, or sit in, a folder nobody cannot enter (a clone
 * in `mktemp -d`, a home folder of mode 700), so nobody runs it from `root/pkg`, a folder of mode 755 holding a
 * bind mount of each of the project's entries, made in a mount namespace of its own that ends with the process
 * (nothing to unmount, nothing left behind).
 */
function asNobody(cwd: string, args: string[]): { code: number | null; out: string; err: string } {
  const pkg = path.join(root, "pkg");
  const bin = path.join(pkg, path.relative(REPO, cli.bin));
  const script = 'from=$1; to=$2; shift 2; while [ "$1" != -- ]; do mount --bind "$from/$1" "$to/$1" || exit 97; shift; done; shift; exec "$@"';
  const nobody = ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", process.execPath, bin, ...args];
  const r = spawnSync("unshare", ["--mount", "sh", "-c", script, "sh", REPO, pkg, ...entries, "--", ...nobody], {
    cwd,
    env: { ...process.env, HOME: cache, XDG_CACHE_HOME: cache },
    encoding: "utf8",
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A project owned by root that everyone may read and no one else may write. */
async function project(name: string): Promise<string> {
  const dir = path.join(root, name);
  await cp(FIXTURE, path.join(dir, "content"), { recursive: true });
  return dir;
}

describe("a user without write permission", () => {
  it("is told the lock cannot be written (permission denied), exit 2, no stack, nothing changed", async () => {
    const dir = await project("read-only-content");
    const before = await treePrint(dir);
    const r = asNobody(dir, ["translate", "mark-current"]);
    expect(r.err).toBe(
      "error: content/translations.lock.json cannot be written: permission denied\n" +
        "    hint: check the permissions of the file and its folder, or run hotelsite as a user who may write there\n",
    );
    expect(r.code).toBe(2);
    expect(await treePrint(dir)).toEqual(before);
  });

  it("is told an XLIFF export cannot be written where it was asked to go", async () => {
    const dir = await project("read-only-export");
    const before = await treePrint(dir);
    const r = asNobody(dir, ["translate", "export", "--lang", "ja", "--out", "ja.xlf"]);
    expect(r.err).toBe("error: ja.xlf cannot be written: permission denied\n    hint: check the permissions of the file and its folder, or run hotelsite as a user who may write there\n");
    expect(r.code).toBe(2);
    expect(await treePrint(dir)).toEqual(before);
  });

  it("is told a lock it may not read cannot be read, exit 1", async () => {
    const dir = await project("unreadable-lock");
    await writeFile(path.join(dir, "content", "translations.lock.json"), '{"fields": {}, "english": {}}\n');
    await chmod(path.join(dir, "content", "translations.lock.json"), 0o600);
    const r = asNobody(dir, ["check"]);
    expect(r.err).toBe(
      "content/translations.lock.json cannot be read: permission denied\n" +
        "    hint: check the permissions of the file and its folders, or run hotelsite as a user who may read them\n\n" +
        "1 error found.\ncheck only reads: it wrote nothing.\n",
    );
    expect(r.code).toBe(1);
    expect(await readFile(path.join(dir, "content", "translations.lock.json"), "utf8")).toBe('{"fields": {}, "english": {}}\n');
  });
});

describe("hotelsite's own cache files", () => {
  it("a FIFO in place of the cached compiled templates is not opened for long: the build makes them again", async () => {
    const dir = await project("cache-fifo");
    // A site's own templates (the bundled ones come compiled from lib/): the user cache keeps their compiled module.
    await cp(path.join(REPO, "templates"), path.join(dir, "templates"), { recursive: true });
    const own = path.join(root, "own-cache");
    await mkdir(own);
    const env = { ...process.env, XDG_CACHE_HOME: own };
    const build = () => spawnSync(process.execPath, [cli.bin, "build", "--out", "dist", "--templates", "templates"], { cwd: dir, env, encoding: "utf8", timeout: 60_000 });
    expect(build().status).toBe(0);
    const cached = (await readdir(path.join(own, "hotelsite"))).filter((n) => /^templates-[0-9a-f]{16}\.mjs$/.test(n));
    expect(cached).toHaveLength(1);
    const module = path.join(own, "hotelsite", cached[0]);
    await rm(module);
    spawnSync("mkfifo", [module]);
    const r = build();
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Built 15 pages/m);
  });
});
