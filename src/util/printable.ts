// What hotelsite prints from text it did not write (an export's cells, a page's links, a log's fields): nothing a
// terminal would act on or display as other text (escape sequences, C1 controls, text-direction overrides).

/** Characters shown as \u escapes: C0 and C1 controls, DEL, line and paragraph separators, bidirectional controls. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same less C0 controls, which JSON.stringify escapes itself (and whose line breaks lay out the JSON). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** Text safe to print on a terminal: control characters (escape sequences included) shown as \u escapes. */
export function printable(s: string): string {
  return s.replace(UNSAFE, escaped);
}

/** `--json` output: JSON.stringify's, two spaces deep, with the characters it leaves raw escaped too (the same data). */
export function printableJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(UNSAFE_IN_JSON, escaped);
}
