// The one user-error type: its printed form, its cause, and how paths are shown.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ContentError, shownPath } from "../src/errors.js";

describe("shownPath", () => {
  it("shows a path inside the working folder relative to it", () => {
    expect(shownPath("/tmp/x/content/hotels/a.yaml", "/tmp/x")).toBe(path.join("content", "hotels", "a.yaml"));
  });
  it("shows a path outside the working folder absolute, never as ../../..", () => {
    expect(shownPath("/tmp/x/content/hotels/a.yaml", "/home/me/projects/site")).toBe("/tmp/x/content/hotels/a.yaml");
    expect(shownPath("../other/a.yaml", "/home/me/site")).toBe("/home/me/other/a.yaml");
  });
  it("shows the working folder itself as .", () => {
    expect(shownPath("/tmp/x", "/tmp/x")).toBe(".");
  });
});

describe("ContentError", () => {
  it("prints file:line:column, the pointer, the message and the hint", () => {
    const e = new ContentError({ file: "content/site.yaml", line: 3, column: 5, pointer: "/baseUrl" }, "must be a URL", "write it as https://...");
    expect(e.format()).toBe("content/site.yaml:3:5 /baseUrl must be a URL\n    hint: write it as https://...");
  });
  it("keeps the error it was made from as its cause", () => {
    const original = new TypeError("x is undefined");
    const e = new ContentError({ file: "templates/pages/Story.tsx", line: 4 }, "template failed", undefined, { cause: original });
    expect(e.cause).toBe(original);
  });
});
