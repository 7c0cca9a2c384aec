// A run's memo: a value is made once per table and key object, and another memo (another run's state) has its own.
import { describe, expect, it } from "vitest";
import { Memo, table } from "../../src/util/memo.js";

describe("Memo", () => {
  const LENGTHS = table<{ text: string }, { length: number }>("lengths");
  const OTHER = table<{ text: string }, { length: number }>("other");

  it("makes a table's value once per key object, and again for another object with the same contents", () => {
    const memo = new Memo();
    let made = 0;
    const make = (k: { text: string }) => (made++, { length: k.text.length });
    const key = { text: "abc" };
    const first = memo.get(LENGTHS, key, make);
    expect(memo.get(LENGTHS, key, make)).toBe(first);
    expect(made).toBe(1);
    expect(memo.get(LENGTHS, { text: "abc" }, make)).not.toBe(first);
    expect(made).toBe(2);
  });

  it("keeps tables apart, and shares nothing with another memo", () => {
    const memo = new Memo();
    const key = { text: "abc" };
    const v = memo.get(LENGTHS, key, () => ({ length: 3 }));
    expect(memo.get(OTHER, key, () => ({ length: 0 })).length).toBe(0);
    expect(memo.map(LENGTHS).get(key)).toBe(v);
    expect(new Memo().map(LENGTHS).has(key)).toBe(false);
  });
});
