// The one protocol between the main thread and the rendering threads, and the one way an error crosses it.
import { ContentError } from "../errors.js";
import type { QuickFile, QuickParsed } from "../content/quick-read.js";
import type { Page } from "../site/pages.js";
import type { AssetLinks } from "./template-module.js";

/** What a rendering thread renders with: the compiled templates and what the Document links. */
export interface TemplatesInit {
  templatesUrl: string;
  assets: AssetLinks;
  templatesDir: string;
  cwd: string;
  devScript?: string;
}

/** Main thread -> worker: load templates, render one page and send its bytes back (`collect`: a build's, see worker.ts), or parse content files. */
export type ToWorker = { kind: "templates"; init: TemplatesInit } | { kind: "page"; page: Page; collect?: boolean } | { kind: "parse"; files: QuickFile[] };

/** An error as data: a template's mistake (with its place) or a bug (with its stack and errno code). */
export type ErrorData =
  | { kind: "content"; place: ContentError["place"]; message: string; hint?: string }
  | { kind: "bug"; message: string; stack?: string; code?: string };

/** Worker -> main thread, one answer per message it was sent, in order. */
export type FromWorker =
  | { kind: "templates"; names: string[] }
  | { kind: "page"; links: string[]; ids: string[]; bytes: Uint8Array }
  | { kind: "parsed"; parsed: (QuickParsed | undefined)[] }
  | { kind: "failed"; error: ErrorData };

/** Any thrown value as data that crosses threads. */
export function encodeError(e: unknown): ErrorData {
  if (e instanceof ContentError) return { kind: "content", place: e.place, message: e.message, hint: e.hint };
  const err = e as NodeJS.ErrnoException | undefined;
  return { kind: "bug", message: err?.message ?? String(e), stack: err?.stack, code: err?.code };
}

/** The error the data stands for, in this thread: a ContentError, or an Error with the stack and code it had there. */
export function decodeError(data: ErrorData): Error {
  if (data.kind === "content") return new ContentError(data.place, data.message, data.hint);
  const e = Object.assign(new Error(data.message), data.code ? { code: data.code } : {});
  if (data.stack) e.stack = data.stack;
  return e;
}
