// Turns a request URL into path segments inside the output folder, refusing anything that could reach outside it.

/** Longest request target the preview accepts (longer gets 414). */
export const MAX_URL_LENGTH = 2048;

/** A request target made safe, or why it was refused. */
export type RequestPath =
  | { ok: true; pathname: string; segments: string[]; trailingSlash: boolean }
  | { ok: false; status: 400 | 404 | 414; reason: string };

/** Parses the raw request target (req.url) into safe segments. Never touches the disk. */
export function parseRequestPath(rawUrl: string): RequestPath {
  if (rawUrl.length > MAX_URL_LENGTH) return { ok: false, status: 414, reason: "URL too long" };
  if (!rawUrl.startsWith("/")) return { ok: false, status: 400, reason: "not an origin-form request target" };
  const raw = rawUrl.split(/[?#]/, 1)[0];
  if (raw.includes("\\") || /%5c/i.test(raw) || /%00/.test(raw) || raw.includes("\0")) return { ok: false, status: 400, reason: "backslash or NUL in path" };
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400, reason: "malformed percent-encoding" };
  }
  if (pathname.includes("\0") || pathname.includes("\\")) return { ok: false, status: 400, reason: "backslash or NUL in path" };
  // An escape that survives decoding was encoded twice (%252e%252e): no file of the site is named like that.
  if (/%[0-9a-f]{2}/i.test(pathname)) return { ok: false, status: 400, reason: "double-encoded escape" };
  const segments = pathname.split("/").filter((s) => s !== "");
  if (segments.some((s) => s === "." || s === "..")) return { ok: false, status: 400, reason: "path traversal" };
  // Hidden names (.git, a writer's temp files) are never part of the site.
  if (segments.some((s) => s.startsWith("."))) return { ok: false, status: 404, reason: "hidden file" };
  return { ok: true, pathname, segments, trailingSlash: pathname.endsWith("/") };
}

/** The output file a page's path is served from ("/zh" -> "zh/index.html"), for live reload to know what a client shows. */
export function pageFile(pathname: string): string | undefined {
  const target = parseRequestPath(pathname);
  if (!target.ok) return undefined;
  const last = target.segments.at(-1);
  return last?.includes(".") && !target.trailingSlash ? target.segments.join("/") : [...target.segments, "index.html"].join("/");
}
