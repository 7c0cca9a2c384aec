// The booking-link mistakes named in their own words (white space, a port) and the form links are compared in.
import { describe, expect, it } from "vitest";
import { comparableLink, portProblem, spaceProblem } from "../../src/content/booking-link.js";

describe("spaceProblem", () => {
  it("names each kind of white space and where it is, counting characters rather than UTF-16 units", () => {
    expect(spaceProblem("https://b.example/\tx")).toBe("it contains a tab (character 19 of 20): a URL has none; remove it, or write %20 where the address really has a space");
    expect(spaceProblem("https://b.example/ü\u00a0x")).toBe("it contains a no-break space (character 20 of 21): a URL has none; remove it, or write %20 where the address really has a space");
    expect(spaceProblem("https://b.example/😀\u2003")).toBe("it contains the white-space character U+2003 (character 20 of 20): a URL has none; remove it, or write %20 where the address really has a space");
    expect(spaceProblem("https://b.example/\r\nx")).toBe("it contains a line break (character 19 of 21): write the URL on one line, as a plain value after the colon");
  });

  it("finds nothing in a link without white space (%20 included)", () => {
    expect(spaceProblem("https://b.example/a%20b?x=1")).toBeUndefined();
  });
});

describe("portProblem", () => {
  it("refuses any port but https's own, which URL drops", () => {
    expect(portProblem(new URL("https://b.example:8443/x"))).toBe('the port :8443 is refused: booking links use the standard https port; remove ":8443" after b.example');
    expect(portProblem(new URL("https://b.example:443/x"))).toBeUndefined();
    expect(portProblem(new URL("HTTPS://B.EXAMPLE/x"))).toBeUndefined();
  });
});

describe("comparableLink", () => {
  it("lower-cases the scheme and host only", () => {
    expect(comparableLink("HTTPS://B.Example.COM/Hotel/A?Q=1")).toBe("https://b.example.com/Hotel/A?Q=1");
    expect(comparableLink("not a url")).toBe("not a url");
  });
});
