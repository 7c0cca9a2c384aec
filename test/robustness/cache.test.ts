// The user's cache as an attack surface (issue 39), through the real CLI: a cache folder that is a special place
// (/proc/self, /dev/null) neither spins nor hangs; one another user owns, or anyone may write, or a link, is never
// used, so code planted there never runs; an entry planted, cut or emptied in the user's own cache is made again
// with a one-line note and never run; a link at the parse cache's folder is neither written through nor pruned.
// Each test runs the CLI once or twice as a process: generous time limits, for a loaded machine.
import { spawnSync } from "node:child_process";
import { chmod, chown, cp, mkdir, readdir, readFile, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digest } from "../../src/io/cache.js";
import { FIXTURE, REPO } from "../support/fixture.js";
import { compileCli, tempRoot, treePrint } from "./support.js";

const NOBODY = 65534;
let cli: Awaited<ReturnType<typeof compileCli>>;
let root: string;
beforeAll(async () => {
  cli = await compileCli();
  root = await tempRoot("hotelsite-cache-", tmpdir());
}, 120_000);
afterAll(async () => {
  await cli?.cleanup();
  await rm(root, { recursive: true, force: true });
});

/** A project holding the fixture site with its own templates (a copy of the bundled ones: the bundled set comes
 * compiled from lib/, a site's own set is what the user cache keeps), its own temp folder and a place for its cache. */
async function project(name: string): Promise<{ dir: string; tmp: string; xdg: string; ran: string }> {
  const dir = path.join(root, name);
  await cp(FIXTURE, path.join(dir, "content"), { recursive: true });
  await cp(path.join(REPO, "templates"), path.join(dir, "templates"), { recursive: true });
  await mkdir(path.join(dir, "tmp"));
  return { dir, tmp: path.join(dir, "tmp"), xdg: path.join(dir, "xdg"), ran: path.join(dir, "planted-code-ran") };
}

/** Builds the project with this cache home and temp folder; never waits past a minute (a hang fails). */
function build(p: { dir: string; tmp: string }, xdg: string) {
  const r = spawnSync(process.execPath, [cli.bin, "build", "--out", "dist", "--templates", "templates"], { cwd: p.dir, env: { ...process.env, XDG_CACHE_HOME: xdg, TMPDIR: p.tmp }, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** ES module code that leaves a file behind when it runs. */
const plantedEsm = (ran: string) => `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(ran)}, "ran");\n`;
const damaged = (file: string) => `hotelsite: the cache entry ${file} was damaged (it does not hold what its name says); it is made again\n`;

describe("a cache folder in a special place", () => {
  // The other special places are in test/io/cache.test.ts; these two through the whole CLI.
  for (const special of ["/proc/self", "/dev/null"]) {
    it(`XDG_CACHE_HOME=${special}: builds with the temp folder's private cache, no spin, no hang`, { timeout: 120_000 }, async () => {
      const p = await project(`special-${special.replace(/\W/g, "-")}`);
      const r = build(p, special);
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^Built 15 pages/m);
      expect((await readdir(path.join(p.tmp, `hotelsite-${process.getuid!()}`))).some((n) => /^templates-[0-9a-f]{16}\.mjs$/.test(n))).toBe(true);
    });
  }
});

describe("a cache folder someone else can write", () => {
  /** Compiled templates sealed as hotelsite seals them, for every name the build might look for: planted in `dir`. */
  async function plantTemplates(dir: string, ran: string, like: string[]): Promise<void> {
    for (const name of like) await writeFile(path.join(dir, name), `// hotelsite cache entry ${digest(plantedEsm(ran))}\n${plantedEsm(ran)}`);
  }
  let names: string[];
  beforeAll(async () => {
    const p = await project("names");
    expect(build(p, p.xdg).code).toBe(0);
    names = (await readdir(path.join(p.xdg, "hotelsite"))).filter((n) => /^templates-/.test(n)).sort();
    // The compiled module and the manifest saying what it was made from.
    expect(names.map((n) => n.replace(/[0-9a-f]{16}/, "<hash>"))).toEqual(["templates-<hash>.mjs", "templates-manifest-<hash>.json"]);
  }, 120_000);

  const cases: [string, (cache: string) => Promise<void>, string][] = [
    ["writable by anyone", (c) => chmod(c, 0o777), "others may write to it (mode 777; chmod 700 makes it private)"],
    ["writable by its group", (c) => chmod(c, 0o775), "others may write to it (mode 775; chmod 700 makes it private)"],
    ["owned by another user", (c) => chown(c, NOBODY, NOBODY), `it belongs to another user (uid ${NOBODY})`],
  ];
  for (const [what, make, why] of cases) {
    it(`${what}: refused with one note, its planted templates module never run`, { timeout: 120_000 }, async () => {
      const p = await project(`shared-${what.replace(/\W/g, "-")}`);
      const cache = path.join(p.xdg, "hotelsite");
      await mkdir(cache, { recursive: true });
      await plantTemplates(cache, p.ran, names);
      await make(cache);
      const r = build(p, p.xdg);
      const fallback = path.join(p.tmp, `hotelsite-${process.getuid!()}`);
      expect(r.err).toBe(`hotelsite: the cache folder ${cache} is not used (${why}); the cache is in ${fallback}\n`);
      expect(r.code).toBe(0);
      expect(await readFile(p.ran, "utf8").catch(() => "never ran")).toBe("never ran");
    });
  }

  it("a link to a folder elsewhere: refused, nothing written there", { timeout: 120_000 }, async () => {
    const p = await project("linked-cache");
    const elsewhere = path.join(p.dir, "elsewhere");
    await mkdir(elsewhere);
    await plantTemplates(elsewhere, p.ran, names);
    await mkdir(p.xdg);
    await symlink(elsewhere, path.join(p.xdg, "hotelsite"));
    const before = await treePrint(elsewhere);
    const r = build(p, p.xdg);
    expect(r.err).toBe(`hotelsite: the cache folder ${path.join(p.xdg, "hotelsite")} is not used (it is a symbolic link); the cache is in ${path.join(p.tmp, `hotelsite-${process.getuid!()}`)}\n`);
    expect(r.code).toBe(0);
    expect(await treePrint(elsewhere)).toEqual(before);
    expect(await readFile(p.ran, "utf8").catch(() => "never ran")).toBe("never ran");
  });

  it("the temp folder's fallback made first by another user: refused, the build runs without a cache", { timeout: 120_000 }, async () => {
    const p = await project("taken-fallback");
    const taken = path.join(p.tmp, `hotelsite-${process.getuid!()}`);
    await mkdir(taken);
    await plantTemplates(taken, p.ran, names);
    await chmod(taken, 0o777);
    await chown(taken, NOBODY, NOBODY);
    const r = build(p, "/proc/self");
    expect(r.err).toBe(`hotelsite: the cache folder ${taken} is not used (it belongs to another user (uid ${NOBODY})); building without a cache (set XDG_CACHE_HOME to a folder of your own)\n`);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Built 15 pages/m);
    expect(await readFile(p.ran, "utf8").catch(() => "never ran")).toBe("never ran");
  });
});

describe("entries of the user's own cache", () => {
  /** Builds once, hurts the one entry matching `name`, builds again: that build's result and the entry's path. */
  async function hurtAndBuild(label: string, name: RegExp, hurt: (file: string, ran: string) => Promise<void>) {
    const p = await project(label);
    expect(build(p, p.xdg).code).toBe(0);
    const cache = path.join(p.xdg, "hotelsite");
    const found = (await readdir(cache)).filter((n) => name.test(n));
    expect(found).toHaveLength(1);
    const file = path.join(cache, found[0]);
    const good = await readFile(file);
    await hurt(file, p.ran);
    return { r: build(p, p.xdg), file, good, p };
  }
  const TEMPLATES = /^templates-[0-9a-f]{16}\.mjs$/;
  // More kinds of damage, entry by entry, are in test/io/cache.test.ts; these through the whole CLI. (The compiled
  // CLI finds its schema validators in its own lib/, written by `npm run compile`: it never reads them from the cache.)
  const cases: [string, RegExp, (file: string, ran: string) => Promise<void>][] = [
    ["compiled templates replaced by planted code", TEMPLATES, (f, ran) => writeFile(f, plantedEsm(ran))],
    ["compiled templates cut in half", TEMPLATES, async (f) => truncate(f, Math.floor((await readFile(f)).length / 2))],
    ["compiled templates' body replaced under their old seal", TEMPLATES, async (f, ran) => writeFile(f, (await readFile(f, "utf8")).split("\n")[0] + "\n" + plantedEsm(ran))],
  ];
  for (const [what, name, hurt] of cases) {
    it(`${what}: made again with a one-line note, never run, exit 0`, { timeout: 120_000 }, async () => {
      const { r, file, good, p } = await hurtAndBuild(what.replace(/\W+/g, "-"), name, hurt);
      expect(r.err).toBe(damaged(file));
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^Built 15 pages/m);
      expect(await readFile(file)).toEqual(good);
      expect(await readFile(p.ran, "utf8").catch(() => "never ran")).toBe("never ran");
    });
  }

  it("the parse cache cut short or changed: made again with a one-line note", { timeout: 240_000 }, async () => {
    for (const [label, hurt] of [
      ["cut", async (f: string) => truncate(f, Math.floor((await readFile(f)).length / 2))],
      ["changed", async (f: string) => {
        const bytes = await readFile(f);
        const at = bytes.indexOf("Alpha");
        expect(at).toBeGreaterThan(-1);
        bytes[at] = "B".charCodeAt(0);
        await writeFile(f, bytes);
      }],
    ] as const) {
      const p = await project(`parse-${label}`);
      // The parse cache keeps only files left alone for a while: age them first.
      const past = new Date(Date.now() - 60_000);
      for (const f of await readdir(path.join(p.dir, "content"), { recursive: true })) await import("node:fs/promises").then((fs) => fs.utimes(path.join(p.dir, "content", f), past, past));
      // A folder's first build writes the cache without entries: two builds make one to hurt.
      expect(build(p, p.xdg).code).toBe(0);
      expect(build(p, p.xdg).code).toBe(0);
      const dir = path.join(p.xdg, "hotelsite", "content");
      const [name] = await readdir(dir);
      await hurt(path.join(dir, name));
      const r = build(p, p.xdg);
      expect(r.err).toBe(damaged(path.join(dir, name)));
      expect(r.code).toBe(0);
      // (A headline's last two words are bound by a no-break space.)
      expect(await readFile(path.join(p.dir, "dist", "test-brand-alpha", "index.html"), "utf8")).toContain("<h2>Welcome to\u00a0Alpha</h2>");
    }
  });

  it("a link at the parse cache's folder: neither written through nor pruned", { timeout: 120_000 }, async () => {
    const p = await project("linked-parse-cache");
    const elsewhere = path.join(p.dir, "elsewhere");
    await mkdir(elsewhere);
    for (let i = 0; i < 20; i++) await writeFile(path.join(elsewhere, `file-${i}.bin`), `mine ${i}`);
    await mkdir(path.join(p.xdg, "hotelsite"), { recursive: true, mode: 0o700 });
    await symlink(elsewhere, path.join(p.xdg, "hotelsite", "content"));
    await symlink(elsewhere, path.join(p.xdg, "hotelsite", "images"));
    const before = await treePrint(elsewhere);
    const r = build(p, p.xdg);
    expect(r.code).toBe(0);
    expect(await treePrint(elsewhere)).toEqual(before);
  });
});
