// Locates hotelsite's own files (bundled templates, schemas, cache) whether it runs from src/ or lib/.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
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

/** Where hotelsite's cache belongs, never the package's own folder (read-only in a system install); io/cache.ts vets it. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(homedir(), ".cache");
  return path.join(base, "hotelsite");
}

/** True when absolute path `p` is `dir` itself or lies inside it: the one containment test of the code base. */
export function isWithin(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
