// Tells watch which paths may have changed under a few folders: one fs.watch per folder (inotify on Linux,
// FSEvents on macOS, ReadDirectoryChangesW on Windows), each event named by the folder and the entry in it.
// It replaced chokidar, which reads a folder again on every event in it (a readdir and an lstat per entry): at
// 1,334 hotel files each save started two such reads, whose 1,334 lstats filled libuv's pool while the rebuild
// waited behind them for its own reads (its load stage took 30-45 ms instead of 7-15, and the run started 20-35 ms
// after the save instead of 12) and whose entries this thread then went through. What changed is decided by
// watch.ts from the bytes, so this only has to never miss a path; it may name one too many.
import { existsSync, watch as fsWatch, type FSWatcher } from "node:fs";
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
}

/** Folders being watched; close() stops every watcher. */
export interface FolderWatch {
  /** The folders watched now (absolute), for tests and diagnostics. */
  folders(): string[];
  close(): void;
}

/** Starts watching `roots` and every folder below them; resolves once all that exist now are watched. */
export async function watchFolders(opts: FolderWatchOptions): Promise<FolderWatch> {
  const ignored = opts.ignored ?? (() => false);
  const watchers = new Map<string, { watcher: FSWatcher; real: string }>();
  const reals = new Set<string>();
  let closed = false;

  const drop = (dir: string) => {
    for (const [d, w] of watchers) {
      if (d !== dir && !d.startsWith(dir + path.sep)) continue;
      w.watcher.close();
      reals.delete(w.real);
      watchers.delete(d);
    }
  };

  /** Watches `dir` and the folders below it; `report` also names every entry found (a folder that just appeared). */
  const add = async (dir: string, report: boolean): Promise<void> => {
    if (closed || watchers.has(dir) || ignored(dir)) return;
    // A link to a folder is followed once: the real path keeps a loop of links from being entered forever.
    const real = await realpath(dir).catch(() => undefined);
    if (!real || reals.has(real) || closed || watchers.has(dir)) return;
    if (!(await stat(real).then((s) => s.isDirectory(), () => false))) return;
    let watcher: FSWatcher;
    try {
      watcher = fsWatch(dir, { persistent: true }, (_event, name) => onEvent(dir, name));
    } catch {
      return; // gone again, or not ours to read: its parent's events still name it
    }
    // A watcher error (the folder removed, a limit reached) ends that folder's watching, not the session.
    watcher.on("error", () => drop(dir));
    watchers.set(dir, { watcher, real });
    reals.add(real);
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

  const onEvent = (dir: string, name: string | Buffer | null) => {
    if (closed) return;
    const entry = name?.toString();
    // Linux names a watched folder that was removed or moved away by its own name: then the event is about it.
    const abs = !entry || (entry === path.basename(dir) && !existsSync(dir)) ? dir : path.join(dir, entry);
    if (ignored(abs)) return;
    opts.onPath(abs);
    void stat(abs).then(
      (s) => {
        // A new folder (or one put back) is watched, and what it already holds is named; a folder that became
        // a file is watched no more.
        if (!s.isDirectory()) drop(abs);
        else if (!watchers.has(abs)) return add(abs, true);
      },
      () => drop(abs),
    );
  };

  await Promise.all(opts.roots.map((r) => add(path.resolve(r), false)));
  return {
    folders: () => [...watchers.keys()].sort(),
    close() {
      closed = true;
      for (const { watcher } of watchers.values()) watcher.close();
      watchers.clear();
      reals.clear();
    },
  };
}
