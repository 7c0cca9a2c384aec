// JSON pointers: the escapes of RFC 6901 section 3, in both directions, and pointers made from keys.
import { describe, expect, it } from "vitest";
import { childPointer, pathPointer, pointerSegment, segmentKey } from "../../src/util/json-pointer.js";

describe("json pointers", () => {
  it("escapes ~ before / and reads the escapes back in the other order", () => {
    expect(pointerSegment("a/b")).toBe("a~1b");
    expect(pointerSegment("m~n")).toBe("m~0n");
    // "~1" as a key: its ~ escaped, its 1 left; read back, "~01" is "~1", not "/".
    expect(pointerSegment("~1")).toBe("~01");
    expect(segmentKey("~01")).toBe("~1");
    expect(segmentKey("a~1b")).toBe("a/b");
  });

  it("makes a child's pointer and a path's pointer", () => {
    expect(childPointer("/en", "a/b")).toBe("/en/a~1b");
    expect(childPointer("", 0)).toBe("/0");
    expect(pathPointer(["en", "sections", 2, "m~n"])).toBe("/en/sections/2/m~0n");
    expect(pathPointer([])).toBe("");
  });
});
