// Temporary copies of the fixture site, optionally edited, so tests can break content without sharing state.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/site");
export const REPO = path.resolve(import.meta.dirname, "../..");

/** A file edit: new contents, or a function of the old ones. */
export type Edit = string | ((old: string) => string);

/** Copies the fixture site into a fresh temp folder (as <tmp>/content) and applies edits to its files. */
export async function fixtureCopy(edits: Record<string, Edit> = {}): Promise<{ dir: string; content: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "hotelsite-test-"));
  const content = path.join(dir, "content");
  await cp(FIXTURE, content, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const full = path.join(content, file);
    const old = await readFile(full, "utf8").catch(() => "");
    await writeFile(full, typeof edit === "string" ? edit : edit(old));
  }
  return { dir, content, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs the CLI in-process and captures what it prints. */
export async function runCli(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const { main } = await import("../../src/cli.js");
  let out = "";
  let err = "";
  const code = await main(argv, { out: (t) => (out += t + "\n"), err: (t) => (err += t + "\n"), cwd });
  return { code, out, err };
}
