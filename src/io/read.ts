// The one way hotelsite reads a file that is not content YAML or an image: content/read-file.ts's guarded read, with
// a refusal turned into a ContentError that names the file, says why and what to do.
import { ContentError, ContentErrors } from "../errors.js";
import { megabytes, readRegularFile, type ReadRefusal } from "../content/read-file.js";

/** Options for {@link readGuardedText}. */
export interface GuardedReadOptions {
  /** The folder the file must stay inside once links are resolved; omitted: anywhere. */
  root?: string;
  /** Most bytes the file may hold. */
  maxBytes: number;
  /** The file's name as messages show it. */
  shown: string;
  /** What the file is, for a too-large file's hint ("an XLIFF file"). */
  what: string;
  /** Return null for a missing file (not for a link to nothing) instead of refusing it. */
  missingOk?: boolean;
  /** What to do about a missing file. */
  missingHint?: string;
  /** What to do about a folder where the file should be (default: give the path of one). */
  folderHint?: string;
  /** Turns the bytes into text, or throws ContentErrors (default: UTF-8, a bad byte read as U+FFFD). */
  decode?: (bytes: Buffer) => string;
}

/** The file's text (UTF-8), null when it is missing and that is allowed, or ContentErrors naming it. */
export async function readGuardedText(file: string, o: GuardedReadOptions): Promise<string | null> {
  const read = await readRegularFile(file, { root: o.root, maxBytes: o.maxBytes });
  if (!("refused" in read)) return o.decode ? o.decode(read.bytes) : read.bytes.toString("utf8");
  if (read.refused.kind === "missing" && o.missingOk) return null;
  throw refusalErrors(read.refused, o);
}

/** A refusal as the ContentErrors a command reports: the file, why, and what to do. */
export function refusalErrors(r: ReadRefusal, o: Omit<GuardedReadOptions, "root" | "missingOk">): ContentErrors {
  const [reason, hint] =
    r.kind === "too-large"
      ? [`is ${megabytes(r.size!)}, larger than the ${megabytes(o.maxBytes)} ${o.what} may be`, "check that this is the right file"]
      : r.kind === "missing"
        ? [r.reason, o.missingHint ?? r.hint]
        : r.kind === "folder"
          ? [r.reason, o.folderHint ?? `give the path of ${o.what}`]
          : [r.reason, r.hint];
  return new ContentErrors([new ContentError({ file: o.shown }, reason, hint || undefined)]);
}
