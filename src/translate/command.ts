// `hotelsite translate`: the translator's commands (mark-current, export, import), registered on the CLI's
// program by one call so the CLI file stays a list of commands.
import path from "node:path";
import type { Command } from "commander";
import { check } from "../build.js";
import { writeLock, emptyLock } from "./lock.js";
import { translationContext } from "./context.js";
import { markCurrent } from "./mark-current.js";

/** Where the translate commands print, and the working directory. */
export interface TranslateIo {
  out: (text: string) => void;
  cwd?: string;
}

/** Language codes from "--lang zh,ja" (repeatable). */
const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(",").map((s) => s.trim()).filter(Boolean)];

/** Checks the content and reads its lock: every translate command starts here. */
async function load(contentDir: string, io: TranslateIo) {
  const cwd = io.cwd ?? process.cwd();
  const result = await check({ contentDir: path.resolve(cwd, contentDir), outDir: "dist", cwd });
  return { result, ctx: await translationContext(result, cwd), cwd };
}

/** Adds `translate` and its subcommands to the program. */
export function registerTranslate(program: Command, io: TranslateIo): void {
  const translate = program.command("translate").description("translators' commands: mark translations current, export and import XLIFF 2.0");

  translate
    .command("mark-current [targets...]")
    .description("record that translations were made from the English as it is now (targets: files or file#/field; default all)")
    .option("--content <dir>", "content folder", "content")
    .option("--lang <codes>", "only these languages (comma-separated or repeated)", collect)
    .action(async (targets: string[], o: { content: string; lang?: string[] }) => {
      const { ctx } = await load(o.content, io);
      const lock = ctx.lock ?? emptyLock();
      const unknown = (o.lang ?? []).filter((l) => !ctx.languages.slice(1).includes(l));
      if (unknown.length) throw new UsageError(`--lang ${unknown.join(",")}: not a translation language of this site (${ctx.languages.slice(1).join(", ")})`);
      const { marked, forgotten } = markCurrent({ sources: ctx.sources, languages: ctx.languages, lock, langs: o.lang, only: targets });
      await writeLock(ctx.contentDir, lock);
      io.out(`Marked ${marked} outdated translation${marked === 1 ? "" : "s"} current${forgotten ? `, forgot ${forgotten} no longer translated` : ""}; wrote ${ctx.lockShown}.`);
    });
}

/** A mistake in a translate command's arguments (exit 2, no stack). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
