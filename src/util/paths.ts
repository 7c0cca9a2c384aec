// Locates hotelsite's own files (bundled templates, schemas, cache) whether it runs from src/ or lib/.
import { constants, existsSync } from "node:fs";
import { access, mkdir } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The folder holding hotelsite's package.json. */
export function packageRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error("hotelsite: cannot find its own package.json");
    dir = up;
  }
  root = dir;
  return dir;
}

/**
 * Where hotelsite keeps what it compiles (templates, the pool worker, image variants): the user's cache folder
 * ($XDG_CACHE_HOME/hotelsite, else ~/.cache/hotelsite), never the package's own folder, which a global or
 * system install makes read-only. After {@link writableCacheDir} found it unwritable, the fallback it chose.
 */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (chosen) return chosen;
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(homedir(), ".cache");
  return path.join(base, "hotelsite");
}

let chosen: string | undefined;
let probed: Promise<string | undefined> | undefined;

/**
 * The first cache folder this process can write to: {@link cacheDir}, else one in the system's temp folder;
 * undefined when neither can be written (the build then runs without a cache).
 */
export function writableCacheDir(): Promise<string | undefined> {
  return (probed ??= (async () => {
    const uid = typeof process.getuid === "function" ? process.getuid() : "user";
    for (const dir of [cacheDir(), path.join(tmpdir(), `hotelsite-${uid}`)]) {
      try {
        await mkdir(dir, { recursive: true });
        await access(dir, constants.W_OK);
        return (chosen = dir);
      } catch {
        // Not writable here: try the next place.
      }
    }
    return undefined;
  })());
}

/** True when absolute path `p` is `dir` itself or lies inside it: the one containment test of the code base. */
export function isWithin(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
