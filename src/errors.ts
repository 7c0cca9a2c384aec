// Errors a user can fix carry their place; everything else is a bug and keeps its stack.
import path from "node:path";

/** A path as messages print it: relative to the working folder when inside it, absolute otherwise. */
export function shownPath(file: string, cwd: string = process.cwd()): string {
  const abs = path.resolve(cwd, file);
  const rel = path.relative(cwd, abs);
  if (!rel) return ".";
  return rel.startsWith("..") || path.isAbsolute(rel) ? abs : rel;
}

/** Where a content mistake is: file, 1-based line and column, and the JSON pointer inside the file. */
export interface Place {
  file: string;
  line?: number;
  column?: number;
  pointer?: string;
}

/** The one user-error type: a mistake the user fixes, printed as file:line:column pointer message, hint; `cause` keeps the original. */
export class ContentError extends Error {
  readonly place: Place;
  readonly hint?: string;
  constructor(place: Place, message: string, hint?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ContentError";
    this.place = place;
    this.hint = hint;
  }

  /** One line per error, the form editors and terminals turn into clickable links. */
  format(): string {
    const { file, line, column, pointer } = this.place;
    const at = line ? `${file}:${line}:${column ?? 1}` : file;
    const where = pointer ? ` ${pointer}` : "";
    const hint = this.hint ? `\n    hint: ${this.hint}` : "";
    return `${at}${where} ${this.message}${hint}`;
  }
}

/** A mistake in a command's arguments: printed as "error: <message>", exit code 2, no stack. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Thrown by a stage that collected content errors: the build stops once, with all of them. */
export class ContentErrors extends Error {
  constructor(readonly errors: ContentError[]) {
    super(`${errors.length} content error${errors.length === 1 ? "" : "s"}`);
    this.name = "ContentErrors";
  }
}

/** A non-fatal finding (missing own image, long meta text) that `check` reports. */
export interface Warning {
  place: Place;
  message: string;
  /** The id of a hotel left out of the site (unfinished), which build, check and watch name in their summaries. */
  unpublished?: string;
}

/** Sorts errors by file, then line, so reports read top to bottom. */
export function sortByPlace<T extends { place: Place }>(items: T[]): T[] {
  return [...items].sort(
    (a, b) =>
      a.place.file.localeCompare(b.place.file) ||
      (a.place.line ?? 0) - (b.place.line ?? 0) ||
      (a.place.column ?? 0) - (b.place.column ?? 0),
  );
}
