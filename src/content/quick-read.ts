// The cheap way to read and parse a content file: four synchronous calls instead of read-file.ts's eight asynchronous
// ones (0.4 s of load at 4,008 pages). Anything unusual gives undefined: load then reads it the careful way.
import path from "node:path";
import { readPlainSync } from "../util/read-plain.js";
import type { FileStamp } from "./source-text.js";
import { MAX_FILE_BYTES, parseYaml } from "./yaml.js";

/** A content file to read the cheap way. */
export interface QuickFile {
  /** Its absolute path, whose folder's real path is `realDir`. */
  path: string;
  /** The real path of its folder (links resolved), known to be inside the content folder. */
  realDir: string;
  /** The path its messages show. */
  shown: string;
}

/** A file read and parsed cleanly the cheap way: its data and stamp (sourceFromData makes the SourceFile). */
export interface QuickParsed {
  data: unknown;
  stamp: FileStamp;
}

/** Reads and parses one file the cheap way; undefined sends it the careful way. */
export function quickParse(file: QuickFile): QuickParsed | undefined {
  const read = readPlainSync(file.path, { maxBytes: MAX_FILE_BYTES });
  if (!read) return undefined;
  const stamp: FileStamp = { path: path.join(file.realDir, path.basename(file.path)), size: read.bytes.length, mtimeMs: read.info.mtimeMs };
  try {
    const { data } = parseYaml(read.bytes, file.shown, stamp);
    return data === null || data === undefined ? undefined : { data, stamp };
  } catch {
    return undefined;
  }
}

/** Parses content files on another thread (a rendering thread with nothing to render yet). */
export type ParseBeside = (files: QuickFile[]) => Promise<(QuickParsed | undefined)[]>;

/** Files a thread takes at a time. */
const CHUNK = 16;
/** Fewer files than this are parsed here alone (the bundled site's 35: the other thread is still importing React). */
export const SHARED_FROM = 200;

/** Parses files the cheap way, here and (from SHARED_FROM files) `beside` at once, each taking the next few as it is free. */
export async function parseAll(files: QuickFile[], beside?: ParseBeside): Promise<(QuickParsed | undefined)[]> {
  const out: (QuickParsed | undefined)[] = new Array(files.length);
  let next = 0;
  const take = (): [number, number] => [next, (next = Math.min(files.length, next + CHUNK))];
  // The other thread takes files only once it answers (it may still be starting): this one never waits for its start.
  const ready = beside && files.length >= SHARED_FROM ? beside([]) : undefined;
  const inFlight = new Set<Promise<void>>();
  const there = async (): Promise<void> => {
    await ready;
    while (next < files.length) {
      const [from, to] = take();
      const chunk = beside!(files.slice(from, to)).then((parsed) => parsed.forEach((p, i) => (out[from + i] = p)));
      inFlight.add(chunk);
      await chunk;
      inFlight.delete(chunk);
    }
  };
  // Two chunks in flight there, so it never waits for this thread to hand it the next. A thread that failed to
  // start takes none (this one parses them all); a chunk that failed there fails the load below.
  const lanes = ready ? [there(), there()] : [];
  for (const lane of lanes) lane.catch(() => {});
  while (next < files.length) {
    const [from, to] = take();
    for (let i = from; i < to; i++) out[i] = quickParse(files[i]);
    // Between chunks the other thread's answers come in, and it takes the next.
    if (lanes.length) await new Promise(setImmediate);
  }
  await Promise.all(inFlight);
  return out;
}
