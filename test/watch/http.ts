// HTTP helpers for the watch tests: requests sent exactly as written, and a reader of server-sent events.
import { request, type IncomingMessage } from "node:http";

/** A response, read whole. */
export interface RawResponse {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

/** Sends a request with its target exactly as given (fetch would normalise "/../"). */
export function raw(base: string, target: string, method = "GET"): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: target, method, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** One server-sent event. */
export interface ServerEvent {
  event: string;
  data: unknown;
}

/** Listens to an event stream; `next(name)` resolves with the next event of that name. */
export function listen(base: string, target: string): Promise<{ next: (event: string) => Promise<ServerEvent>; close: () => void; headers: IncomingMessage["headers"] }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: target, agent: false }, (res) => {
      const queue: ServerEvent[] = [];
      const waiting: { event: string; resolve: (e: ServerEvent) => void }[] = [];
      let buffer = "";
      const deliver = () => {
        for (let i = 0; i < waiting.length; i++) {
          const j = queue.findIndex((e) => e.event === waiting[i].event);
          if (j < 0) continue;
          const [e] = queue.splice(j, 1);
          waiting.splice(i--, 1)[0].resolve(e);
        }
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) queue.push({ event, data: JSON.parse(data) });
        }
        deliver();
      });
      resolve({
        headers: res.headers,
        next: (event) =>
          new Promise((r) => {
            waiting.push({ event, resolve: r });
            deliver();
          }),
        close: () => req.destroy(),
      });
    });
    req.on("error", (e) => ((e as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(e)));
    req.end();
  });
}
