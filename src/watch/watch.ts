// `hotelsite watch`: builds once, serves the output with live reload, and updates it on every save whose bytes changed
// (src/update.ts decides what that means); a failed run keeps the last good pages and shows the error.
import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import path from "node:path";
import { isEditorFile } from "../content/editor-files.js";
import { readRegularFile } from "../content/read-file.js";
import { shownPath } from "../errors.js";
import { existsSync } from "node:fs";
import { runBuild } from "../build.js";
import { Session, type RunOptions, type RunReport, type State } from "../state.js";
import { schemasDir, templatesDirFor } from "../steps.js";
import { update } from "../update.js";
import { LIVE_SCRIPT_URL } from "./client.js";
import { createLiveReload, errorPayload } from "./live.js";
import { folderNote } from "./messages.js";
import { watchFolders, type FolderWatch } from "./folder-watch.js";
import { createChangeQueue } from "./queue.js";
import { startServer } from "./server.js";
import { OutputError } from "../write/writer.js";

/** Options for {@link startWatch}. */
export interface WatchOptions extends Omit<RunOptions, "devScript" | "preview"> {
  host?: string;
  /** Default 4321; 0 picks a free port. */
  port?: number;
  /** Called with each run's report (the CLI prints it). */
  onReport?: (report: RunReport) => void;
  /** Milliseconds to gather a burst of file events into one run. */
  delay?: number;
  /** Called with a line for the log when a watched folder is replaced, removed or comes back. */
  onNote?: (text: string) => void;
  /** Schedules the second look at a file (default: RECHECK_MS later) and returns its cancel; tests pass their own. */
  secondLook?: (look: () => void) => () => void;
}

/** A running watch session. */
export interface WatchSession {
  url: string;
  first: RunReport;
  roots: string[];
  /** Resolves with the next run's report. */
  nextRebuild(): Promise<RunReport>;
  /** Resolves when no rebuild is running or waiting and no second look at a file is pending. */
  idle(): Promise<void>;
  /** Stops watching and serving; waits for a running rebuild to finish. */
  stop(): Promise<void>;
}

/** Most bytes read to fingerprint a watched file; the rebuild applies each kind's own limit. */
const WATCHED_MAX_BYTES = 64 * 1024 * 1024;

/** How long after the first look at a file its bytes are looked at again, for a write still going on then. */
const RECHECK_MS = 80;

/** The default {@link WatchOptions.secondLook}: a timer. */
const afterRecheckMs = (look: () => void) => {
  const timer = setTimeout(look, RECHECK_MS);
  return () => clearTimeout(timer);
};

/** Editor droppings that are never content (content/editor-files.ts): hidden files, backups, swap and temporary files. */
export function ignoredPath(file: string): boolean {
  return isEditorFile(path.basename(file));
}

/** A fingerprint per file, so an event that left the bytes alone starts no rebuild; an empty file waits for its `late` look. */
function fingerprints() {
  const seen = new Map<string, string>();
  return async (paths: string[], late: (path: string) => boolean): Promise<string[]> => {
    const changed: string[] = [];
    for (const p of paths) {
      const read = await readRegularFile(p, { maxBytes: WATCHED_MAX_BYTES });
      if ("bytes" in read && read.bytes.byteLength === 0 && !late(p)) continue;
      const print = "bytes" in read ? createHash("sha1").update(read.bytes).digest("hex") : `refused ${read.refused.reason}`;
      if (seen.get(p) !== print) changed.push(p);
      seen.set(p, print);
    }
    return changed;
  };
}

/** Starts watch mode: the first build, the preview server and the watcher. */
export async function startWatch(opts: WatchOptions): Promise<WatchSession> {
  const cwd = opts.cwd ?? process.cwd();
  const outDir = path.resolve(cwd, opts.outDir);
  const roots = [path.resolve(cwd, opts.contentDir), templatesDirFor(opts), ...(existsSync(schemasDir()) ? [schemasDir()] : [])];
  const live = createLiveReload();
  const preview = { shown: () => live.showing(), written: (files: string[]) => live.reloadShowing(files) };
  const session = new Session({ ...opts, devScript: LIVE_SCRIPT_URL, preview });
  let state: State | undefined;
  // With no good state yet (the first build failed) a save builds everything, but it is still that save's run.
  const runWith = async (changed: Set<string> | "all"): Promise<RunReport> => {
    const result = state && changed !== "all" ? await update(session, state, changed) : await runBuild(session, true);
    if (!state && changed !== "all") result.report.changed = [...changed].map((f) => shownPath(f, cwd)).sort();
    state = result.state ?? state;
    return result.report;
  };
  const events = new EventEmitter<{ report: [RunReport] }>();
  const server = await startServer({ root: outDir, host: opts.host, port: opts.port, liveReload: live });

  const publish = (report: RunReport) => {
    if (report.ok) live.reload();
    else live.error(errorPayload(report.errors, report.failure));
    opts.onReport?.(report);
    events.emit("report", report);
  };

  let first: RunReport;
  // Paths named before the queue exists are dropped: the first build has just read them.
  let onPath = (_abs: string) => {};
  let watcher: FolderWatch | undefined;
  try {
    first = await runWith("all");
    // An output folder that must not be used (the project itself, the content) is not a save to fix: stop.
    if (first.failure instanceof OutputError) throw first.failure;
    publish(first);
    watcher = await watchFolders({
      roots,
      // A content or templates folder may itself be named with a dot (.templates): only what is inside is judged.
      ignored: (file: string) => (!roots.includes(file) && ignoredPath(file)) || file === outDir || file.startsWith(outDir + path.sep),
      onPath: (file) => onPath(file),
      onRoot: (root, what) => opts.onNote?.(folderNote(shownPath(root, cwd), what)),
    });
  } catch (e) {
    watcher?.close();
    await server.close();
    throw e;
  }

  const changedBytes = fingerprints();
  let stopped: Promise<void> | undefined;
  // Every file looked at is looked at once more a little later, for a write still going on; a new event cancels that look.
  const secondLook = opts.secondLook ?? afterRecheckMs;
  const looks = new Map<string, { cancel: () => void }>();
  // Paths whose last push is that second look, with no event since: an empty file is taken as it is then.
  const lateLooks = new Set<string>();
  let lookWaiters: (() => void)[] = [];
  const forgetLook = (abs: string) => {
    looks.get(abs)?.cancel();
    if (!looks.delete(abs)) return;
    const waiting = lookWaiters;
    lookWaiters = [];
    for (const w of waiting) w();
  };
  const queue = createChangeQueue({
    delay: opts.delay,
    run: async (paths) => {
      const late = new Set(paths.filter((p) => lateLooks.has(p)));
      for (const p of late) lateLooks.delete(p);
      const changed = await changedBytes(paths, (p) => late.has(p));
      for (const p of paths) {
        if (late.has(p) || stopped) continue;
        forgetLook(p);
        const look = { cancel: () => {} };
        looks.set(p, look);
        look.cancel = secondLook(() => {
          if (looks.get(p) !== look) return;
          forgetLook(p);
          lateLooks.add(p);
          queue.push(p);
        });
      }
      if (!changed.length) return;
      publish(await runWith(new Set(changed)));
    },
  });
  onPath = (abs: string) => {
    lateLooks.delete(abs);
    forgetLook(abs);
    queue.push(abs);
  };

  return {
    url: server.url,
    first,
    roots,
    nextRebuild: () => new Promise((resolve) => events.once("report", resolve)),
    idle: async () => {
      await queue.idle();
      while (looks.size) {
        await new Promise<void>((resolve) => lookWaiters.push(resolve));
        await queue.idle();
      }
    },
    stop: () =>
      (stopped ??= (async () => {
        watcher.close();
        for (const p of [...looks.keys()]) forgetLook(p);
        await queue.close();
        await server.close();
        await session.close();
      })()),
  };
}
