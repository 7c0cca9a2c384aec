// No import cycles in src/ (type-only imports included), and no React in the main thread: dependency-cruiser,
// with the rules in .dependency-cruiser.json, over every module. A cycle means two modules can only be understood
// together; React is loaded by the rendering threads alone.
import { execFile } from "node:child_process";
import { readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO } from "./support/fixture.js";
import { compileCli } from "./robustness/support.js";

describe("the module graph of src/", () => {
  it("has no import cycles, and nothing the CLI imports loads the renderer (React)", { timeout: 60_000 }, async () => {
    const bin = path.join(REPO, "node_modules", ".bin", "depcruise");
    const { stdout } = await promisify(execFile)(bin, ["src", "--config", ".dependency-cruiser.json", "--output-type", "json"], { cwd: REPO, maxBuffer: 64 * 1024 * 1024 });
    const result = JSON.parse(stdout) as { summary: { violations: { from: string; to: string; cycle?: { name: string }[] }[]; totalCruised: number } };
    // Every TypeScript module was read (a missing parser would cruise nothing and find nothing).
    expect(result.summary.totalCruised).toBeGreaterThan(50);
    const violations = result.summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name), v.to].join(" -> "));
    expect(violations).toEqual([]);
  });
});

describe("what the compiled CLI loads to start", () => {
  /** The src/ modules whose code the CLI loads to run argv: lib/ files seen by a resolve hook in the child, read through their source maps. */
  async function loadedBy(cli: string, argv: string[]): Promise<{ modules: string[]; builtins: string[] }> {
    const hook = `let port; export function initialize(d) { port = d.port; } export async function resolve(s, c, next) { const r = await next(s, c); port.postMessage(r.url); return r; }`;
    const script = `
      import { register } from "node:module";
      import { MessageChannel } from "node:worker_threads";
      const { port1, port2 } = new MessageChannel();
      const seen = new Set();
      port1.on("message", (u) => seen.add(u));
      register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hook)}), { data: { port: port2 }, transferList: [port2] });
      const { main } = await import(${JSON.stringify(pathToFileURL(cli).href)});
      await main(${JSON.stringify(argv)}, { out: () => {}, err: () => {} });
      setTimeout(() => { port1.close(); console.log(JSON.stringify([...seen])); }, 200);`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { cwd: REPO });
    const urls = JSON.parse(stdout) as string[];
    // The hook sees real paths; the source maps name sources from the folder the compile was given.
    const lib = path.dirname(cli);
    const real = await realpath(lib);
    const files = urls.flatMap((u) => (u.startsWith("file:") && fileURLToPath(u).startsWith(real + path.sep) ? [path.join(lib, path.relative(real, fileURLToPath(u)))] : []));
    const modules = new Set<string>();
    for (const f of files) {
      const map = JSON.parse(await readFile(f + ".map", "utf8")) as { sources: string[] };
      for (const s of map.sources) modules.add(path.relative(REPO, path.resolve(path.dirname(f), s)));
    }
    return { modules: [...modules], builtins: urls.filter((u) => u.startsWith("node:")) };
  }

  it("builds without the other commands' modules (check's report, translate, links, report, watch's server), which load when they run", { timeout: 120_000 }, async () => {
    const { bin, cleanup } = await compileCli();
    try {
      const cli = path.join(path.dirname(bin), "..", "lib", "cli.js");
      const commands = /^src\/((check|translate|outbound|report)\/command|watch\/(watch|server)|check\/report-html)\.ts$/;
      const build = await loadedBy(cli, ["build", "--help"]);
      expect(build.modules).toContain("src/build.ts");
      expect(build.modules.filter((m) => commands.test(m))).toEqual([]);
      expect(build.builtins).not.toContain("node:http");
      // The same probe sees a command's module when that command is asked for.
      expect((await loadedBy(cli, ["translate", "--help"])).modules.filter((m) => commands.test(m))).toEqual(["src/translate/command.ts"]);
    } finally {
      await cleanup();
    }
  });
});
