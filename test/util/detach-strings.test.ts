// detachStrings copies every string of parsed data in place and leaves everything else as it was.
import { describe, expect, it } from "vitest";
import { detachedString, detachStrings } from "../../src/util/detach-strings.js";
import { heldBy } from "../support/held-memory.js";

describe("detachStrings", () => {
  it("gives back the same data, strings equal, numbers, booleans and nulls untouched", () => {
    const text = "東京 Grand Hyatt Tokyo, Roppongi Hills";
    const data = { name: text.slice(3), city: text.slice(0, 2), list: ["a", text.slice(3, 20), 3, true, null], nested: { deep: [{ x: "" }] } };
    const copy = structuredClone(data);
    expect(detachStrings(data)).toBe(data);
    expect(data).toEqual(copy);
  });

  it("copies an object that appears in several places (a YAML alias) once, keeping it one object", () => {
    const shared = { label: "a label long enough to be sliced" };
    const data = { a: shared, b: [shared, shared] };
    detachStrings(data);
    expect(data.a).toBe(shared);
    expect(data.b[1]).toBe(shared);
    expect(shared.label).toBe("a label long enough to be sliced");
  });

  it("keeps a key named __proto__ as the own key it is", () => {
    const data = JSON.parse('{"__proto__": "a value that is a string", "b": "x"}') as Record<string, unknown>;
    detachStrings(data);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.keys(data)).toEqual(["__proto__", "b"]);
    expect(data.__proto__).toBe("a value that is a string");
  });
});

describe("detachedString", () => {
  it("is equal to the string, Latin-1 or not, short or long", () => {
    for (const s of ["", "a", "en", "abu-dhabi-10", "é".repeat(20), "東京", "東京 Grand Hyatt Tokyo, Roppongi Hills", "x".repeat(100_000)]) expect(detachedString(s)).toBe(s);
  });

  it("holds nothing of the text it was cut from (an identity function would hold it all)", () => {
    // 20 texts of 400,000 two-byte characters (16 MB); a cut of each kept would keep them all (a slice holds its text).
    const cut = (i: number) => (`東京 ${i} ` + "a".repeat(400_000)).slice(3, 40_003);
    const detached = heldBy(() => Array.from({ length: 20 }, (_, i) => detachedString(cut(i))));
    expect(detached.kept[7]).toBe(cut(7));
    // 20 copies of 40,000 characters: at most 1.6 MB; the texts they were cut from, had they stayed, 16 MB.
    expect(detached.held).toBeLessThan(4);
  });
});
