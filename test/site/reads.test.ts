// What a page reads is recorded once per page without a Set: each input name is one Rec stamped with the last page
// that recorded it; a translation that fell back records the default language's field through that field's own
// Rec, so a page that reads both records it once; entries are kept with the resolved texts in a run's memo, for the next run.
import { describe, expect, it } from "vitest";
import { resolveText } from "../../src/site/i18n.js";
import { fieldRead, rec, Recorder, textEntry } from "../../src/site/reads.js";
import { Memo } from "../../src/util/memo.js";

const blocks = { en: { name: "Alpha", intro: "Hi.", sections: [{ title: "One" }, { title: "Two" }] }, zh: { name: "阿", sections: [{ title: "一" }] } };
const en = resolveText(blocks, "en", "en");
const zh = resolveText(blocks, "zh", "en");
const memo = new Memo();
const entry = (lang: "en" | "zh", file = "hotels/alpha.yaml") => textEntry(memo, lang === "en" ? en : zh, en, "hotel:alpha", lang, "en", file);

describe("Recorder", () => {
  it("records each Rec once per page, and again on the next page", () => {
    const recorder = new Recorder();
    const [a, b] = [rec("a"), rec("b")];
    recorder.page();
    for (const r of [a, b, a, a]) recorder.use(r);
    expect(recorder.inputs()).toEqual(["a", "b"]);
    recorder.page();
    recorder.use(b);
    expect(recorder.inputs()).toEqual(["b"]);
  });

  it("never takes a Rec recorded by another recorder's page for one of its own", () => {
    const [one, two] = [new Recorder(), new Recorder()];
    const a = rec("a");
    one.page();
    two.page();
    one.use(a);
    two.use(a);
    expect(one.inputs()).toEqual(["a"]);
    expect(two.inputs()).toEqual(["a"]);
  });
});

describe("fieldRead", () => {
  it("records a default-language field alone, a translation's own field alone, and a fallen-back one with the default's field", () => {
    expect(fieldRead(entry("en"), "intro")).toMatchObject({ name: "hotel:alpha#en/intro" });
    expect(fieldRead(entry("zh"), "name")).toMatchObject({ name: "hotel:alpha#zh/name" });
    expect(fieldRead(entry("zh"), "name").fellBackTo).toBeUndefined();
    const intro = fieldRead(entry("zh"), "intro");
    expect(intro.name).toBe("hotel:alpha#zh/intro");
    // The default language's field is one Rec, whichever entry records it: a page reading both records it once.
    expect(intro.fellBackTo).toBe(fieldRead(entry("en"), "intro"));
    expect(intro.shown?.fallbacks).toEqual(["/intro"]);
    // The second section is the English one: the field fell back in part.
    expect(fieldRead(entry("zh"), "sections").fellBackTo).toBe(fieldRead(entry("en"), "sections"));
    expect(fieldRead(entry("zh"), "sections").shown?.fallbacks).toEqual(["/sections/1/title"]);
  });

  it("is made once per entry and field, and the entry once per resolved text", () => {
    expect(entry("zh")).toBe(entry("zh"));
    expect(fieldRead(entry("zh"), "name")).toBe(fieldRead(entry("zh"), "name"));
    // Read as another file's text, it is another entry.
    expect(entry("zh", "hotels/other.yaml")).not.toBe(entry("zh"));
  });

  it("records a translation read whole with the default's block where it fell back, else the default's shape", () => {
    expect(entry("en").reads.map((r) => r.name)).toEqual(["hotel:alpha#en"]);
    expect(entry("zh").reads.map((r) => r.name)).toEqual(["hotel:alpha#zh", "hotel:alpha#en"]);
    const full = { en: { name: "Alpha" }, zh: { name: "阿" } };
    const base = resolveText(full, "en", "en");
    expect(textEntry(new Memo(), resolveText(full, "zh", "en"), base, "hotel:x", "zh", "en", "x.yaml").reads.map((r) => r.name)).toEqual(["hotel:x#zh", "hotel:x#en:shape"]);
  });
});
