// The inputs a page can read and which of them differ between two runs: exactly the changed ones, whether a
// hotel's object was kept (its group is skipped whole) or read again with the same or other values.
import { describe, expect, it } from "vitest";
import { changedInputs as changedObjects, inputValues, type InputValues } from "../../src/site/inputs.js";
import { Memo } from "../../src/util/memo.js";
import type { Content, Hotel } from "../../src/types.js";

const hotel = (id: string, en: Record<string, unknown>, zh?: Record<string, unknown>): Hotel =>
  ({ id, layout: "story", affiliateLink: `https://book.example.com/${id}`, text: { en, ...(zh ? { zh } : {}) } }) as unknown as Hotel;

function content(hotels: Hotel[], over: Partial<Content> = {}): Content {
  return {
    site: { languages: [{ code: "en" }, { code: "zh" }], baseUrl: "https://x.example" },
    strings: { en: { home: "Home" }, zh: { home: "首页" } },
    home: { en: { title: "Hi" } },
    hotels,
    images: new Map([["images/a.svg", { hash: "aaa", width: 4, height: 3, ext: "svg" }]]),
    files: {},
    changedAt: {},
    flags: new Map(),
    ...over,
  } as unknown as Content;
}

/** The changed inputs by the names messages give them (each name one input: Input.toString). */
const changedInputs = (a: InputValues, b: InputValues) => new Set([...changedObjects(a, b)].map(String));

const alpha = hotel("alpha", { name: "Alpha", intro: "A." }, { name: "阿" });
const beta = hotel("beta", { name: "Beta", intro: "B." });
const base = content([alpha, beta]);

describe("changedInputs", () => {
  it("finds nothing between two runs of the same content, and keeps each hotel's group as the same object", () => {
    const cache = new Memo();
    const a = inputValues(base, cache);
    const b = inputValues(content([alpha, beta], { site: base.site, strings: base.strings, home: base.home, images: base.images }), cache);
    expect(changedInputs(a, b)).toEqual(new Set());
    // The same hotel object gives the same group, which the comparison skips without looking inside.
    expect(b.get("hotel:alpha")).toBeInstanceOf(Map);
    expect(b.get("hotel:alpha")).toBe(a.get("hotel:alpha"));
    expect(inputValues(content([{ ...alpha } as Hotel, beta]), cache).get("hotel:alpha")).not.toBe(a.get("hotel:alpha"));
    // A memo is a run's (its State's): another holds nothing of it.
    expect(inputValues(base).get("hotel:alpha")).not.toBe(a.get("hotel:alpha"));
  });

  it("finds nothing when a hotel's file was read again with the same values", () => {
    const again = hotel("beta", { name: "Beta", intro: "B." });
    expect(changedInputs(inputValues(base), inputValues(content([alpha, again], { site: base.site, strings: base.strings, home: base.home })))).toEqual(new Set());
  });

  it("names the block and exactly the fields that changed, and the block's shape only when a field's parts did", () => {
    const words = hotel("beta", { name: "Beta", intro: "B, revised." });
    expect(changedInputs(inputValues(base), inputValues(content([alpha, words])))).toEqual(new Set(["hotel:beta#en", "hotel:beta#en/intro"]));
    const fields = hotel("beta", { name: "Beta", intro: "B.", tagline: "New." });
    // Beta has no Chinese block: its Chinese pages show the new English field, which is a change of theirs.
    expect(changedInputs(inputValues(base), inputValues(content([alpha, fields])))).toEqual(new Set(["hotel:beta#en", "hotel:beta#en/tagline", "hotel:beta#en:shape", "hotel:beta#zh", "hotel:beta#zh/tagline"]));
    const translated = hotel("alpha", { name: "Alpha", intro: "A." }, { name: "阿尔法" });
    expect(changedInputs(inputValues(base), inputValues(content([translated, beta])))).toEqual(new Set(["hotel:alpha#zh", "hotel:alpha#zh/name"]));
    const layout = { ...beta, layout: "article" } as Hotel;
    expect(changedInputs(inputValues(base), inputValues(content([alpha, layout])))).toEqual(new Set(["hotel:beta", "hotel:beta/layout"]));
  });

  it("names a translation's field when the parts of the default language's field changed, not when only its words did", () => {
    const listed = (items: string[]) => hotel("beta", { name: "Beta", sections: items.map((title) => ({ title })) }, { name: "贝塔", sections: [{ title: "一" }, { title: "二" }] });
    const before = inputValues(content([alpha, listed(["One", "Two"])]));
    expect(changedInputs(before, inputValues(content([alpha, listed(["One", "Deux"])])))).toEqual(new Set(["hotel:beta#en", "hotel:beta#en/sections"]));
    // A third section: the Chinese sections now show the English third one.
    expect(changedInputs(before, inputValues(content([alpha, listed(["One", "Two", "Three"])])))).toEqual(new Set(["hotel:beta#en", "hotel:beta#en/sections", "hotel:beta#en:shape", "hotel:beta#zh", "hotel:beta#zh/sections"]));
  });

  it("names the field of a language that has no block when the default language gains it (its pages show the default's)", () => {
    const tagged = hotel("beta", { name: "Beta", intro: "B.", tagline: "New." });
    const changed = changedInputs(inputValues(base), inputValues(content([alpha, tagged])));
    expect(changed).toContain("hotel:beta#zh/tagline");
    expect(changed).not.toContain("hotel:beta#zh/intro");
  });

  it("names every input of a hotel that came or went, and the hotel list", () => {
    const gone = changedInputs(inputValues(base), inputValues(content([alpha])));
    expect(gone).toEqual(new Set(["hotels", "hotel:beta", "hotel:beta/id", "hotel:beta/layout", "hotel:beta/affiliateLink", "hotel:beta#en", "hotel:beta#en/name", "hotel:beta#en/intro", "hotel:beta#en:shape", "hotel:beta#zh", "hotel:beta#zh/name", "hotel:beta#zh/intro"]));
    const back = changedInputs(inputValues(content([alpha])), inputValues(base));
    expect(back).toEqual(gone);
  });

  it("names the site, a text file's block and field and an image when they change", () => {
    const site = { ...base.site, baseUrl: "https://y.example" } as Content["site"];
    const strings = { ...base.strings, zh: { home: "主页" } } as Content["strings"];
    const images = new Map([["images/a.svg", { hash: "bbb", width: 4, height: 3, ext: "svg" }]]) as Content["images"];
    const changed = changedInputs(inputValues(base), inputValues(content([alpha, beta], { site, strings, images })));
    expect(changed).toEqual(new Set(["site", "strings#zh", "strings#zh/home", "image:images/a.svg"]));
  });

  it("moves the shapes with the default language (every page reads the site, which names it)", () => {
    const site = { ...base.site, languages: [{ code: "zh" }, { code: "en" }] } as unknown as Content["site"];
    const changed = changedInputs(inputValues(base), inputValues(content([alpha, beta], { site })));
    expect(changed).toContain("site");
    for (const id of ["hotel:alpha#en:shape", "hotel:alpha#zh:shape", "hotel:beta#en:shape", "strings#en:shape", "strings#zh:shape", "home#en:shape"]) expect(changed).toContain(id);
  });

  it("names a hotel's own field when its facts or gallery change (the pages that show them are resolved again)", () => {
    const withFacts = { ...beta, facts: [{ kind: "rooms", value: 10 }], gallery: ["images/a.jpg"] } as Hotel;
    const before = inputValues(content([alpha, withFacts]));
    expect(changedInputs(before, inputValues(content([alpha, { ...withFacts, facts: [{ kind: "rooms", value: 11 }] } as Hotel])))).toEqual(new Set(["hotel:beta", "hotel:beta/facts"]));
    expect(changedInputs(before, inputValues(content([alpha, { ...withFacts, gallery: ["images/b.jpg"] } as Hotel])))).toEqual(new Set(["hotel:beta", "hotel:beta/gallery"]));
  });

  it("compares the fields of the blocks that are new objects only: a kept block is not looked into", () => {
    const cache = new Memo();
    const a = inputValues(base, cache);
    // The same objects, held in a new group: each block is the same object, so no field is read.
    const spied = { ...(alpha.text.en as object) };
    const watched = hotel("alpha", new Proxy(spied, { ownKeys: () => { throw new Error("looked into"); } }), alpha.text.zh as Record<string, unknown>);
    const b = inputValues(content([watched, beta], { site: base.site, strings: base.strings, home: base.home, images: base.images }), cache);
    const c = inputValues(content([{ ...watched } as Hotel, beta], { site: base.site, strings: base.strings, home: base.home, images: base.images }), cache);
    expect(() => changedInputs(b, c)).not.toThrow();
    expect(changedInputs(b, c)).toEqual(new Set());
    expect(() => changedInputs(a, b)).toThrow("looked into");
  });
});
