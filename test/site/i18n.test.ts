import { describe, expect, it } from "vitest";
import { format, resolveText } from "../../src/site/i18n.js";

describe("resolveText", () => {
  const blocks = {
    en: { title: "Hello", list: ["a", "b"], nested: { x: "X", y: "Y" } },
    zh: { title: "你好", list: ["甲"], nested: { y: "乙" }, extra: "ignored" },
  };

  it("takes each field from the language, else from the default, recording every fallback", () => {
    const r = resolveText<typeof blocks.en>(blocks, "zh", "en");
    expect(r.value).toEqual({ title: "你好", list: ["甲", "b"], nested: { x: "X", y: "乙" } });
    expect(r.fields).toBe(5);
    expect(r.fallbacks).toEqual(["/list/1", "/nested/x"]);
  });

  it("falls back entirely for a language with no block, and never for the default", () => {
    expect(resolveText(blocks, "ja", "en").fallbacks).toHaveLength(5);
    expect(resolveText(blocks, "en", "en").fallbacks).toEqual([]);
  });

  it("treats an empty string as missing", () => {
    const r = resolveText({ en: { a: "A" }, ja: { a: "" } }, "ja", "en");
    expect(r.value).toEqual({ a: "A" });
    expect(r.fallbacks).toEqual(["/a"]);
  });
});

describe("format", () => {
  it("fills known placeholders and leaves unknown ones", () => {
    expect(format("View in {language} {x}", { language: "中文" })).toBe("View in 中文 {x}");
  });
});
