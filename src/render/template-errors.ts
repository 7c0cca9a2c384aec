// Template mistakes as user errors: esbuild's messages and a template's own exceptions, pointed at the
// template file, line and column.
import { SourceMap } from "node:module";
import path from "node:path";
import type * as esbuild from "esbuild";
import { ContentError, shownPath } from "../errors.js";

/** Source maps of compiled template modules, by the path their stack frames show. */
const compiled = new Map<string, { map: SourceMap; dir: string }>();

/**
 * Remembers a compiled template module's inline source map, so its stack frames can be pointed at the .tsx
 * files whatever runs the code (Node with or without source maps, a test runner's module loader).
 */
export function rememberSourceMap(modulePath: string, code: string, outDir: string): void {
  const inline = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(code);
  if (inline) compiled.set(modulePath, { map: new SourceMap(JSON.parse(Buffer.from(inline[1], "base64").toString("utf8"))), dir: outDir });
}

/** A stack frame's place in the source, through the compiled module's source map when there is one. */
function original(file: string, line: number, column: number): { file: string; line: number; column: number } {
  const known = compiled.get(file);
  const entry = known?.map.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
  if (!known || !entry?.originalSource) return { file, line, column };
  const source = entry.originalSource.startsWith("file://") ? entry.originalSource.slice("file://".length) : path.resolve(known.dir, entry.originalSource);
  return { file: source, line: entry.originalLine! + 1, column: entry.originalColumn! + 1 };
}

/** The first stack frame inside the templates folder, as a place to show the user. */
export function templatePlace(error: unknown, templatesDir: string, cwd: string): { file: string; line?: number; column?: number } {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const dir = path.resolve(templatesDir);
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?\/[^\s()]+?):(\d+):(\d+)\)?$/gm)) {
    const at = original(m[1].replace(/^file:\/\//, ""), Number(m[2]), Number(m[3]));
    if (at.file.startsWith(dir)) return { file: shownPath(at.file, cwd), line: at.line, column: at.column };
  }
  return { file: shownPath(path.join(dir, "index.tsx"), cwd) };
}

/** What an esbuild message is about, in the user's words: a module that cannot be found, or a syntax error. */
function esbuildMessage(m: esbuild.Message, file: string): { message: string; hint?: string } {
  const unresolved = /^Could not resolve "([^"]+)"/.exec(m.text);
  if (unresolved) {
    const at = m.location ? `${file}:${m.location.line}:${m.location.column + 1}` : file;
    const local = /^\.{1,2}\//.test(unresolved[1]);
    return {
      message: `cannot resolve module "${unresolved[1]}" imported from ${at}`,
      hint: local ? "check the file name and its folder: the path is relative to the importing file" : "install the package beside your templates, or import a file by a relative path",
    };
  }
  if (m.pluginName) return { message: `template build (${m.pluginName}): ${m.text}` };
  return { message: `template syntax: ${m.text}` };
}

/** Turns esbuild's messages into ContentErrors that point at the template's file, line and column. */
export function esbuildErrors(messages: esbuild.Message[], cwd: string, cause?: unknown): ContentError[] {
  return messages.map((m) => {
    const file = m.location ? shownPath(m.location.file, cwd) : "templates";
    const { message, hint } = esbuildMessage(m, file);
    return new ContentError(
      { file, line: m.location?.line, column: m.location ? m.location.column + 1 : undefined },
      message,
      hint ?? noteText(m.notes[0], cwd),
      { cause: cause ?? m },
    );
  });
}

/** esbuild's first note ("The opening tag is here:"), with the place it names. */
function noteText(note: esbuild.Message["notes"][number] | undefined, cwd: string): string | undefined {
  if (!note?.location) return note?.text;
  return `${note.text.replace(/:$/, "")}: ${shownPath(note.location.file, cwd)}:${note.location.line}:${note.location.column + 1}`;
}

