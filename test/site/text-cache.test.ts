// resolveTextOnce gives what resolveText gives, whichever language and blocks it is asked for first.
import { describe, expect, it } from "vitest";
import { resolveText } from "../../src/site/i18n.js";
import { resolveTextOnce } from "../../src/site/text-cache.js";

describe("resolveTextOnce", () => {
  it("keeps the default language, a translation and a missing translation apart", () => {
    const blocks = { en: { name: "Alpha", intro: "Hello" }, zh: { name: "阿尔法" } };
    for (const lang of ["en", "ja", "zh", "en", "ja"]) expect(resolveTextOnce(blocks, lang, "en"), lang).toEqual(resolveText(blocks, lang, "en"));
    expect(resolveTextOnce(blocks, "ja", "en").fallbacks).toEqual(["/name", "/intro"]);
  });

  it("computes a pair of blocks once, and again when either block is a new object", () => {
    const en = { name: "Alpha" };
    const first = resolveTextOnce({ en, zh: { name: "阿" } }, "zh", "en");
    const zh = { name: "阿" };
    const blocks = { en, zh };
    const a = resolveTextOnce(blocks, "zh", "en");
    expect(resolveTextOnce(blocks, "zh", "en")).toBe(a);
    expect(a).not.toBe(first);
    expect(resolveTextOnce({ en: { name: "Beta" }, zh }, "zh", "en").value).toEqual({ name: "阿" });
  });
});
