// Live reload over server-sent events: pages hear of every rebuild and get the current error as they connect; each says
// which path it shows, so a run writing in batches reloads it as soon as its batch is on disk.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ContentError } from "../errors.js";
import { sameOrigin } from "./host-check.js";
import { EVENTS_URL, LIVE_SCRIPT, LIVE_SCRIPT_URL, OVERLAY_CSS, OVERLAY_CSS_URL } from "./client.js";
import { pageFile } from "./request-path.js";

/** What the overlay shows: each error with its place. */
export interface ErrorPayload {
  title: string;
  errors: { file: string; line?: number; column?: number; pointer?: string; message: string; hint?: string }[];
  note: string;
}

/** The live-reload hub the preview server and watch share. */
export interface LiveReload {
  /** Serves watch mode's own URLs (events, script, stylesheet); false for any other URL. */
  handle(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): boolean;
  /** Tells every page to reload (after a good rebuild), clearing the error; not those reloaded by reloadShowing during the run. */
  reload(): void;
  /** The output files the connected pages show (the pages a run renders and writes first). */
  showing(): string[];
  /** Tells the pages that show one of these files, just written, to reload now (a run's early batch). */
  reloadShowing(files: string[]): void;
  /** Tells every page to show this error (after a failed rebuild). */
  error(payload: ErrorPayload): void;
  /** Ends every open event stream. */
  close(): void;
}

/** The overlay payload for a failed rebuild. */
export function errorPayload(errors: ContentError[], failure?: Error): ErrorPayload {
  const note = "Still serving the last good pages. Fix the file and save; this page reloads by itself.";
  if (!errors.length) {
    return { title: "hotelsite: internal error (please report it)", errors: [{ file: "hotelsite", message: failure?.stack ?? String(failure) }], note };
  }
  return {
    title: `hotelsite: ${errors.length} error${errors.length === 1 ? "" : "s"} in the last save`,
    errors: errors.map((e) => ({ file: e.place.file, line: e.place.line, column: e.place.column, pointer: e.place.pointer, message: e.message, hint: e.hint })),
    note,
  };
}

/** Makes the hub. `session` distinguishes this watch run from an earlier one a page may have come from. */
export function createLiveReload(session = Date.now().toString(36)): LiveReload {
  const clients = new Map<ServerResponse, string | undefined>();
  /** Files written and reloaded during the run under way: their pages are up to date when it ends. */
  const early = new Set<string>();
  let build = 0;
  let current: ErrorPayload | null = null;
  const send = (res: ServerResponse, event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const hello = () => ({ build: `${session}-${build}`, error: current });

  return {
    handle(req, res, headers) {
      const url = (req.url ?? "").split("?")[0];
      const file = url === LIVE_SCRIPT_URL ? ["text/javascript; charset=utf-8", LIVE_SCRIPT] : url === OVERLAY_CSS_URL ? ["text/css; charset=utf-8", OVERLAY_CSS] : null;
      if (file) {
        res.writeHead(200, { ...headers, "Content-Type": file[0], "Cache-Control": "no-cache", "Content-Length": Buffer.byteLength(file[1]) });
        res.end(req.method === "HEAD" ? undefined : file[1]);
        return true;
      }
      if (url !== EVENTS_URL) return false;
      // The stream tells what is being edited (errors quote the content): only pages of this preview may read it.
      if (!sameOrigin(req)) {
        res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" });
        res.end(req.method === "HEAD" ? undefined : "Forbidden: the live-reload stream is for pages of this preview only\n");
        return true;
      }
      res.writeHead(200, { ...headers, "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache", Connection: "keep-alive" });
      if (req.method === "HEAD") {
        res.end();
        return true;
      }
      res.write("retry: 1000\n\n");
      send(res, "hello", hello());
      const shown = new URL(req.url ?? "", "http://preview").searchParams.get("path");
      clients.set(res, shown ? pageFile(shown) : undefined);
      const drop = () => clients.delete(res);
      req.on("close", drop);
      res.on("close", drop);
      return true;
    },
    reload() {
      build++;
      current = null;
      for (const [res, file] of clients) if (!file || !early.has(file)) send(res, "reload", { build: `${session}-${build}` });
      early.clear();
    },
    showing() {
      return [...new Set([...clients.values()].filter((f): f is string => !!f))];
    },
    reloadShowing(files) {
      const written = new Set(files);
      // The run writing them fixed the last error: a page reloaded now must not find it in its hello.
      current = null;
      for (const [res, file] of clients) {
        if (!file || !written.has(file)) continue;
        early.add(file);
        send(res, "reload", { build: `${session}-${build}` });
      }
    },
    error(payload) {
      current = payload;
      early.clear();
      for (const res of clients.keys()) send(res, "build-error", payload);
    },
    close() {
      for (const res of clients.keys()) res.end();
      clients.clear();
    },
  };
}
