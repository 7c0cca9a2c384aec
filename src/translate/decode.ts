// An XLIFF file's bytes as text, strictly by the encoding it declares (byte order mark, else encoding="...", else UTF-8):
// bytes invalid in it are refused with their line and column, never read as U+FFFD into a translation.
import { ContentError, ContentErrors } from "../errors.js";
import { BOMS, firstInvalid } from "../io/stream.js";

/** The XML declaration's encoding, read from the file's first bytes in an ASCII-compatible or UTF-16 encoding. */
function declared(bytes: Buffer, utf16?: string): string | undefined {
  const head = utf16 ? new TextDecoder(utf16).decode(bytes.subarray(0, 400)) : bytes.toString("latin1", 0, 200).replace(/^\xef\xbb\xbf/, "");
  return /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(head)?.[1];
}

/** The file's text; ContentErrors naming `shown` (with the line and column of a bad byte) when it cannot be read so. */
export function decodeXml(bytes: Buffer, shown: string): string {
  const fail = (message: string, hint: string, line = 1, column = 1): never => {
    throw new ContentErrors([new ContentError({ file: shown, line, column }, message, hint)]);
  };
  const bom = BOMS.find(([marks]) => marks.every((b, i) => bytes[i] === b));
  // UTF-16 without a mark still starts with "<?" in two bytes a character.
  const utf16 = bom?.[1].startsWith("utf-16") ? bom[1] : bytes[0] === 0x3c && bytes[1] === 0 ? "utf-16le" : bytes[0] === 0 && bytes[1] === 0x3c ? "utf-16be" : undefined;
  const label = declared(bytes, utf16);
  let encoding: string;
  try {
    encoding = new TextDecoder(label ?? bom?.[1] ?? utf16 ?? "utf-8").encoding;
  } catch {
    return fail(`declares the encoding "${label}", which hotelsite cannot read`, "save it as UTF-8 (your translation tool's export settings), or export a fresh file");
  }
  const from = bom?.[1] ?? utf16;
  if (from && !(encoding === from || (encoding === "utf-16le" && from.startsWith("utf-16")))) {
    fail(`declares the encoding "${label}" but is written in ${from.toUpperCase()}`, "save it again from your translation tool, as UTF-8");
  }
  const body = bytes.subarray(bom ? bom[0].length : 0);
  const decoder = encoding === "utf-16le" && from ? from : encoding;
  const ascii = label !== undefined && /^(us-)?ascii$/i.test(label);
  const bad = ascii ? body.findIndex((b) => b > 0x7f) : firstInvalid(body, decoder);
  if (bad < 0) return new TextDecoder(decoder).decode(body);
  // The place of the first bad byte: lines and characters of the valid text before it.
  const before = new TextDecoder(decoder).decode(body.subarray(0, bad)).split("\n");
  const hex = `0x${(body[bad] ?? 0).toString(16).padStart(2, "0")}`;
  const name = ascii ? "US-ASCII" : label ?? "UTF-8";
  const utf8 = encoding === "utf-8";
  return fail(
    `holds bytes that are not valid ${name} (the byte ${hex} here)${label ? "" : ", the encoding of an XML file that declares none"}`,
    utf8
      ? `it is in another encoding (Latin-1 or Windows-1252?): save it as UTF-8, or name its encoding in its first line (<?xml version="1.0" encoding="ISO-8859-1"?>)`
      : `save it again from your translation tool as ${name}, or as UTF-8 with encoding="UTF-8" in its first line`,
    before.length,
    [...before.at(-1)!].length + 1,
  );
}
