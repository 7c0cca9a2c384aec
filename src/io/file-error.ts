// A file hotelsite could not read or write because of where or what it is (a link out of its folder, a FIFO,
// a read-only folder), as opposed to what it holds: printed as "error: <file> <reason>" plus a hint, exit 2.
import { shownPath } from "../errors.js";

/** A refused or failed file operation: which file, why (the end of a sentence that starts with it), what to do. */
export class FileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly hint: string,
    options?: { cause?: unknown },
  ) {
    super(`${file} ${reason}`, options);
    this.name = "FileError";
  }

  /** The message and its hint as the CLI prints them, the file relative to `cwd` when inside it. */
  format(cwd?: string): string {
    const text = `${shownPath(this.file, cwd)} ${this.reason}`;
    return this.hint ? `${text}\n    hint: ${this.hint}` : text;
  }
}

/** Why an errno stopped a write, in words, with what to do; undefined for codes that are bugs. */
export function writeFailure(code: string | undefined): { reason: string; hint: string } | undefined {
  switch (code) {
    case "EACCES":
    case "EPERM":
      return { reason: "cannot be written: permission denied", hint: "check the permissions of the file and its folder, or run hotelsite as a user who may write there" };
    case "EROFS":
      return { reason: "cannot be written: the file system is read-only", hint: "run the command where the folder is writable" };
    case "ENOSPC":
    case "EDQUOT":
      return { reason: "cannot be written: the disk is full", hint: "free some space and run the command again" };
    case "ENOENT":
    case "ENOTDIR":
      return { reason: "cannot be written: its folder does not exist", hint: "check the path" };
    case "EISDIR":
      return { reason: "is a folder, not a file", hint: "give the path of a file" };
    case "ELOOP":
      return { reason: "is a link that loops", hint: "replace the link with the file" };
    default:
      return undefined;
  }
}
