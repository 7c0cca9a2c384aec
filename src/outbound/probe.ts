// Asks one outbound URL whether it still answers: HEAD, else GET, one retry after a failure, redirects followed.
import http from "node:http";
import https from "node:https";
import { PRIVATE_CODE, privateKind, privateReason, publicOnlyLookup } from "./private.js";

/** How to probe. */
export interface ProbeOptions {
  /** Milliseconds one request may take, from connecting to the response's status line. */
  timeoutMs: number;
  /** Redirects followed before giving up (a loop ends here too). */
  maxRedirects: number;
  /** Hosts whose requests go to another origin instead ("www.booking.com" -> "http://127.0.0.1:8080"). */
  resolve?: Map<string, URL>;
  /** Also ask loopback, private and link-local addresses (which are skipped otherwise). */
  allowPrivate?: boolean;
}

/** One hop of a chain: the URL asked and its status (absent when the request failed). */
export interface Hop {
  url: string;
  status?: number;
  method: "HEAD" | "GET";
}

/** What probing one URL found. */
export interface ProbeResult {
  url: string;
  ok: boolean;
  /** Status of the chain's last answer. */
  status?: number;
  /** Why the link is broken, in words, when it is. */
  error?: string;
  /** Why the link (or a redirect of it) was not asked: its host is not public. Neither fine nor broken. */
  skipped?: string;
  /** Every request that got an answer or failed last, in order; more than one hop means redirects. */
  chain: Hop[];
  /** Where the chain ends: the last URL asked. */
  final: string;
}

type Answer = { status: number; location?: string } | { error: string } | { skip: string };

/** A failed request's cause in words: timeout, reset, refused, unknown host, TLS. */
export function describeFailure(e: NodeJS.ErrnoException, timeoutMs: number): string {
  const code = e.code ?? "";
  if (code === "HOTELSITE_TIMEOUT") return `no answer within ${timeoutMs} ms`;
  if (code === "ECONNRESET") return "the connection was reset";
  if (code === "ECONNREFUSED") return "the connection was refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "the host name does not resolve";
  if (/CERT|SELF_SIGNED|TLS|SSL|ERR_SSL/i.test(code) || /certificate|tls|ssl/i.test(e.message)) return `TLS error: ${e.message}${code ? ` (${code})` : ""}`;
  return `${e.message}${code ? ` (${code})` : ""}`;
}

/** Why `url` is not asked (a non-public IP literal), unless private hosts are allowed or --resolve names it. */
function privateLiteral(url: URL, o: ProbeOptions): string | undefined {
  if (o.allowPrivate || o.resolve?.has(url.host)) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const kind = privateKind(host);
  return kind && privateReason(host, host, kind);
}

/** One request; resolves with the status and Location, or with the failure in words. */
function request(target: string, method: "HEAD" | "GET", o: ProbeOptions): Promise<Answer> {
  const url = new URL(target);
  // --resolve origins are the user's explicit choice (a local test server, a staging mirror): always asked.
  const via = o.resolve?.get(url.host);
  const connect = via ? new URL(url.pathname + url.search, via) : url;
  const lib = connect.protocol === "https:" ? https : http;
  const lookup = o.allowPrivate || via ? undefined : publicOnlyLookup;
  return new Promise((resolve) => {
    let req: http.ClientRequest;
    try {
      req = lib.request(connect, { method, lookup, headers: { host: url.host, "user-agent": "hotelsite-links/1 (+link check)", accept: "*/*" } });
    } catch (e) {
      return resolve({ error: describeFailure(e as NodeJS.ErrnoException, o.timeoutMs) });
    }
    const timer = setTimeout(() => req.destroy(Object.assign(new Error("timeout"), { code: "HOTELSITE_TIMEOUT" })), o.timeoutMs);
    req.on("response", (res) => {
      clearTimeout(timer);
      res.resume();
      res.destroy();
      const location = res.headers.location;
      resolve({ status: res.statusCode ?? 0, location: typeof location === "string" ? location : undefined });
    });
    req.on("error", (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(e.code === PRIVATE_CODE ? { skip: e.message } : { error: describeFailure(e, o.timeoutMs) });
    });
    req.end();
  });
}

/** One URL's answer: HEAD, then GET if HEAD is refused or fails, and one more GET after a failure, a 5xx or a 429. */
async function ask(url: string, o: ProbeOptions): Promise<Hop & { answer: Answer }> {
  let answer = await request(url, "HEAD", o);
  if ("skip" in answer) return { url, method: "HEAD", answer };
  if ("status" in answer && answer.status !== 405 && answer.status !== 501 && answer.status !== 429 && answer.status < 500) return { url, status: answer.status, method: "HEAD", answer };
  answer = await request(url, "GET", o);
  if ("skip" in answer) return { url, method: "GET", answer };
  if ("error" in answer || answer.status >= 500 || answer.status === 429) answer = await request(url, "GET", o);
  return { url, status: "status" in answer ? answer.status : undefined, method: "GET", answer };
}

/** The URL, or why it is not one (a port over 65535, a space in the host name). */
function parse(url: string): URL | string {
  try {
    return new URL(url);
  } catch {
    return "is not a valid URL (check its host name and port: a host name has no spaces, a port is at most 65535)";
  }
}

/** Follows one URL to the end of its redirects: broken unless it ends in a 2xx, skipped where it reaches a non-public host. */
export async function probe(url: string, o: ProbeOptions): Promise<ProbeResult> {
  const chain: Hop[] = [];
  const first = parse(url);
  if (typeof first === "string") return { url, ok: false, error: first, chain, final: url };
  let current = url;
  for (let at = first; ; ) {
    const skip = (why: string): ProbeResult => ({ url, ok: false, skipped: chain.length ? `redirects to ${at.href}: ${why}` : why, chain, final: current });
    const literal = privateLiteral(at, o);
    if (literal) return skip(literal);
    const { answer, ...hop } = await ask(current, o);
    if ("skip" in answer) return skip(answer.skip);
    chain.push(hop);
    const end = (error?: string): ProbeResult => ({ url, ok: !error, status: hop.status, error, chain, final: current });
    if ("error" in answer) return end(answer.error);
    if (answer.status >= 200 && answer.status < 300) return end();
    if (answer.status < 300 || answer.status >= 400) return end(`answers ${answer.status}${answer.status === 404 ? " Not Found" : answer.status === 410 ? " Gone" : ""}`);
    if (!answer.location) return end(`answers ${answer.status} without a Location to follow`);
    if (chain.length > o.maxRedirects) return end(`more than ${o.maxRedirects} redirects`);
    let next: URL;
    try {
      next = new URL(answer.location, current);
    } catch {
      return end(`redirects to ${JSON.stringify(answer.location)}, which is not a valid URL`);
    }
    if (next.protocol !== "https:" && next.protocol !== "http:") return end(`redirects to a ${next.protocol} URL`);
    current = next.href;
    at = next;
  }
}
