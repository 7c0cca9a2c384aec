// XLIFF bytes decoded strictly (translate/decode.ts): by the byte order mark, else the declared encoding, else
// UTF-8; a byte that is not valid there is refused at its line and column (never read as U+FFFD); an encoding the
// decoders do not know, or one the byte order mark contradicts, is refused.
import { describe, expect, it } from "vitest";
import { ContentErrors } from "../../src/errors.js";
import { decodeXml } from "../../src/translate/decode.js";

const doc = (encoding: string | undefined, body: string) =>
  `<?xml version="1.0"${encoding ? ` encoding="${encoding}"` : ""}?>\n<xliff version="2.0">\n  <target>${body}</target>\n</xliff>\n`;
/** The one error's printed form, or the text. */
const read = (bytes: Buffer) => {
  try {
    return decodeXml(bytes, "ja.xlf");
  } catch (e) {
    return (e as ContentErrors).errors.map((x) => x.format()).join("\n");
  }
};
const LATIN1_HINT = `it is in another encoding (Latin-1 or Windows-1252?): save it as UTF-8, or name its encoding in its first line (<?xml version="1.0" encoding="ISO-8859-1"?>)`;

describe("decodeXml", () => {
  it("reads UTF-8, with or without its declaration or a byte order mark", () => {
    for (const enc of [undefined, "UTF-8", "utf8"]) expect(read(Buffer.from(doc(enc, "カフェ Café")))).toBe(doc(enc, "カフェ Café"));
    expect(read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(doc("UTF-8", "Café"))]))).toBe(doc("UTF-8", "Café"));
  });

  it("reads the encoding a file declares: ISO-8859-1, Windows-1252, Shift_JIS, GBK", () => {
    expect(read(Buffer.from(doc("ISO-8859-1", "Café crème"), "latin1"))).toBe(doc("ISO-8859-1", "Café crème"));
    expect(read(Buffer.from(doc("windows-1252", "Café"), "latin1"))).toBe(doc("windows-1252", "Café"));
    // "カフェ" in Shift_JIS and "咖啡" in GBK, by their bytes.
    const sjis = Buffer.concat([Buffer.from(doc("Shift_JIS", "@").split("@")[0]), Buffer.from([0x83, 0x4a, 0x83, 0x74, 0x83, 0x46]), Buffer.from(doc("Shift_JIS", "@").split("@")[1])]);
    expect(read(sjis)).toBe(doc("Shift_JIS", "カフェ"));
    const gbk = Buffer.concat([Buffer.from(doc("GBK", "@").split("@")[0]), Buffer.from([0xbf, 0xa7, 0xb7, 0xc8]), Buffer.from(doc("GBK", "@").split("@")[1])]);
    expect(read(gbk)).toBe(doc("GBK", "咖啡"));
  });

  it("reads UTF-16 by its byte order mark, either way round, and without one from its first bytes", () => {
    const text = doc("UTF-16", "カフェ");
    const le = Buffer.from(text, "utf16le");
    expect(read(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toBe(text);
    expect(read(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]))).toBe(text);
    expect(read(le)).toBe(text);
  });

  it("refuses Latin-1 bytes in a file that declares UTF-8 or nothing, at the bad byte's line and column", () => {
    expect(read(Buffer.from(doc("UTF-8", "Café"), "latin1"))).toBe(`ja.xlf:3:14 holds bytes that are not valid UTF-8 (the byte 0xe9 here)\n    hint: ${LATIN1_HINT}`);
    expect(read(Buffer.from(doc(undefined, "naïve Café"), "latin1"))).toBe(
      `ja.xlf:3:13 holds bytes that are not valid UTF-8 (the byte 0xef here), the encoding of an XML file that declares none\n    hint: ${LATIN1_HINT}`,
    );
  });

  it("counts the column in characters, after valid multi-byte text on the same line", () => {
    const bytes = Buffer.concat([Buffer.from(doc(undefined, "カフェ @").split("@")[0]), Buffer.from([0xff]), Buffer.from(doc(undefined, "@").split("@")[1])]);
    expect(read(bytes)).toMatch(/^ja\.xlf:3:15 holds bytes that are not valid UTF-8 \(the byte 0xff here\)/);
  });

  it("refuses a character cut by the end of the file, and a bad byte on the first line", () => {
    expect(read(Buffer.concat([Buffer.from(doc(undefined, "x")), Buffer.from([0xe3, 0x81])]))).toMatch(/^ja\.xlf:5:1 holds bytes that are not valid UTF-8 \(the byte 0xe3 here\)/);
    expect(read(Buffer.from([0x3c, 0xe9, 0x3e]))).toMatch(/^ja\.xlf:1:2 holds bytes that are not valid UTF-8 \(the byte 0xe9 here\)/);
  });

  it("refuses bytes the declared encoding does not have: US-ASCII and Shift_JIS", () => {
    expect(read(Buffer.from(doc("US-ASCII", "Café"), "latin1"))).toBe(
      `ja.xlf:3:14 holds bytes that are not valid US-ASCII (the byte 0xe9 here)\n    hint: save it again from your translation tool as US-ASCII, or as UTF-8 with encoding="UTF-8" in its first line`,
    );
    const sjis = Buffer.concat([Buffer.from(doc("Shift_JIS", "ab@").split("@")[0]), Buffer.from([0x81, 0x20]), Buffer.from(doc("Shift_JIS", "@").split("@")[1])]);
    expect(read(sjis)).toMatch(/^ja\.xlf:3:13 holds bytes that are not valid Shift_JIS \(the byte 0x81 here\)/);
  });

  it("refuses an encoding it cannot read, and one its byte order mark contradicts", () => {
    expect(read(Buffer.from(doc("EBCDIC-US", "x")))).toBe(`ja.xlf:1:1 declares the encoding "EBCDIC-US", which hotelsite cannot read\n    hint: save it as UTF-8 (your translation tool's export settings), or export a fresh file`);
    expect(read(Buffer.from(doc("ISO-2022-KR", "x")))).toBe(`ja.xlf:1:1 declares the encoding "ISO-2022-KR", which hotelsite cannot read\n    hint: save it as UTF-8 (your translation tool's export settings), or export a fresh file`);
    expect(read(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(doc("UTF-8", "x"), "utf16le")]))).toBe(
      `ja.xlf:1:1 declares the encoding "UTF-8" but is written in UTF-16LE\n    hint: save it again from your translation tool, as UTF-8`,
    );
    expect(read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(doc("ISO-8859-1", "x"))]))).toBe(
      `ja.xlf:1:1 declares the encoding "ISO-8859-1" but is written in UTF-8\n    hint: save it again from your translation tool, as UTF-8`,
    );
  });
});
