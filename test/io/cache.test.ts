// The user's cache (io/cache.ts): a folder private to its user, chosen once per process, refused when it is a link,
// someone else's or writable by others, never made with a recursive mkdir that spins on /proc/self; and entries
// that are used only when they hold what their name (or seal) says, a damaged one made again with a one-line note.
import { execFileSync } from "node:child_process";
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, truncate, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CACHE_FILES_KEPT, cacheFile, digest, readNamedSealed, readSealed, userCache, writeNamedSealed, writeSealed } from "../../src/io/cache.js";
import { setEnv } from "../support/env.js";
import { stderrNotes } from "../support/stderr-notes.js";

const NOBODY = 65534;
let dir: string;
let notes: string[];
let restore: () => void;
let restoreEnv: () => void;

/** Points the cache at `xdg` (an XDG_CACHE_HOME) with the temp folder `tmp` as the fallback's place. */
function useCache(xdg: string, tmp = path.join(dir, "tmp")): void {
  process.env.XDG_CACHE_HOME = xdg;
  process.env.TMPDIR = tmp;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-cache-"));
  await mkdir(path.join(dir, "tmp"));
  ({ lines: notes, restore } = stderrNotes());
  restoreEnv = setEnv({ XDG_CACHE_HOME: path.join(dir, "xdg"), TMPDIR: path.join(dir, "tmp") });
});
afterEach(async () => {
  restore();
  restoreEnv();
  await rm(dir, { recursive: true, force: true });
});

const fallback = () => path.join(dir, "tmp", `hotelsite-${process.getuid!()}`);
const mode = async (p: string) => (await stat(p)).mode & 0o777;

describe("userCache", () => {
  it("makes $XDG_CACHE_HOME/hotelsite (and XDG_CACHE_HOME itself) private to the user, quietly", async () => {
    expect(userCache()).toBe(path.join(dir, "xdg", "hotelsite"));
    expect(await mode(path.join(dir, "xdg", "hotelsite"))).toBe(0o700);
    expect(await mode(path.join(dir, "xdg"))).toBe(0o700);
    expect(notes).toEqual([]);
  });

  it("keeps an existing folder of the user's that others cannot write (an older hotelsite's 755)", async () => {
    await mkdir(path.join(dir, "xdg", "hotelsite"), { recursive: true, mode: 0o755 });
    await chmod(path.join(dir, "xdg", "hotelsite"), 0o755);
    expect(userCache()).toBe(path.join(dir, "xdg", "hotelsite"));
    expect(notes).toEqual([]);
  });

  const unsafe: [string, (cache: string) => Promise<void>, string][] = [
    ["a link to a folder elsewhere", async (c) => { await mkdir(path.join(dir, "elsewhere")); await symlink(path.join(dir, "elsewhere"), c); }, "it is a symbolic link"],
    ["another user's folder", async (c) => { await mkdir(c, { mode: 0o700 }); await chown(c, NOBODY, NOBODY); }, `it belongs to another user (uid ${NOBODY})`],
    ["a folder anyone may write", async (c) => { await mkdir(c); await chmod(c, 0o777); }, "others may write to it (mode 777; chmod 700 makes it private)"],
    ["a folder its group may write", async (c) => { await mkdir(c); await chmod(c, 0o770); }, "others may write to it (mode 770; chmod 700 makes it private)"],
    ["a file", async (c) => writeFile(c, "not a folder"), "it is not a folder"],
  ];
  for (const [what, make, why] of unsafe) {
    it(`refuses ${what} with one note and uses its own folder in the temp folder`, async () => {
      const cache = path.join(dir, "xdg", "hotelsite");
      await mkdir(path.dirname(cache), { recursive: true });
      await make(cache);
      expect(userCache()).toBe(fallback());
      expect(userCache()).toBe(fallback());
      expect(notes).toEqual([`hotelsite: the cache folder ${cache} is not used (${why}); the cache is in ${fallback()}`]);
      expect(await mode(fallback())).toBe(0o700);
      if (what.startsWith("a link")) expect(await readdir(path.join(dir, "elsewhere"))).toEqual([]);
    });
  }

  it("refuses a temp-folder fallback another user made first, and builds without a cache, saying so", async () => {
    await writeFile(path.join(dir, "xdg"), "a file where XDG_CACHE_HOME should be");
    await mkdir(fallback(), { mode: 0o777 });
    await chown(fallback(), NOBODY, NOBODY);
    await writeFile(path.join(fallback(), "validators-0000000000000000.cjs"), "planted");
    expect(userCache()).toBeUndefined();
    expect(notes).toEqual([
      `hotelsite: the cache folder ${fallback()} is not used (it belongs to another user (uid ${NOBODY})); building without a cache (set XDG_CACHE_HOME to a folder of your own)`,
    ]);
    expect(cacheFile("templates-0123456789abcdef.mjs", "export {};")).toBeUndefined();
    expect(readSealed("validators-0000000000000000.cjs", 1024)).toBeUndefined();
  });

  for (const special of ["/proc/self", "/proc/self/fd", "/dev/null", "/sys", "/proc/self/nonexistent/cache"]) {
    it(`passes over XDG_CACHE_HOME=${special} at once, for the temp folder's`, () => {
      useCache(special);
      expect(userCache()).toBe(fallback());
    });
  }
});

describe("cacheFile", () => {
  it("writes an entry, keeps it while it holds the same code, and leaves no temporary file", async () => {
    const file = cacheFile("templates-0123456789abcdef.mjs", "export {};")!;
    expect(file).toBe(path.join(userCache()!, "templates-0123456789abcdef.mjs"));
    const first = (await stat(file)).ino;
    expect(cacheFile("templates-0123456789abcdef.mjs", "export {};")).toBe(file);
    expect((await stat(file)).ino).toBe(first);
    expect(await readdir(userCache()!)).toEqual(["templates-0123456789abcdef.mjs"]);
    expect(notes).toEqual([]);
  });

  const damage: [string, (file: string) => Promise<void>][] = [
    ["emptied", (f) => truncate(f, 0)],
    ["cut short", (f) => truncate(f, 5)],
    ["planted with other code of the same length", (f) => writeFile(f, "export {}/")],
    ["planted with longer code", (f) => writeFile(f, "import('node:fs').then((fs) => fs.writeFileSync('/tmp/x', ''));")],
  ];
  for (const [what, hurt] of damage) {
    it(`writes an entry ${what} again, with one note`, async () => {
      const file = cacheFile("templates-0123456789abcdef.mjs", "export {};")!;
      await hurt(file);
      expect(cacheFile("templates-0123456789abcdef.mjs", "export {};")).toBe(file);
      expect(await readFile(file, "utf8")).toBe("export {};");
      expect(notes).toEqual([`hotelsite: the cache entry ${file} was damaged (it does not hold what its name says); it is made again`]);
    });
  }

  it("does without a name a link or a FIFO holds: never writes through the link, never opens the FIFO", async () => {
    const root = userCache()!;
    await writeFile(path.join(dir, "elsewhere.mjs"), "theirs");
    await symlink(path.join(dir, "elsewhere.mjs"), path.join(root, "linked-0123456789abcdef.mjs"));
    expect(cacheFile("linked-0123456789abcdef.mjs", "ours")).toBeUndefined();
    expect(await readFile(path.join(dir, "elsewhere.mjs"), "utf8")).toBe("theirs");
    execFileSync("mkfifo", [path.join(root, "pipe-0123456789abcdef.mjs")]);
    expect(cacheFile("pipe-0123456789abcdef.mjs", "ours")).toBeUndefined();
  });

  it("deletes the oldest files of the kind it writes beyond CACHE_FILES_KEPT once a day old, and nothing else", async () => {
    const root = userCache()!;
    const hash = (i: number) => i.toString(16).padStart(16, "0");
    const aged = async (name: string, daysAgo: number) => {
      await writeFile(path.join(root, name), "x");
      const at = new Date(Date.now() - daysAgo * 86_400_000);
      await utimes(path.join(root, name), at, at);
    };
    // 40 compiled template sets, each a day older than the next; 3 of today; others of another kind or name.
    for (let i = 0; i < 40; i++) await aged(`templates-${hash(i)}.mjs`, 2 + i);
    for (let i = 40; i < 43; i++) await aged(`templates-${hash(i)}.mjs`, 0);
    await aged(`worker-${hash(1)}.mjs`, 50);
    await aged("templates-not-a-hash.mjs", 50);
    expect(cacheFile(`templates-${hash(99)}.mjs`, "export {};")).toBeDefined();
    const left = (await readdir(root)).sort();
    // The new one, the 3 of today, and the 28 most recent old ones: 32 of the kind; the other 12 old ones went.
    const templates = left.filter((n) => /^templates-[0-9a-f]{16}\.mjs$/.test(n));
    expect(templates).toHaveLength(CACHE_FILES_KEPT);
    expect(templates).toContain(`templates-${hash(0)}.mjs`);
    expect(templates).not.toContain(`templates-${hash(39)}.mjs`);
    expect(left).toContain(`worker-${hash(1)}.mjs`);
    expect(left).toContain("templates-not-a-hash.mjs");
  });
});

describe("sealed entries", () => {
  it("reads back what was written, and refuses (with a note) a body that no longer has its seal's digest", async () => {
    expect(writeSealed("validators-0000000000000001.cjs", "module.exports = 1;\n")).toBe(true);
    expect(readSealed("validators-0000000000000001.cjs", 1024)).toBe("module.exports = 1;\n");
    const sealed = await readFile(path.join(userCache()!, "validators-0000000000000001.cjs"), "utf8");
    expect(sealed).toBe(`// hotelsite cache entry ${digest("module.exports = 1;\n")}\nmodule.exports = 1;\n`);
    // Each damage to an entry of its own: a note is written once per text.
    const damages = [(s: string) => s.slice(0, -3), () => "", () => "module.exports = 1;\n", (s: string) => s.replace("1;", "2;")];
    for (const [i, damage] of damages.entries()) {
      const name = `validators-000000000000001${i}.cjs`;
      expect(writeSealed(name, "module.exports = 1;\n")).toBe(true);
      const file = path.join(userCache()!, name);
      notes.length = 0;
      await writeFile(file, damage(sealed));
      expect(readSealed(name, 1024)).toBeUndefined();
      expect(notes).toEqual([`hotelsite: the cache entry ${file} was damaged (it does not hold what its name says); it is made again`]);
    }
    expect(readSealed("validators-0000000000000002.cjs", 1024)).toBeUndefined();
  });

  it("names a file by its bytes' digest, and removes one whose bytes no longer match its name", async () => {
    const root = userCache()!;
    const file = writeNamedSealed(root, "0123456789-480.avif", Buffer.from("pixels"))!;
    expect(path.basename(file)).toBe(`0123456789-480.avif.${digest("pixels")}`);
    expect(readNamedSealed(file, 1024)?.toString()).toBe("pixels");
    await writeFile(file, "pixel");
    expect(readNamedSealed(file, 1024)).toBeUndefined();
    expect(notes).toEqual([`hotelsite: the cache entry ${file} was damaged (it does not hold what its name says); it is made again`]);
    expect(await lstat(file).catch(() => "gone")).toBe("gone");
  });
});
