// Tells watch which paths may have changed: one fs.watch per folder, never reading a folder again on an event in it (a
// listing watcher's lstats delayed each save's rebuild); a folder replaced under its name, or a root replaced, is re-watched.
import { existsSync, watch as fsWatch, type FSWatcher, type Stats } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";

/** Options for {@link watchFolders}. */
export interface FolderWatchOptions {
  /** Folders watched with everything inside them (a missing one is skipped). */
  roots: string[];
  /** Paths never reported nor entered (a folder's own path is asked before its entries). */
  ignored?: (abs: string) => boolean;
  /** Called with the absolute path of every entry an event names: a file, a folder, or one that is gone. */
  onPath: (abs: string) => void;
  /** Called when a root is replaced by another folder, disappears, or comes back (watch logs it). */
  onRoot?: (root: string, what: "replaced" | "gone" | "back") => void;
  /** Called after the folders watched changed (one added or dropped): tests wait on it rather than on a timer. */
  onFolders?: () => void;
}

/** Folders being watched; close() stops every watcher. */
export interface FolderWatch {
  /** The folders watched now, for tests and diagnostics. */
  folders(): string[];
  close(): void;
}

/** A folder's identity: another folder put in its place has another. */
const identity = (info: Stats) => `${info.dev}:${info.ino}`;

/** Starts watching `roots` and every folder below them; resolves once all that exist now are watched. */
export async function watchFolders(opts: FolderWatchOptions): Promise<FolderWatch> {
  const ignored = opts.ignored ?? (() => false);
  const watchers = new Map<string, { watcher: FSWatcher; real: string; id: string }>();
  const parents: FSWatcher[] = [];
  const roots = opts.roots.map((r) => path.resolve(r));
  const reals = new Set<string>();
  let closed = false;

  const drop = (dir: string) => {
    for (const [d, w] of watchers) {
      if (d !== dir && !d.startsWith(dir + path.sep)) continue;
      w.watcher.close();
      reals.delete(w.real);
      watchers.delete(d);
      opts.onFolders?.();
    }
  };

  /** Watches `dir` and the folders below it; `report` also names every entry found (a folder that just appeared). */
  const add = async (dir: string, report: boolean): Promise<void> => {
    if (closed || watchers.has(dir) || ignored(dir)) return;
    // A link to a folder is followed once: the real path keeps a loop of links from being entered forever.
    const real = await realpath(dir).catch(() => undefined);
    if (!real || reals.has(real) || closed || watchers.has(dir)) return;
    const info = await stat(real).catch(() => undefined);
    if (!info?.isDirectory() || closed || watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = fsWatch(dir, { persistent: true }, (_event, name) => onEvent(dir, name));
    } catch {
      return; // gone again, or not ours to read: its parent's events still name it
    }
    // A watcher error (the folder removed, a limit reached) ends that folder's watching, not the session.
    watcher.on("error", () => drop(dir));
    watchers.set(dir, { watcher, real, id: identity(info) });
    reals.add(real);
    opts.onFolders?.();
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.map(async (e) => {
        const abs = path.join(dir, e.name);
        if (ignored(abs)) return;
        if (report) opts.onPath(abs);
        if (e.isDirectory() || e.isSymbolicLink()) await add(abs, report);
      }),
    );
  };

  /** Re-watches a folder an event named that is new, back or another one under its name; drops one that is gone. */
  const recheckNow = async (abs: string): Promise<void> => {
    const info = await stat(abs).catch(() => undefined);
    if (closed) return;
    const was = watchers.get(abs);
    const isRoot = roots.includes(abs);
    if (!info?.isDirectory()) {
      if (was) {
        drop(abs);
        if (isRoot) opts.onRoot?.(abs, "gone");
      }
      return;
    }
    if (was && was.id === identity(info)) return;
    if (was) drop(abs);
    if (isRoot) opts.onRoot?.(abs, was ? "replaced" : "back");
    await add(abs, true);
  };

  // One look at a time per folder, in order: two events for one replacement re-watch it (and log it) once.
  const checks = new Map<string, Promise<void>>();
  const recheck = (abs: string): Promise<void> => {
    const next = (checks.get(abs) ?? Promise.resolve()).then(() => recheckNow(abs));
    checks.set(abs, next);
    void next.then(() => checks.get(abs) === next && checks.delete(abs));
    return next;
  };

  /** Watches a root's parent for the root's own name: the root's watcher cannot see itself replaced. */
  const watchParent = (root: string) => {
    const parent = path.dirname(root);
    if (parent === root) return;
    try {
      const w = fsWatch(parent, { persistent: true }, (_event, name) => {
        if (closed || (name && name.toString() !== path.basename(root))) return;
        opts.onPath(root);
        void recheck(root);
      });
      w.on("error", () => w.close());
      parents.push(w);
    } catch {
      // A parent that cannot be watched: the root is still watched while it stays in place.
    }
  };

  const onEvent = (dir: string, name: string | Buffer | null) => {
    if (closed) return;
    const entry = name?.toString();
    // Linux names a watched folder that was removed or moved away by its own name: then the event is about it.
    const abs = !entry || (entry === path.basename(dir) && !existsSync(dir)) ? dir : path.join(dir, entry);
    if (ignored(abs)) return;
    opts.onPath(abs);
    void recheck(abs);
  };

  for (const root of roots) watchParent(root);
  await Promise.all(roots.map((r) => add(r, false)));
  return {
    folders: () => [...watchers.keys()].sort(),
    close() {
      closed = true;
      for (const w of parents) w.close();
      for (const { watcher } of watchers.values()) watcher.close();
      watchers.clear();
      reals.clear();
    },
  };
}
