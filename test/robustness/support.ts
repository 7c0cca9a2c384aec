// Helpers for the robustness tests: case folders made from the fixture site, and fingerprints of output
// folders that show whether a build touched them.
import { createHash } from "node:crypto";
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm, stat, symlink, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import type { BadCase, Change, Places } from "../fixtures/bad/cases.js";
import { FIXTURE, REPO } from "../support/fixture.js";

/** Applies changes to the files under `base`. */
export async function applyChanges(base: string, changes: Record<string, Change> = {}): Promise<void> {
  for (const [rel, change] of Object.entries(changes)) {
    const full = path.join(base, rel);
    await mkdir(path.dirname(full), { recursive: true });
    if (change === null) {
      await rm(full, { recursive: true, force: true });
    } else if (typeof change === "string" || change instanceof Uint8Array) {
      await writeFile(full, change);
    } else if (typeof change === "function") {
      await writeFile(full, change(await readFile(full, "utf8").catch(() => "")));
    } else if ("copyOf" in change) {
      const text = await readFile(path.join(base, change.copyOf), "utf8");
      await writeFile(full, change.edit ? change.edit(text) : text);
      if (change.mode !== undefined) await chmod(full, change.mode);
    } else if ("text" in change) {
      await writeFile(full, change.text);
      await chmod(full, change.mode);
    } else if ("symlink" in change) {
      await rm(full, { recursive: true, force: true });
      await symlink(change.symlink, full);
    } else if ("fifo" in change) {
      await rm(full, { recursive: true, force: true });
      execFileSync("mkfifo", [full]);
    } else {
      await rm(full, { force: true });
      await mkdir(full, { recursive: true });
    }
  }
}

/** A folder for one case: the fixture site as content/, patched, and a patched copy of templates/ when asked. */
export async function caseFolder(root: string, c: BadCase): Promise<{ dir: string; argv: string[] }> {
  const dir = await mkdtemp(path.join(root, "case-"));
  await cp(FIXTURE, path.join(dir, "content"), { recursive: true });
  await applyChanges(path.join(dir, "content"), c.content);
  await applyChanges(dir, c.around);
  const argv = ["--content", "content"];
  if (c.templates) {
    await cp(path.join(REPO, "templates"), path.join(dir, "templates"), { recursive: true });
    // Templates import npm packages (fonts); a copy outside the project finds them the way a user's project does.
    await symlink(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
    await applyChanges(path.join(dir, "templates"), c.templates);
    argv.push("--templates", "templates");
  }
  return { dir, argv: [...argv, ...(c.args ?? [])] };
}

/** Line and column lookups in a case folder's files. */
export function placesIn(dir: string): Places {
  const lines = (file: string) => readFileSync(path.join(dir, file), "utf8").split("\n");
  const find = (file: string, text: string) => {
    const all = lines(file);
    const i = all.findIndex((l) => l.includes(text));
    if (i < 0) throw new Error(`${file} has no line containing ${JSON.stringify(text)}`);
    return { line: i + 1, column: all[i].indexOf(text) + 1 };
  };
  return {
    line: (file, text) => find(file, text).line,
    column: (file, text) => find(file, text).column,
    lines: (file) => lines(file).length,
    real: (file) => realpathSync(path.join(dir, file)),
  };
}

/** One file of a folder as a test sees it: path, size, content hash and modification time. */
export interface FilePrint {
  path: string;
  size: number;
  sha256: string;
  mtimeMs: number;
}

/** Every file under `dir` with its hash and mtime, plus the folder's own inode: equal prints mean untouched. */
export async function fingerprint(dir: string): Promise<{ ino: number; files: FilePrint[] }> {
  const files: FilePrint[] = [];
  async function walk(at: string): Promise<void> {
    for (const e of await readdir(at, { withFileTypes: true })) {
      const full = path.join(at, e.name);
      if (e.isDirectory()) await walk(full);
      else {
        const info = await lstat(full);
        const bytes = await readFile(full);
        files.push({ path: path.relative(dir, full), size: info.size, sha256: createHash("sha256").update(bytes).digest("hex"), mtimeMs: info.mtimeMs });
      }
    }
  }
  await walk(dir);
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { ino: (await stat(dir)).ino, files };
}

/**
 * Every entry under `dir` without following links or opening anything but regular files: kind, mode, and the
 * content hash of a file or the target of a link. Equal prints mean nothing in the folder changed.
 */
export async function treePrint(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(at: string): Promise<void> {
    for (const name of (await readdir(at)).sort()) {
      const full = path.join(at, name);
      const info = await lstat(full);
      const rel = path.relative(dir, full);
      const mode = (info.mode & 0o7777).toString(8);
      if (info.isDirectory()) {
        out.push(`${rel}/ ${mode}`);
        await walk(full);
      } else if (info.isSymbolicLink()) out.push(`${rel} -> ${await readlink(full)}`);
      else if (info.isFile()) out.push(`${rel} ${mode} ${createHash("sha256").update(await readFile(full)).digest("hex")}`);
      else out.push(`${rel} ${mode} special`);
    }
  }
  await walk(dir);
  return out;
}

/** Names beside an output folder that a build leaves while it works (temporary and moved-aside folders). */
export async function leftovers(parent: string): Promise<string[]> {
  // The spare (the output before last, the next build's staging folder) is kept on purpose, not left over.
  return (await readdir(parent)).filter((n) => n.includes(".hotelsite-") && !n.endsWith(".hotelsite-spare")).sort();
}

/** The real path of a temp folder (tmpdir may itself be a link), for comparing printed paths. */
export async function tempRoot(prefix: string, base: string): Promise<string> {
  return realpath(await mkdtemp(path.join(base, prefix)));
}

/** The preload that holds a hotelsite process at a point a test names (HOTELSITE_TEST_PAUSE): node --import PAUSE. */
export const PAUSE = path.join(REPO, "test", "support", "pause.mjs");

/**
 * Compiles the CLI the way `npm run compile` does, but into a private folder inside the project (so packages
 * and the bundled templates resolve as they do for lib/), with a copy of bin/hotelsite.js beside it. Tests that
 * spawn the CLI use this, so they neither depend on a stale lib/ nor race other tests reading lib/cli.js.
 */
export async function compileCli(): Promise<{ bin: string; cleanup: () => Promise<void> }> {
  const { execFileSync } = await import("node:child_process");
  const dir = path.join(REPO, "node_modules", ".cache", "hotelsite-test", `cli-${process.pid}`);
  const script = (JSON.parse(await readFile(path.join(REPO, "package.json"), "utf8")) as { scripts: { compile: string } }).scripts.compile;
  // The script writes lib/cli.js (--outfile) or lib/*.js (--outdir); both are redirected to the private lib/.
  // Only the bundle: the step before it empties, and the step after it writes the validators and the bundled
  // templates into, the repository's own lib/, which other tests read (the private lib/ starts empty anyway).
  const command = script
    .replace(/^node -e "fs\.rmSync\('lib', \{ recursive: true, force: true \}\)" && /, "")
    .replace(/ && node scripts\/packaged\.mjs$/, "")
    .replace("--outfile=lib/cli.js", `--outfile=${path.join(dir, "lib", "cli.js")}`)
    .replace("--outdir=lib ", `--outdir=${path.join(dir, "lib")} `);
  if (command === script) throw new Error(`the compile script no longer writes lib/cli.js or lib/: ${script}`);
  if (command.includes("rmSync")) throw new Error(`the compile script empties lib/ in a way compileCli does not leave out: ${script}`);
  execFileSync("sh", ["-c", command], { cwd: REPO, env: { ...process.env, PATH: `${path.join(REPO, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}` } });
  await mkdir(path.join(dir, "bin"), { recursive: true });
  await cp(path.join(REPO, "bin", "hotelsite.js"), path.join(dir, "bin", "hotelsite.js"));
  return { bin: path.join(dir, "bin", "hotelsite.js"), cleanup: () => rm(dir, { recursive: true, force: true }) };
}
