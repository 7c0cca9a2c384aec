// Locates hotelsite's own files (bundled templates, schemas, cache) whether it runs from src/ or lib/.
import { existsSync } from "node:fs";
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

/** Where hotelsite keeps what it compiles (templates, the pool worker): node_modules/.cache/hotelsite. */
export function cacheDir(): string {
  return path.join(packageRoot(), "node_modules", ".cache", "hotelsite");
}
