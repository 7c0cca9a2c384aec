// Asks one outbound URL whether it still answers: HEAD first, GET when the server refuses HEAD (405, 501) or
// the HEAD fails, one retry after a failure or a server error, redirects followed to where the chain ends.
import http from "node:http";
import https from "node:https";

/** How to probe. */
export interface ProbeOptions {
  /** Milliseconds one request may take, from connecting to the response's status line. */
  timeoutMs: number;
  /** Redirects followed before giving up (a loop ends here too). */
  maxRedirects: number;
  /** Hosts whose requests go to another origin instead ("www.booking.com" -> "http://127.0.0.1:8080"). */
  resolve?: Map<string, URL>;
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
  /** Every request that got an answer or failed last, in order; more than one hop means redirects. */
  chain: Hop[];
  /** Where the chain ends: the last URL asked. */
  final: string;
}

type Answer = { status: number; location?: string } | { error: string };

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

/** One request; resolves with the status and Location, or with the failure in words. */
function request(target: string, method: "HEAD" | "GET", o: ProbeOptions): Promise<Answer> {
  const url = new URL(target);
  const via = o.resolve?.get(url.host);
  const connect = via ? new URL(url.pathname + url.search, via) : url;
  const lib = connect.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = lib.request(connect, { method, headers: { host: url.host, "user-agent": "hotelsite-links/1 (+link check)", accept: "*/*" } });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error("timeout"), { code: "HOTELSITE_TIMEOUT" })), o.timeoutMs);
    req.on("response", (res) => {
      clearTimeout(timer);
      // Only the status matters: drop the body and the connection.
      res.resume();
      res.destroy();
      const location = res.headers.location;
      resolve({ status: res.statusCode ?? 0, location: typeof location === "string" ? location : undefined });
    });
    req.on("error", (e) => {
      clearTimeout(timer);
      resolve({ error: describeFailure(e, o.timeoutMs) });
    });
    req.end();
  });
}

/** One URL's answer: HEAD, then GET if HEAD is refused or fails, and one more GET after a failure, a 5xx or a 429. */
async function ask(url: string, o: ProbeOptions): Promise<Hop & { answer: Answer }> {
  let answer = await request(url, "HEAD", o);
  if ("status" in answer && answer.status !== 405 && answer.status !== 501 && answer.status !== 429 && answer.status < 500) return { url, status: answer.status, method: "HEAD", answer };
  answer = await request(url, "GET", o);
  if ("error" in answer || answer.status >= 500 || answer.status === 429) answer = await request(url, "GET", o);
  return { url, status: "status" in answer ? answer.status : undefined, method: "GET", answer };
}

/** Follows one URL to the end of its redirects; broken unless the chain ends in a 2xx answer. */
export async function probe(url: string, o: ProbeOptions): Promise<ProbeResult> {
  const chain: Hop[] = [];
  let current = url;
  for (;;) {
    const { answer, ...hop } = await ask(current, o);
    chain.push(hop);
    const end = (error?: string): ProbeResult => ({ url, ok: !error, status: hop.status, error, chain, final: current });
    if ("error" in answer) return end(answer.error);
    if (answer.status >= 200 && answer.status < 300) return end();
    if (answer.status < 300 || answer.status >= 400) return end(`answers ${answer.status}${answer.status === 404 ? " Not Found" : answer.status === 410 ? " Gone" : ""}`);
    if (!answer.location) return end(`answers ${answer.status} without a Location to follow`);
    if (chain.length > o.maxRedirects) return end(`more than ${o.maxRedirects} redirects`);
    const next = new URL(answer.location, current);
    if (next.protocol !== "https:" && next.protocol !== "http:") return end(`redirects to a ${next.protocol} URL`);
    current = next.href;
  }
}
