// Typographic quotes and apostrophes made at build time from the plain ones editors type (Dubai's -> Dubai’s).

// What may stand before an opening quote: the text's start, a space, an opening bracket, a dash or an opening quote.
const OPENS = /[\s\p{Ps}\p{Pi}\p{Pd}/]/u;
const LETTER = /[\p{L}\p{N}]/u;

/** The text with ' and " made into ’ ‘ “ ”: opening at a word's start, closing (or an apostrophe) elsewhere. */
export function typographic(text: string): string {
  if (!text.includes("'") && !text.includes('"')) return text;
  let out = "";
  let open = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== "'" && c !== '"') {
      out += c;
      continue;
    }
    const before = i === 0 ? " " : text[i - 1];
    const after = text[i + 1] ?? " ";
    const opening = OPENS.test(before) && !/\s/.test(after);
    if (c === '"') {
      // Between two letters (Chinese and Japanese set quotes without spaces) quotes alternate: open, close.
      const between = LETTER.test(before) && LETTER.test(after);
      out += (between ? !open : opening) ? "“" : "”";
      open = out.endsWith("“");
    }
    // An apostrophe that stands for left-out digits ('90s) is a closing one, though it opens a word.
    else out += opening && !/^\d\d(s|\b)/.test(text.slice(i + 1, i + 4)) && LETTER.test(after) ? "‘" : "’";
  }
  return out;
}
