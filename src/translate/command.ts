// `hotelsite translate`: the translator's commands, registered on the CLI's program by one call.
import { realpath } from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { check } from "../build.js";
import { shownPath, UsageError } from "../errors.js";
import { FileError } from "../io/file-error.js";
import { readGuardedText } from "../io/read.js";
import { decodeXml } from "./decode.js";
import { checkWritable, rethrowAsFileError, writeGuarded } from "../io/write.js";
import { isWithin } from "../util/paths.js";
import { MAX_FILE_BYTES, parseYaml } from "../content/yaml.js";
import { validateContent } from "../content/validate.js";
import { emptyLock, LOCK_FILE, record, writeLock } from "./lock.js";
import { translationContext } from "./context.js";
import type { ImportPlan } from "./import.js";

/** Where the translate commands print, and the working directory. */
export interface TranslateIo {
  out: (text: string) => void;
  cwd?: string;
}

/** Language codes from "--lang zh,ja" (repeatable). */
const collect = (value: string, previous: string[] = []) => [...previous, ...value.split(",").map((s) => s.trim()).filter(Boolean)];

/** Most bytes an XLIFF file to import may hold: an export of every field of a large site is a few MB. */
export const MAX_XLIFF_BYTES = 32 * 1024 * 1024;

/** Refuses an export path inside the content folder (a content file, or a file the next load would trip over). */
async function refuseInsideContent(file: string, contentDir: string): Promise<void> {
  const [dir, content] = await Promise.all([realpath(path.dirname(file)), realpath(contentDir)]).catch((e) => rethrowAsFileError(file, e));
  if (dir === content || isWithin(content, dir)) {
    throw new FileError(file, "is inside the content folder, so the XLIFF file was not written there", "write it outside the content folder, e.g. --out zh.xlf");
  }
}

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
      // The translator's modules load only for these commands, not for every build.
      const { markCurrent } = await import("./mark-current.js");
      const { marked, forgotten, unmatched } = markCurrent({ sources: ctx.sources, languages: ctx.languages, lock, langs: o.lang, only: targets });
      if (unmatched.length) {
        throw new UsageError(
          `${unmatched.join(", ")}: ${unmatched.length === 1 ? "matches" : "match"} no translatable field of the content; nothing was marked ` +
            `(give a content file such as hotels/bali.yaml, or a field such as hotels/bali.yaml#/name)`,
        );
      }
      await writeLock(ctx.contentDir, lock);
      io.out(`Marked ${marked} outdated translation${marked === 1 ? "" : "s"} current${forgotten ? `, forgot ${forgotten} no longer translated` : ""}; wrote ${ctx.lockShown}.`);
    });

  translate
    .command("prune")
    .description("write renamed hotels' translation records under their new file names, and remove records of files and fields the content no longer has")
    .option("--content <dir>", "content folder", "content")
    .action(async (o: { content: string }) => {
      const { ctx } = await load(o.content, io);
      if (!ctx.lock) return io.out(`No ${ctx.lockShown} yet: nothing to prune.`);
      const { pruneLock } = await import("./lock-keys.js");
      const removed = pruneLock(ctx.lock, ctx.sources, ctx.languages[0]);
      await writeLock(ctx.contentDir, ctx.lock);
      const moved = ctx.carried.map((c) => `${c.from} -> ${c.to}`);
      io.out(
        `Pruned ${ctx.lockShown}: ${moved.length ? `carried ${moved.join(", ")}; ` : ""}removed ${removed.length} entr${removed.length === 1 ? "y" : "ies"} for files or fields the content no longer has` +
          `${removed.length ? ` (${removed.slice(0, 5).map((r) => (r.pointer ? `${r.key}#${r.pointer}` : r.key)).join(", ")}${removed.length > 5 ? ", ..." : ""})` : ""}.`,
      );
    });

  translate
    .command("export")
    .description("write XLIFF 2.0 with the fields of a language that need work (missing and outdated)")
    .requiredOption("--lang <code>", "the language to translate into")
    .option("--out <file>", "write to this file (default: print it)")
    .option("--all", "every field, not only those that need work")
    .option("--content <dir>", "content folder", "content")
    .action(async (o: { lang: string; out?: string; all?: boolean; content: string }) => {
      const { result, ctx, cwd } = await load(o.content, io);
      const languages = result.content.site.languages;
      const lang = languages.slice(1).find((l) => l.code === o.lang);
      if (!lang) throw new UsageError(`--lang ${o.lang}: not a translation language of this site (${languages.slice(1).map((l) => l.code).join(", ")})`);
      const [{ exportXliff }, { writeXliff }] = await Promise.all([import("./export.js"), import("./xliff.js")]);
      const { doc, units, prefilled } = exportXliff({ ctx, site: result.content.site, lang, all: o.all });
      const xml = writeXliff(doc);
      if (!o.out) return io.out(xml);
      const out = path.resolve(cwd, o.out);
      await refuseInsideContent(out, ctx.contentDir);
      await writeGuarded(out, xml);
      io.out(`Wrote ${units} unit${units === 1 ? "" : "s"} for ${lang.code} (${o.all ? "every field" : "missing and outdated fields"}) to ${o.out}.`);
      if (prefilled) io.out(`${prefilled} of them pre-filled with the translation the site already gives the same English (state initial: keep or change each).`);
    });

  translate
    .command("import <file>")
    .description("write an XLIFF file's translations into the YAML and record them as current; all or nothing")
    .option("--content <dir>", "content folder", "content")
    .action(async (file: string, o: { content: string }) => {
      const { result, ctx, cwd } = await load(o.content, io);
      const abs = path.resolve(cwd, file);
      const shown = shownPath(abs, cwd);
      const xml = (await readGuardedText(abs, { maxBytes: MAX_XLIFF_BYTES, shown, what: "an XLIFF file", missingHint: "give the path of an XLIFF file", decode: (b) => decodeXml(b, shown) }))!;
      const [{ applyImport, planImport }, { parseXliff }] = await Promise.all([import("./import.js"), import("./xliff.js")]);
      const plan = planImport({ doc: parseXliff(xml, shown), shown, ctx, languages: result.content.site.languages });
      const keys = [...new Set(plan.changes.filter((c) => c.write).map((c) => c.src.key))];
      const readYaml = async (k: string) => (await readGuardedText(path.join(ctx.contentDir, k), { root: ctx.contentDir, maxBytes: MAX_FILE_BYTES, shown: path.relative(cwd, path.join(ctx.contentDir, k)), what: "a content file" }))!;
      const texts = new Map(await Promise.all(keys.map(async (k) => [k, await readYaml(k)] as const)));
      const updated = applyImport(plan, texts, ctx.languages[0]);
      // The new files must still be valid content: refuse the whole import otherwise.
      const replace = new Map([...updated].map(([k, text]) => [k, parseYaml(Buffer.from(text), path.relative(cwd, path.join(ctx.contentDir, k)))]));
      const keyOf = (f: { file: string }) => path.relative(ctx.contentDir, path.resolve(cwd, f.file)).split(path.sep).join("/");
      const swap = <T extends { file: string }>(f: T) => (replace.get(keyOf(f)) as T | undefined) ?? f;
      const l = result.loaded;
      validateContent({ ...l, strings: swap(l.strings), home: swap(l.home), hotels: l.hotels.map(swap) });

      // Every file is checked (not a link, not read-only) before any is written: a refusal changes nothing.
      const targets = [...updated.keys()].map((k) => path.join(ctx.contentDir, k));
      for (const target of [...targets, path.join(ctx.contentDir, LOCK_FILE)]) await checkWritable(target, { root: ctx.contentDir });
      for (const [k, text] of updated) await writeGuarded(path.join(ctx.contentDir, k), text, { root: ctx.contentDir });
      const lock = ctx.lock ?? emptyLock();
      for (const c of plan.changes) record(lock, { key: c.src.key, pointer: c.pointer, lang: plan.lang.code, english: c.english });
      await writeLock(ctx.contentDir, lock);
      io.out(importSummary(plan, keys.length, ctx.lockShown));
    });
}

const units = (n: number, what = "unit") => `${n} ${what}${n === 1 ? "" : "s"}`;

/** What an import did, in words: counts, units still marked initial that were taken, and each target left out with why. */
export function importSummary(plan: ImportPlan, files: number, lockShown: string): string {
  const n = plan.changes.length;
  const written = plan.changes.filter((c) => c.write).length;
  const initial = plan.fromInitial ? `; ${plan.fromInitial} of them still said state="initial" and count as translated now` : "";
  const left = plan.notImported ?? [];
  const empty = plan.skipped - left.length;
  const skipped = [empty ? `${units(empty)} without a target` : "", left.length ? `${units(left.length)} with a target that was not imported (below)` : ""].filter(Boolean).join(", ");
  const lines = [
    `Imported ${units(n, `${plan.lang.code} translation`)} (${written} changed, in ${units(files, "file")}${initial})${skipped ? `; left as they were: ${skipped}` : ""}; recorded in ${lockShown}.`,
    ...left.map((u) => `  ${u.key} unit ${u.unit}: not imported: ${u.reason}`),
  ];
  return lines.join("\n");
}
