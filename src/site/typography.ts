// Typographic quotes and apostrophes made at build time from the plain ones editors type (Dubai's -> Dubai’s).

// What may stand before an opening quote: the text's start, a space, an opening bracket, a dash or an opening quote.
const OPENS = /[\s\p{Ps}\p{Pi}\p{Pd}/]/u;
const LETTER = /[\p{L}\p{N}]/u;

/** The text with ' and " made into ’ ‘ “ ”: opening at a word's start, closing (or an apostrophe) elsewhere. */
export function typographic(text: string): string {
  if (!text.includes("'") && !text.includes('"')) return text;
  let open = false;
  // One replace, not a string grown a character at a time: that made a rope of a node per character, which every
  // later split or regular expression flattened again (a second of a 4,000-page build, and its memory).
  return text.replace(/['"]/g, (c: string, i: number) => {
    const before = i === 0 ? " " : text[i - 1];
    const after = text[i + 1] ?? " ";
    const opening = OPENS.test(before) && !/\s/.test(after);
    if (c === '"') {
      // Between two letters (Chinese and Japanese set quotes without spaces) quotes alternate: open, close.
      const between = LETTER.test(before) && LETTER.test(after);
      open = between ? !open : opening;
      return open ? "“" : "”";
    }
    // An apostrophe that stands for left-out digits ('90s) is a closing one, though it opens a word.
    return opening && !/^\d\d(s|\b)/.test(text.slice(i + 1, i + 4)) && LETTER.test(after) ? "‘" : "’";
  });
}
