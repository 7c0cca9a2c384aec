// What a page reads is recorded once per page, in the order first read; a translation that fell back records the
// default language's field, the one object a page reading both records once; entries are kept with the resolved
// texts in a session's memo, for the next run.
import { describe, expect, it } from "vitest";
import { resolveText } from "../../src/site/i18n.js";
import { input } from "../../src/site/inputs.js";
import { fieldRead, Recorder, textEntry } from "../../src/site/reads.js";
import { Memo } from "../../src/util/memo.js";

const blocks = { en: { name: "Alpha", intro: "Hi.", sections: [{ title: "One" }, { title: "Two" }] }, zh: { name: "阿", sections: [{ title: "一" }] } };
const en = resolveText(blocks, "en", "en");
const zh = resolveText(blocks, "zh", "en");
const memo = new Memo();
const entry = (lang: "en" | "zh", file = "hotels/alpha.yaml") => textEntry(memo, lang === "en" ? en : zh, en, "hotel:alpha", lang, "en", file);

describe("Recorder", () => {
  it("records each input once per page, and again on the next page", () => {
    const recorder = new Recorder();
    const [a, b] = [input.image("a"), input.image("b")];
    recorder.page();
    for (const r of [a, b, a, a]) recorder.use(r);
    expect(recorder.inputs()).toEqual([a, b]);
    recorder.page();
    recorder.use(b);
    expect(recorder.inputs()).toEqual([b]);
  });
});

describe("fieldRead", () => {
  it("records a default-language field alone, a translation's own field alone, and a fallen-back one with the default's field", () => {
    expect(fieldRead(entry("en"), "intro").input).toBe(input.field("hotel:alpha", "en", "intro"));
    expect(fieldRead(entry("zh"), "name").input).toBe(input.field("hotel:alpha", "zh", "name"));
    expect(fieldRead(entry("zh"), "name").fellBackTo).toBeUndefined();
    const intro = fieldRead(entry("zh"), "intro");
    expect(intro.input).toBe(input.field("hotel:alpha", "zh", "intro"));
    // The default language's field is one object, whichever entry records it: a page reading both records it once.
    expect(intro.fellBackTo).toBe(fieldRead(entry("en"), "intro").input);
    expect(intro.shown?.fallbacks).toEqual(["/intro"]);
    // The second section is the English one: the field fell back in part.
    expect(fieldRead(entry("zh"), "sections").fellBackTo).toBe(fieldRead(entry("en"), "sections").input);
    expect(fieldRead(entry("zh"), "sections").shown?.fallbacks).toEqual(["/sections/1/title"]);
  });

  it("is made once per entry and field, and the entry once per resolved text", () => {
    expect(entry("zh")).toBe(entry("zh"));
    expect(fieldRead(entry("zh"), "name")).toBe(fieldRead(entry("zh"), "name"));
    // Read as another file's text, it is another entry.
    expect(entry("zh", "hotels/other.yaml")).not.toBe(entry("zh"));
  });

  it("records a translation read whole with the default's block where it fell back, else the default's shape", () => {
    expect(entry("en").reads.map(String)).toEqual(["hotel:alpha#en"]);
    expect(entry("zh").reads.map(String)).toEqual(["hotel:alpha#zh", "hotel:alpha#en"]);
    const full = { en: { name: "Alpha" }, zh: { name: "阿" } };
    const base = resolveText(full, "en", "en");
    expect(textEntry(new Memo(), resolveText(full, "zh", "en"), base, "hotel:x", "zh", "en", "x.yaml").reads.map(String)).toEqual(["hotel:x#zh", "hotel:x#en:shape"]);
  });
});
