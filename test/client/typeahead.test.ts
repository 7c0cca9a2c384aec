import { describe, expect, it } from "vitest";
import { createTypeahead, findTypeaheadMatch } from "../../templates/client/typeahead.js";

describe("createTypeahead", () => {
  it("builds a lower-cased prefix from characters typed less than a second apart", () => {
    const type = createTypeahead(1000);
    expect(type("J", 0)).toBe("j");
    expect(type("a", 400)).toBe("ja");
    expect(type("P", 1399)).toBe("jap");
  });

  it("starts a new prefix after 1 s without typing", () => {
    const type = createTypeahead(1000);
    expect(type("e", 5000)).toBe("e");
    expect(type("n", 5999)).toBe("en");
    expect(type("z", 6999)).toBe("z");
    expect(type("h", 8000)).toBe("h");
  });

  it("defaults to a 1 s reset", () => {
    const type = createTypeahead();
    expect(type("a", 0)).toBe("a");
    expect(type("b", 999)).toBe("ab");
    expect(type("c", 1999)).toBe("c");
  });
});

describe("findTypeaheadMatch", () => {
  const labels = [" English", " Español", " 中文", " 日本語"];

  it("moves to the next item starting with a typed character, wrapping", () => {
    expect(findTypeaheadMatch(labels, 0, "e")).toBe(1);
    expect(findTypeaheadMatch(labels, 1, "e")).toBe(0);
    expect(findTypeaheadMatch(labels, 3, "e")).toBe(0);
    expect(findTypeaheadMatch(labels, 0, "日")).toBe(3);
    expect(findTypeaheadMatch(labels, 3, "中")).toBe(2);
  });

  it("ignores case", () => {
    expect(findTypeaheadMatch(labels, 2, "E")).toBe(0);
    expect(findTypeaheadMatch(labels, 2, "ESP")).toBe(1);
  });

  it("keeps the current item while a longer prefix still matches it", () => {
    expect(findTypeaheadMatch(labels, 0, "en")).toBe(0);
    expect(findTypeaheadMatch(labels, 0, "es")).toBe(1);
    expect(findTypeaheadMatch(labels, 2, "eng")).toBe(0);
  });

  it("cycles through items that start with a repeated character", () => {
    expect(findTypeaheadMatch(labels, 0, "ee")).toBe(1);
    expect(findTypeaheadMatch(labels, 1, "eee")).toBe(0);
  });

  it("searches from the first item when none has focus", () => {
    expect(findTypeaheadMatch(labels, -1, "e")).toBe(0);
  });

  it("finds nothing for a prefix no item has, or an empty one", () => {
    expect(findTypeaheadMatch(labels, 0, "x")).toBe(-1);
    expect(findTypeaheadMatch(labels, 0, "enx")).toBe(-1);
    expect(findTypeaheadMatch(labels, 0, "")).toBe(-1);
    expect(findTypeaheadMatch([], 0, "e")).toBe(-1);
  });

  it("works with the typeahead buffer across a reset", () => {
    const type = createTypeahead(1000);
    const site = ["English", "中文", "日本語", "Japanese (romaji)"];
    expect(findTypeaheadMatch(site, 0, type("j", 0))).toBe(3);
    expect(findTypeaheadMatch(site, 3, type("a", 500))).toBe(3);
    // After the reset, "e" is a fresh one-character search from the current item.
    expect(findTypeaheadMatch(site, 3, type("e", 1500))).toBe(0);
  });
});
