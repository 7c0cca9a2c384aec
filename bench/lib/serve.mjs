// A static host for measuring the built site the way a CDN serves it: the generated `_headers` (CSP, caching)
// applied, text compressed with gzip, folders served by their index.html. Binds 127.0.0.1 only.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
};

/** `_headers` blocks: a path pattern ("*" wildcard) and its headers. */
function parseHeaders(text) {
  const rules = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) rules.push({ re: new RegExp(`^${line.trim().replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`), headers: [] });
    else if (rules.length) {
      const m = /^\s+([^:\s]+)\s*:\s*(.*)$/.exec(line);
      if (m) rules[rules.length - 1].headers.push([m[1], m[2].trim()]);
    }
  }
  return rules;
}

/** Serves `dir` on a free port; resolves with its origin and a close function. */
export async function serve(dir) {
  const root = path.resolve(dir);
  const rules = parseHeaders(await readFile(path.join(root, "_headers"), "utf8").catch(() => ""));
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    if (url.pathname.endsWith("/")) file = path.join(file, "index.html");
    let body;
    let status = 200;
    try {
      body = await readFile(file);
    } catch {
      status = 404;
      file = path.join(root, "404.html");
      body = await readFile(file).catch(() => Buffer.from("not found"));
    }
    const headers = {};
    for (const rule of rules) if (rule.re.test(url.pathname)) for (const [k, v] of rule.headers) headers[k] = v;
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    headers["Content-Type"] = type;
    if (/^(text|application\/(json|xml))|svg/.test(type) && /\bgzip\b/.test(String(req.headers["accept-encoding"]))) {
      body = gzipSync(body);
      headers["Content-Encoding"] = "gzip";
      headers["Vary"] = "Accept-Encoding";
    }
    res.writeHead(status, headers).end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
