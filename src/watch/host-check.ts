// Who the preview server answers: bound to a loopback address, only loopback names or its own address (against DNS
// rebinding); bound to a network address, any name.
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/** Names that always mean this machine. */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1"]);

/** True for an address or name that only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return LOOPBACK_NAMES.has(h) || (isIP(h) === 4 && h.startsWith("127."));
}

/** The host name of a Host header ("localhost:4321" -> "localhost", "[::1]:80" -> "::1"), or null when malformed. */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+)(:\d{1,5})?$/.exec(header);
  return m ? m[1].replace(/^\[|\]$/g, "").toLowerCase() : null;
}

/** Decides on a request's Host header for a server bound to `bound`; null when it may be answered, else why not. */
export function hostRefusal(req: IncomingMessage, bound: string): string | null {
  if (!isLoopback(bound)) return null;
  const name = hostName(req.headers.host);
  if (name !== null && (isLoopback(name) || name === bound.replace(/^\[|\]$/g, "").toLowerCase())) return null;
  return (
    `This preview answers only to localhost, 127.0.0.1 and [::1] (the request was for ${JSON.stringify(req.headers.host ?? "")}).\n` +
    "To open it from another device, run hotelsite watch --host 0.0.0.0 (anyone on your network can then see it)."
  );
}

/** True when a request may come from a page of this preview: no Origin (not a cross-site fetch) or the same one. */
export function sameOrigin(req: IncomingMessage): boolean {
  if (req.headers["sec-fetch-site"] === "cross-site") return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const o = new URL(origin);
    return o.protocol === "http:" && o.host === req.headers.host;
  } catch {
    return false;
  }
}
