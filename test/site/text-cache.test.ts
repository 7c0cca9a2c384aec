// resolveTextOnce gives what resolveText gives, whichever language and blocks it is asked for first.
import { describe, expect, it } from "vitest";
import { resolveText } from "../../src/site/i18n.js";
import { resolveTextOnce } from "../../src/site/text-cache.js";
import { Memo } from "../../src/util/memo.js";

describe("resolveTextOnce", () => {
  it("keeps the default language, a translation and a missing translation apart", () => {
    const memo = new Memo();
    const blocks = { en: { name: "Alpha", intro: "Hello" }, zh: { name: "阿尔法" } };
    for (const lang of ["en", "ja", "zh", "en", "ja"]) expect(resolveTextOnce(memo, blocks, lang, "en"), lang).toEqual(resolveText(blocks, lang, "en"));
    expect(resolveTextOnce(memo, blocks, "ja", "en").fallbacks).toEqual(["/name", "/intro"]);
  });

  it("computes a pair of blocks once per memo, and again when either block is a new object", () => {
    const memo = new Memo();
    const en = { name: "Alpha" };
    const first = resolveTextOnce(memo, { en, zh: { name: "阿" } }, "zh", "en");
    const zh = { name: "阿" };
    const blocks = { en, zh };
    const a = resolveTextOnce(memo, blocks, "zh", "en");
    expect(resolveTextOnce(memo, blocks, "zh", "en")).toBe(a);
    expect(a).not.toBe(first);
    expect(resolveTextOnce(memo, { en: { name: "Beta" }, zh }, "zh", "en").value).toEqual({ name: "阿" });
    // Another run's memo holds nothing of this one's.
    expect(resolveTextOnce(new Memo(), blocks, "zh", "en")).not.toBe(a);
  });
});
