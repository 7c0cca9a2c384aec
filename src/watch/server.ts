// The preview server: serves the output folder and nothing else, with `_headers`' headers, each language's 404 page
// and in watch mode the live-reload endpoints; browser tests use it to serve dist/ as a host would.
import { readFile, realpath, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { readRegularFile } from "../content/read-file.js";
import { GO_MAP_FILE, goTarget, parseGoMap } from "../site/host-rules/go.js";
import { LIVE_SCRIPT_URL } from "./client.js";
import { headersFor, parseHeaders, type HeaderRule } from "./headers.js";
import type { LiveReload } from "./live.js";
import { hostRefusal } from "./host-check.js";
import { parseRequestPath } from "./request-path.js";

/** Options for {@link startServer}. */
export interface ServerOptions {
  root: string;
  /** Interface to bind; 127.0.0.1 unless told otherwise. */
  host?: string;
  /** Default 4321; 0 picks a free one. */
  port?: number;
  /** Watch mode's live-reload hub; without it the server is a plain static host. */
  liveReload?: LiveReload;
  /** How long a client may take to send its headers and its whole request (ms); tests shorten them. */
  timeouts?: { headersMs?: number; requestMs?: number };
}

/** A running preview server. */
export interface PreviewServer {
  /** e.g. http://127.0.0.1:4321 (no trailing slash). */
  url: string;
  host: string;
  port: number;
  /** Stops listening and ends open connections (event streams included). */
  close(): Promise<void>;
}

/** Content types by extension; anything else is sent as bytes. */
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

/** The content type the preview sends for a file name. */
export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** How long a client may take to send its request headers, and the whole request. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** Open connections at most (pages and their event streams); more are closed at once. */
const MAX_CONNECTIONS = 512;

/** Hosting rules files: read by the host, never served. */
const HOST_FILES = new Set(["_headers", "_redirects", "_redirects.netlify", "_nginx.conf", "_nginx_clicks.conf", "_worker.js", "_routes.json", GO_MAP_FILE]);

/** A file's path when it exists as a regular file inside the (real) root; null otherwise. */
async function fileInside(rootReal: string, segments: string[]): Promise<string | null> {
  const candidate = path.join(rootReal, ...segments);
  try {
    const real = await realpath(candidate);
    if (!real.startsWith(rootReal + path.sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

/** The page shown when the output folder has no 404 page (nothing built yet). */
function bareNotFound(live: boolean): string {
  const script = live ? `<script src="${LIVE_SCRIPT_URL}" defer></script>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title>${script}</head><body><h1>Not found</h1><p>Nothing is built here yet.</p></body></html>`;
}

/** Starts the server; resolves once it listens. Rejects when the port is taken. */
export async function startServer(opts: ServerOptions): Promise<PreviewServer> {
  const root = path.resolve(opts.root);
  const host = opts.host ?? "127.0.0.1";
  const live = opts.liveReload;
  let rules: { key: string; rules: HeaderRule[] } = { key: "", rules: [] };

  /** `_headers` of the output folder, re-read when it changes. */
  async function headerRules(rootReal: string): Promise<HeaderRule[]> {
    const file = path.join(rootReal, "_headers");
    const s = await stat(file).catch(() => null);
    const key = s ? `${s.mtimeMs}:${s.size}` : "";
    if (key !== rules.key) rules = { key, rules: s ? parseHeaders(await readFile(file, "utf8").catch(() => "")) : [] };
    return rules.rules;
  }

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const plain = (status: number, text: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", ...extra });
      res.end(req.method === "HEAD" ? undefined : text + "\n");
    };
    const foreign = hostRefusal(req, host);
    if (foreign) return plain(403, foreign);
    if (req.method !== "GET" && req.method !== "HEAD") return plain(405, "Method Not Allowed", { Allow: "GET, HEAD" });
    const target = parseRequestPath(req.url ?? "");
    if (!target.ok) return plain(target.status, target.status === 414 ? "URI Too Long" : target.status === 400 ? "Bad Request" : "Not Found");

    const rootReal = await realpath(root).catch(() => null);
    const rules = rootReal ? await headerRules(rootReal) : [];
    const headers = headersFor(rules, target.pathname);
    if (live?.handle(req, res, headers)) return;

    const send = async (file: string, status: number, pathname: string) => {
      const body = await readFile(file);
      res.writeHead(status, { ...headersFor(rules, pathname), "Content-Type": contentType(file), "Content-Length": body.length });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    const segs = target.segments;
    // A booking link through /go/ (countClicks): answered from the build's map, as the hosts answer it.
    const go = rootReal && segs.length === 2 && segs[0] === "go" ? await readRegularFile(path.join(rootReal, GO_MAP_FILE), { root: rootReal, maxBytes: 256 << 20 }) : undefined;
    const map = go && "bytes" in go ? parseGoMap(go.bytes.toString("utf8")) : undefined;
    const location = map && goTarget(map, segs[1], new URL(req.url ?? "/", "http://preview").searchParams);
    if (location) {
      res.writeHead(302, { ...headers, Location: location, "Cache-Control": "no-store" });
      return void res.end();
    }
    const hidden = segs.length === 1 && HOST_FILES.has(segs[0]);
    if (rootReal && !hidden) {
      // "/x/" and "/x" both reach x/index.html, as on the static hosts the site is made for.
      const file = target.trailingSlash ? await fileInside(rootReal, [...segs, "index.html"]) : ((await fileInside(rootReal, segs)) ?? (await fileInside(rootReal, [...segs, "index.html"])));
      if (file) return send(file, 200, target.pathname);
      // A miss gets the 404 page of the path's language folder (/zh/... -> zh/404.html), else the root one.
      const notFound = (segs.length > 1 ? await fileInside(rootReal, [segs[0], "404.html"]) : null) ?? (await fileInside(rootReal, ["404.html"]));
      if (notFound) return send(notFound, 404, target.pathname);
    }
    const body = bareNotFound(!!live);
    res.writeHead(404, { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  const headersMs = opts.timeouts?.headersMs ?? HEADERS_TIMEOUT_MS;
  const requestMs = opts.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS;
  // Node looks for overdue requests every connectionsCheckingInterval (30 s unless told): check as often as needed.
  const server = createServer({ maxHeaderSize: 16 * 1024, connectionsCheckingInterval: Math.min(1000, headersMs) }, (req, res) => {
    respond(req, res).catch((e) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`Internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    });
  });
  server.headersTimeout = headersMs;
  server.requestTimeout = requestMs;
  server.maxConnections = MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 4321, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    host,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        live?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
