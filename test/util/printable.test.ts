// Text hotelsite did not write is printed with nothing a terminal would act on or show as other text.
import { describe, expect, it } from "vitest";
import { printable, printableJson } from "../../src/util/printable.js";

describe("printable", () => {
  it("shows control characters and text-direction overrides as escapes, so a terminal runs none of them", () => {
    expect(printable("a\u001b[31mred\u0007\u202eb")).toBe("a\\u001b[31mred\\u0007\\u202eb");
    expect(printable("中文 ok")).toBe("中文 ok");
  });
});

describe("printableJson", () => {
  it("escapes the C1 controls, separators and bidi controls JSON.stringify leaves raw, and reads back as the same data", () => {
    const value = { link: "https://x.test/\u009b31m", note: "ab\u2028c\u202ed\u2066e", plain: "中文 \u001b ok", n: 1 };
    const out = printableJson(value);
    expect(out).toBe('{\n  "link": "https://x.test/\\u009b31m",\n  "note": "ab\\u2028c\\u202ed\\u2066e",\n  "plain": "中文 \\u001b ok",\n  "n": 1\n}');
    expect(JSON.parse(out)).toEqual(value);
  });
});
