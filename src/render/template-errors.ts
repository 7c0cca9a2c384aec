// Template mistakes as user errors: esbuild's messages and a template's own exceptions, at the template's file and line.
import path from "node:path";
import type * as esbuild from "esbuild";
import { ContentError, shownPath } from "../errors.js";

/** The first stack frame inside the templates folder, as a place to show the user. */
export function templatePlace(error: unknown, templatesDir: string, cwd: string): { file: string; line?: number; column?: number } {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const dir = path.resolve(templatesDir);
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?\/[^\s()]+?):(\d+):(\d+)\)?$/gm)) {
    // The rendering threads map stack frames to the .tsx files (process.setSourceMapsEnabled in worker.ts).
    const at = { file: m[1].replace(/^file:\/\//, ""), line: Number(m[2]), column: Number(m[3]) };
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

/** Adds a template error unless the same template already failed: one broken template is reported once. */
export function addTemplateError(errors: ContentError[], e: ContentError): void {
  // The cause without the page: `template "x" failed on <page>: ...` and `has no template "x" (needed by <page>)`.
  const cause = (m: string) => m.replace(/ (failed on|\(needed by) .*$/s, "");
  if (!errors.some((x) => cause(x.message) === cause(e.message))) errors.push(e);
}
