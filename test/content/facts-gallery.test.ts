// Validation of a hotel's facts and gallery: each mistake is a content error at its file, line and pointer.
import { afterEach, describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import { ContentErrors } from "../../src/errors.js";
import { fixtureCopy } from "../support/fixture.js";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

/** Validates the fixture with `block` added to alpha.yaml before its text (and `alt` to its English text). */
async function errorsWith(block: string, alt = ""): Promise<string[]> {
  const fx = await fixtureCopy({ "hotels/alpha.yaml": (s) => s.replace("text:\n", `${block}text:\n`).replace("  en:\n", `  en:\n${alt}`) });
  cleanups.push(fx.cleanup);
  try {
    validateContent(await loadContent({ contentDir: fx.content, cwd: fx.dir }));
    return [];
  } catch (e) {
    if (e instanceof ContentErrors) return e.errors.map((x) => x.format().split("\n").slice(0, 2).join(" | "));
    throw e;
  }
}

describe("a hotel's facts", () => {
  it("accepts facts with units that suit their kinds", async () => {
    expect(await errorsWith("facts:\n  - { kind: rooms, value: 1234 }\n  - { kind: eventSpace, value: 3700, unit: sqm }\n  - { kind: airportMinutes, value: 20, qualifier: about }\n")).toEqual([]);
  });

  it("refuses a unit its kind cannot be in, at the fact's line, with the units it takes", async () => {
    const errors = await errorsWith("facts:\n  - { kind: rooms, value: 1234 }\n  - { kind: eventSpace, value: 3700, unit: acres }\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^content\/hotels\/alpha\.yaml:8:\d+ \/facts\/1\/unit eventSpace cannot be in acres/);
    expect(errors[0]).toContain("write unit: sqft or sqm");
  });

  it("refuses an unknown kind and a figure that is not a positive number", async () => {
    const errors = await errorsWith("facts:\n  - { kind: bedrooms, value: 12 }\n  - { kind: rooms, value: -3 }\n");
    expect(errors.map((e) => e.split(" ").slice(0, 2).join(" "))).toEqual(["content/hotels/alpha.yaml:7:13 /facts/0/kind", "content/hotels/alpha.yaml:8:27 /facts/1/value"]);
  });
});

describe("a hotel's gallery", () => {
  it("refuses an image that is not in the content folder", async () => {
    const errors = await errorsWith("gallery:\n  - images/alpha.svg\n  - images/missing.jpg\n", "    galleryAlt: [One, Two]\n");
    // An SVG is not a photograph: the schema refuses it; the missing JPEG is named with its path.
    expect(errors.map((e) => e.split(" |")[0])).toEqual([
      expect.stringMatching(/^content\/hotels\/alpha\.yaml:7:\d+ \/gallery\/0 must be a path inside the content folder to a \.jpg, \.png or \.webp photograph/),
    ]);
    const missing = await errorsWith("gallery:\n  - images/missing.jpg\n", "    galleryAlt: [One]\n");
    expect(missing).toEqual([expect.stringMatching(/^content\/hotels\/alpha\.yaml:7:\d+ \/gallery\/0 "images\/missing\.jpg" is not an image file in the content folder/)]);
  });

  it("needs one line of alt text per image in the default language", async () => {
    const none = await errorsWith("gallery:\n  - images/a.jpg\n");
    expect(none.some((e) => /\/text\/en has no galleryAlt/.test(e))).toBe(true);
    const short = await errorsWith("gallery:\n  - images/a.jpg\n  - images/b.jpg\n", "    galleryAlt: [Only one]\n");
    expect(short.some((e) => /\/text\/en\/galleryAlt describes 1 image but the gallery has 2/.test(e))).toBe(true);
  });
});
