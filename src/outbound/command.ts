// `hotelsite links`: checks every outbound URL of the built site (broken links, where redirects end, lost attribution
// counting as broken) and exits 1 when any is broken; `--placements` writes the placement table instead.
import path from "node:path";
import type { Command } from "commander";
import type { Io } from "../io.js";
import { UsageError } from "../errors.js";
import { FileError } from "../io/file-error.js";
import { isWithin } from "../util/paths.js";
import { printableJson } from "../util/printable.js";

/** How often a check whose output is not a terminal says how far it got. */
const PROGRESS_EVERY_MS = 10_000;

/** Redirects followed before a link counts as broken. */
export const MAX_REDIRECTS = 10;

/** A whole number option within bounds. */
function count(name: string, min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
    return n;
  };
}

/** `--resolve host=origin`, repeatable: requests for that host go to the origin instead. */
function resolveOption(value: string, previous: Map<string, URL> = new Map()): Map<string, URL> {
  const m = /^([^=\s/]+)=(https?:\/\/[^/\s]+)\/?$/.exec(value);
  if (!m) throw new UsageError(`--resolve takes host=origin, such as www.booking.com=http://127.0.0.1:8080 (got "${value}")`);
  previous.set(m[1].toLowerCase(), new URL(m[2]));
  return previous;
}

/** Adds `links` to the CLI; `setCode` receives its exit code (1 when a link is broken). */
export function registerLinks(program: Command, io: Io, setCode: (code: number) => void): void {
  program
    .command("links")
    .description("check every outbound link of the built site (HEAD, then GET), following redirects; exit 1 when one is broken")
    .option("--out <dir>", "the built site's folder", "dist")
    .option("--json", "print the report as JSON")
    .option("--concurrency <n>", "requests in flight at once", count("--concurrency", 1, 64), 8)
    .option("--timeout <ms>", "milliseconds each request may take", count("--timeout", 1, 600_000), 10_000)
    .option("--ignore-param <name>", "treat URLs that differ only in this query parameter (a tracking label) as one link; repeatable", (v: string, prev: string[] = []) => [...prev, v])
    .option("--resolve <host=origin>", "send requests for host to origin instead (a staging mirror, a local test server; asked even when private); repeatable", resolveOption)
    .option("--allow-private", "also check links to loopback, private and link-local addresses (skipped otherwise)")
    .option("--content <dir>", "the content folder whose site.yaml names the parameters a redirect must keep (partner id, label, language)", "content")
    .option("--placements [file]", "instead of checking, write the placement table (every Book link's id, page, language, placement, programme and URL; CSV, or JSON for a .json name) and add its ids to <content>/placements.json")
    .action(async (o: { out: string; json?: boolean; concurrency: number; timeout: number; ignoreParam?: string[]; resolve?: Map<string, URL>; allowPrivate?: boolean; content: string; placements?: string | true }) => {
      const cwd = io.cwd ?? process.cwd();
      if (o.placements) {
        const { writePlacementTable } = await import("../affiliate/table-file.js");
        const file = o.placements === true ? "placements.csv" : o.placements;
        // The output folder is published: the table (every id with its URL) is the owner's.
        if (isWithin(path.resolve(cwd, o.out), path.resolve(cwd, file))) throw new UsageError(`--placements ${file} is inside the output folder ${o.out}, which is published: write the table beside it`);
        for (const line of await writePlacementTable({ contentDir: o.content, file, cwd, day: new Date().toISOString().slice(0, 10) })) io.out(line);
        return setCode(0);
      }
      const outDir = path.resolve(cwd, o.out);
      // The HTTP clients load only for this command, not for every build.
      const [{ checkOutbound }, { collectOutbound }, { siteProgrammes, withLostParams }, { formatLinkReport }] = await Promise.all([import("./check.js"), import("./collect.js"), import("./kept-params.js"), import("./report.js")]);
      const kept = await siteProgrammes(path.resolve(cwd, o.content));
      const links = await collectOutbound(outDir, o.ignoreParam).catch((e: Error) => {
        throw e instanceof FileError ? e : new UsageError(e.message.replace(outDir, o.out));
      });
      const pages = new Set([...links.values()].flat()).size;
      // Off a terminal a line every 10 s instead of the counter, so a long check is never silence.
      let done = 0;
      const ticker = io.heartbeat && setInterval(() => io.heartbeat!(`Checking outbound links: ${done} of ${links.size} done`), PROGRESS_EVERY_MS);
      const checked = await checkOutbound(links, {
        concurrency: o.concurrency,
        timeoutMs: o.timeout,
        maxRedirects: MAX_REDIRECTS,
        resolve: o.resolve,
        allowPrivate: o.allowPrivate,
        onProgress: (n, total) => {
          done = n;
          io.progress?.(`\rChecking outbound links: ${n}/${total}`);
        },
      }).finally(() => clearInterval(ticker));
      const results = checked.map((r) => withLostParams(r, kept));
      if (io.progress && results.length) io.progress("\r\x1b[K");
      const broken = results.filter((r) => !r.ok && !r.skipped).length;
      const skipped = results.filter((r) => r.skipped).length;
      if (o.json) io.out(printableJson({ ok: broken === 0, checked: results.length, broken, skipped, pages, links: results }));
      else io.out(formatLinkReport(results, pages));
      setCode(broken ? 1 : 0);
    });
}
