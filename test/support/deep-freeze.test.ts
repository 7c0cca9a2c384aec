// deepFreeze: everything reachable is frozen, cycles and shared objects included.
import { describe, expect, it } from "vitest";
import { deepFreeze } from "./deep-freeze.js";

describe("deepFreeze", () => {
  it("freezes nested objects, arrays and the values of maps, through cycles", () => {
    const shared = { name: "a" };
    const data: Record<string, unknown> = { list: [shared, { deep: [1] }], map: new Map([["k", shared]]) };
    data.self = data;
    deepFreeze(data);
    expect(Object.isFrozen(data)).toBe(true);
    expect(Object.isFrozen((data.list as unknown[])[1])).toBe(true);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(() => {
      "use strict";
      (shared as { name: string }).name = "b";
    }).toThrow(TypeError);
  });
});
