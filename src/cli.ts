// The command line: parses arguments, runs the pipeline, prints short results and returns an exit code.
// Only bin/hotelsite.js calls process.exit, so tests call main(argv) directly.
import { createRequire } from "node:module";
import path from "node:path";
import { Command, CommanderError } from "commander";
import { build, type BuildOptions } from "./build.js";
import { ContentErrors, UsageError } from "./errors.js";
import { FileError } from "./io/file-error.js";
import { formatErrors, formatTimings, formatWarnings, unpublishedNote, variantsNote } from "./summary.js";
import { LAYOUTS, newHotel } from "./scaffold/hotel.js";
import type { Io } from "./io.js";
import { packageRoot } from "./util/paths.js";
import { OutputError } from "./write/writer.js";
import siteSchema from "./content/schemas/site.schema.json" with { type: "json" };

export type { Io } from "./io.js";

/** Exit codes: 0 ok, 1 content errors (or --strict findings), 2 anything else. */
export const EXIT = { ok: 0, content: 1, other: 2 } as const;

const defaultIo: Io = {
  out: (t) => process.stdout.write(t.endsWith("\n") ? t : t + "\n"),
  err: (t) => process.stderr.write(t.endsWith("\n") ? t : t + "\n"),
  progress: process.stderr.isTTY ? (t) => void process.stderr.write(t) : undefined,
  heartbeat: process.stderr.isTTY ? undefined : (t) => void process.stderr.write(t + "\n"),
};

/** Seconds with two decimals. */
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Options every pipeline command takes. */
function pipelineOptions(cmd: Command): Command {
  return cmd
    .option("--content <dir>", "content folder", "content")
    .option("--out <dir>", "output folder", "dist")
    .option("--templates <dir>", "templates folder (default: the bundled templates)")
    .option("--base-url <url>", "origin the site is published at (overrides site.yaml baseUrl)");
}

/** build's and watch's --timeout: how long one page's template may run (like Hugo's `timeout`), in seconds. */
const TIMEOUT = ["--timeout <seconds>", "stop a template that takes longer than this on one page", parseTimeout, 30] as const;

/** A positive number of seconds from the command line. */
function parseTimeout(value: string): number {
  const s = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(s > 0) || s > 3600) throw new UsageError(`--timeout must be a number of seconds from 0.1 to 3600 (got "${value}")`);
  return s;
}

/** build's and watch's --force: replacing an output folder that hotelsite did not write is the user's call. */
const FORCE = ["--force", "replace the output folder even if hotelsite did not write it (it has no .hotelsite-output marker)"] as const;

/** Turns commander's parsed options into pipeline options. */
function toBuildOptions(o: Record<string, string | undefined> & { timeout?: number }, io: Io): BuildOptions {
  // The same rule as baseUrl in site.yaml (its schema's pattern), with a trailing slash forgiven.
  if (o.baseUrl !== undefined && !new RegExp(siteSchema.properties.baseUrl.pattern).test(o.baseUrl.replace(/\/$/, ""))) {
    throw new UsageError(`--base-url ${siteSchema.properties.baseUrl.patternErrorMessage} (got "${o.baseUrl}")`);
  }
  const limits = o.timeout === undefined ? undefined : { timeoutMs: o.timeout * 1000 };
  return { contentDir: o.content!, outDir: o.out!, templatesDir: o.templates, baseUrl: o.baseUrl?.replace(/\/$/, ""), cwd: io.cwd, force: Boolean(o.force), limits };
}

/** A port number from the command line (0 picks a free port). */
function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535 (got "${value}")`);
  return port;
}

/** The last line of a run that stopped on content errors: what the command left as it was. */
export function closingLine(command: string): string {
  if (command === "build" || command === "watch") return "Nothing was written; the previous output is unchanged.";
  if (command === "check") return "check only reads: it wrote nothing.";
  return "Nothing was written; the content folder is as it was.";
}

/** The commands registered here; any other first word (help, a typo commander suggests a fix for) registers every command. */
const OWN = new Set(["build", "check", "watch", "new"]);

/** Commands living in modules of their own, imported when they run (citty's lazy sub-commands): build starts without them. */
const LAZY: Record<string, () => Promise<(program: Command, io: Io, setCode: (code: number) => void) => void>> = {
  translate: async () => (await import("./translate/command.js")).registerTranslate,
  links: async () => (await import("./outbound/command.js")).registerLinks,
  report: async () => (await import("./report/command.js")).registerReport,
};

/** Runs the CLI on argv (without "node" and the script) and returns the exit code. */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const version = createRequire(import.meta.url)(`${packageRoot()}/package.json`).version as string;
  let code: number = EXIT.ok;
  const program = new Command("hotelsite")
    .description("Builds the multilingual hotel site from YAML content and React templates into static HTML.")
    .version(version, "-v, --version")
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });

  pipelineOptions(program.command("build").description("validate the content and write the whole site to the output folder"))
    .option(FORCE[0], FORCE[1])
    .option(...TIMEOUT)
    .option("--verbose", "also print the time each stage took")
    .action(async (o) => {
      const started = performance.now();
      const result = await build(toBuildOptions(o, io));
      if (o.verbose) io.out(`${formatTimings(result.timings, performance.now() - started)}; ${result.threads} rendering thread${result.threads === 1 ? "" : "s"}`);
      if (result.warnings.length) io.out(formatWarnings(result.warnings));
      const w = result.warnings.length;
      const unpublished = unpublishedNote(result.warnings);
      io.out(
        `Built ${result.pages.length} pages (${result.files} files) into ${o.out} in ${seconds(performance.now() - started)}` +
          (w ? `, ${w} warning${w === 1 ? "" : "s"} (run hotelsite check for details)` : "") +
          (unpublished ? `; ${unpublished}` : ""),
      );
      const { encoded, committedDir } = result.images;
      if (encoded && committedDir) io.out(variantsNote(encoded, committedDir, io.cwd ?? process.cwd()));
    });

  pipelineOptions(program.command("check").description("validate and resolve the content, report translation coverage and warnings; writes nothing"))
    .option("--strict", "fail when any field falls back to the default language or still holds a TODO placeholder")
    .option("--json", "print the report as JSON")
    .option("--report <file>", "also write a one-page HTML report (coverage matrix and warnings) for editors and translators")
    .action(async (o) => {
      // Its report, its translation findings and its HTML page are loaded only for check: build starts without them.
      const { runCheck } = await import("./check/command.js");
      if (await runCheck(toBuildOptions(o, io), o, io)) code = EXIT.content;
    });

  pipelineOptions(program.command("watch").description("build, serve the output with live reload, and rebuild what each save changes"))
    .option("--port <n>", "port to serve on (0 picks a free one)", "4321")
    .option("--host <host>", "interface to bind (use 0.0.0.0 to share the preview on your network; bound to 127.0.0.1 it answers only localhost names)", "127.0.0.1")
    .option(FORCE[0], FORCE[1])
    .option(...TIMEOUT)
    .option("--verbose", "after each save, list the pages rendered and why (the input or template that changed)")
    .action(async (o) => {
      const port = parsePort(o.port);
      // Loaded only for watch (the folder watcher, the HTTP server): other commands start faster without it.
      const [{ startWatch }, { formatRebuild }, { isLoopback }, { settleWithin, untilStopped }] = await Promise.all([
        import("./watch/watch.js"),
        import("./watch/messages.js"),
        import("./watch/host-check.js"),
        import("./watch/stop.js"),
      ]);
      const print = (r: ReturnType<typeof formatRebuild>) => {
        if (r.out) io.out(r.out);
        if (r.err) io.err(r.err);
      };
      // Listening for Ctrl+C / SIGTERM from the start: a stop during the first build counts too.
      const stopping = untilStopped(io.signal);
      let session;
      try {
        const starting = startWatch({ ...toBuildOptions(o, io), host: o.host, port, onReport: (r) => print(formatRebuild(r, undefined, Boolean(o.verbose), io.cwd)), onNote: io.out });
        session = await Promise.race([starting, stopping.then(() => null)]);
        if (!session) {
          if (!(await settleWithin(starting.then((s) => s.stop())))) io.err("note: stopped without waiting for the first build to finish");
          io.out("Stopped watching.");
          return;
        }
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL") {
          throw new UsageError(`cannot serve on ${o.host}:${port} (${code}); pick another --port or --host`);
        }
        throw e;
      }
      const cwd = io.cwd ?? process.cwd();
      if (!isLoopback(o.host)) io.out(`note: serving on ${o.host}: other machines on the network can open the preview.`);
      io.out(`Serving ${o.out} at ${session.url}/ (Ctrl+C to stop)`);
      io.out(`Watching ${session.roots.map((r) => path.relative(cwd, r) || ".").join(", ")}`);
      io.onServing?.(session.url);
      await stopping;
      if (!(await settleWithin(session.stop()))) io.err("note: stopped without waiting for the running rebuild to finish");
      io.out("Stopped watching.");
    });

  program
    .command("new")
    .description("create content from a commented template")
    .command("hotel <id>")
    .description("write content/hotels/<id>.yaml with every field its layout needs, as TODO placeholders")
    .option("--layout <name>", `page layout: ${LAYOUTS.join(", ")}`)
    .option("--content <dir>", "content folder", "content")
    .action(async (id: string, o: { layout?: string; content: string }) => {
      const made = await newHotel({ contentDir: o.content, id, layout: o.layout, cwd: io.cwd });
      io.out(`Created ${made.file} (layout ${o.layout}).\nNext:\n${made.next.map((s, i) => `  ${i + 1}. ${s}`).join("\n")}`);
    });

  // translate, links and report only when one of them runs, or when help lists every command.
  const named = argv[0] ?? "";
  const lazy = named in LAZY ? [named] : OWN.has(named) ? [] : Object.keys(LAZY);
  for (const register of await Promise.all(lazy.map((name) => LAZY[name]()))) register(program, io, (c) => (code = c));
  // The command that ran ("check", "translate import"), for the closing line of a failed run.
  let ran = "";
  program.hook("preAction", (_root, action) => {
    const names: string[] = [];
    for (let c: Command | null = action; c && c !== program; c = c.parent) names.unshift(c.name());
    ran = names.join(" ");
  });

  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") return EXIT.ok;
      return e.exitCode === 0 ? EXIT.ok : EXIT.other;
    }
    if (e instanceof ContentErrors) {
      io.err(formatErrors(e.errors));
      io.err(closingLine(ran));
      return EXIT.content;
    }
    if (e instanceof UsageError || e instanceof OutputError) {
      io.err(`error: ${e.message}`);
      return EXIT.other;
    }
    if (e instanceof FileError) {
      io.err(`error: ${e.format(io.cwd)}`);
      return EXIT.other;
    }
    io.err(`hotelsite: internal error (please report it with this trace)\n${e instanceof Error ? e.stack : String(e)}`);
    return EXIT.other;
  }
}
