// The command line: parses arguments, runs the pipeline, prints short results and returns an exit code.
// Only bin/hotelsite.js calls process.exit, so tests call main(argv) directly.
import { createRequire } from "node:module";
import { Command, CommanderError } from "commander";
import { build, check, type BuildOptions } from "./build.js";
import { ContentErrors } from "./errors.js";
import { coverageBySource, coverageTotals, formatCoverage, formatErrors, formatFallbacks, formatWarnings } from "./report.js";
import { packageRoot } from "./util/paths.js";
import { OutputError } from "./write/writer.js";

/** Where the CLI prints; tests pass their own. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd?: string;
}

/** Exit codes: 0 ok, 1 content errors (or --strict findings), 2 anything else. */
export const EXIT = { ok: 0, content: 1, other: 2 } as const;

const defaultIo: Io = {
  out: (t) => process.stdout.write(t.endsWith("\n") ? t : t + "\n"),
  err: (t) => process.stderr.write(t.endsWith("\n") ? t : t + "\n"),
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

/** Turns commander's parsed options into pipeline options. */
function toBuildOptions(o: Record<string, string | undefined>, io: Io): BuildOptions {
  if (o.baseUrl !== undefined && !/^https?:\/\/[^/\s?#]+\/?$/.test(o.baseUrl)) {
    throw new CommanderError(EXIT.other, "hotelsite.baseUrl", `error: --base-url must be an origin such as https://example.com (got "${o.baseUrl}")`);
  }
  return { contentDir: o.content!, outDir: o.out!, templatesDir: o.templates, baseUrl: o.baseUrl?.replace(/\/$/, ""), cwd: io.cwd };
}

/** Runs the CLI on argv (without "node" and the script) and returns the exit code. */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const version = createRequire(import.meta.url)(`${packageRoot()}/package.json`).version as string;
  let code: number = EXIT.ok;
  const program = new Command("hotelsite")
    .description("Builds the multilingual hotel site from YAML content and React templates into static HTML.")
    .version(version, "-v, --version")
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });

  pipelineOptions(program.command("build").description("validate the content and write the whole site to the output folder")).action(async (o) => {
    const started = performance.now();
    const result = await build(toBuildOptions(o, io));
    if (result.warnings.length) io.out(formatWarnings(result.warnings));
    const w = result.warnings.length;
    io.out(
      `Built ${result.pages.length} pages (${result.files} files) into ${o.out} in ${seconds(performance.now() - started)}` +
        (w ? `, ${w} warning${w === 1 ? "" : "s"} (run hotelsite check for details)` : ""),
    );
  });

  pipelineOptions(program.command("check").description("validate and resolve the content, report translation coverage and warnings; writes nothing"))
    .option("--strict", "fail when any field falls back to the default language")
    .option("--json", "print the report as JSON")
    .action(async (o) => {
      const result = await check(toBuildOptions(o, io));
      const languages = result.content.site.languages.map((l) => l.code);
      const fallbacks = result.coverage.reduce((n, c) => n + c.fallbacks.length, 0);
      if (o.json) {
        io.out(
          JSON.stringify(
            {
              ok: !(o.strict && fallbacks),
              pages: result.pages.length,
              languages,
              totals: coverageTotals(coverageBySource(result.coverage)),
              coverage: coverageBySource(result.coverage),
              warnings: result.warnings,
            },
            null,
            2,
          ),
        );
      } else {
        io.out(formatCoverage(result.coverage, languages));
        if (result.warnings.length) io.out(`\nWarnings\n${formatWarnings(result.warnings)}`);
        if (o.strict && fallbacks) io.out(`\n${formatFallbacks(result.coverage)}`);
        const w = result.warnings.length;
        io.out(`\n${result.pages.length} pages checked: ${fallbacks} field${fallbacks === 1 ? "" : "s"} fall back to ${languages[0]}, ${w} warning${w === 1 ? "" : "s"}.`);
      }
      if (o.strict && fallbacks) {
        if (!o.json) io.err(`check --strict: ${fallbacks} untranslated field${fallbacks === 1 ? "" : "s"}`);
        code = EXIT.content;
      }
    });

  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help") return EXIT.ok;
      if (e.code === "hotelsite.baseUrl") io.err(e.message);
      return e.exitCode === 0 ? EXIT.ok : EXIT.other;
    }
    if (e instanceof ContentErrors) {
      io.err(formatErrors(e.errors));
      io.err("Nothing was written; the previous output is unchanged.");
      return EXIT.content;
    }
    if (e instanceof OutputError) {
      io.err(`error: ${e.message}`);
      return EXIT.other;
    }
    io.err(`hotelsite: internal error (please report it with this trace)\n${e instanceof Error ? e.stack : String(e)}`);
    return EXIT.other;
  }
}
