// Template mistakes as user errors: esbuild's messages and a template's own exceptions, pointed at the
// template file, line and column.
import path from "node:path";
import type * as esbuild from "esbuild";
import { ContentError } from "../errors.js";

/** The first stack frame inside the templates folder, as a place to show the user. */
export function templatePlace(error: unknown, templatesDir: string, cwd: string): { file: string; line?: number; column?: number } {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const dir = path.resolve(templatesDir);
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?\/[^\s()]+?):(\d+):(\d+)\)?$/gm)) {
    const file = m[1].replace(/^file:\/\//, "");
    if (file.startsWith(dir)) return { file: path.relative(cwd, file), line: Number(m[2]), column: Number(m[3]) };
  }
  return { file: path.relative(cwd, path.join(dir, "index.tsx")) };
}

/** Turns esbuild's messages into ContentErrors that point at the template's file, line and column. */
export function esbuildErrors(messages: esbuild.Message[], cwd: string): ContentError[] {
  return messages.map((m) => {
    const file = m.location ? path.relative(cwd, path.resolve(cwd, m.location.file)) : "templates";
    return new ContentError(
      { file, line: m.location?.line, column: m.location ? m.location.column + 1 : undefined },
      `template syntax: ${m.text}`,
      noteText(m.notes[0], cwd),
    );
  });
}

/** esbuild's first note ("The opening tag is here:"), with the place it names. */
function noteText(note: esbuild.Message["notes"][number] | undefined, cwd: string): string | undefined {
  if (!note?.location) return note?.text;
  return `${note.text.replace(/:$/, "")}: ${path.relative(cwd, path.resolve(cwd, note.location.file))}:${note.location.line}:${note.location.column + 1}`;
}

