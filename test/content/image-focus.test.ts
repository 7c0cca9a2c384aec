// Focal points: declared beside an image reference, checked by the schema, attached to the image for the image
// stage and the templates, and one per image.
import { afterEach, describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import { ContentErrors } from "../../src/errors.js";
import { withFocus } from "../../src/content/image-focus.js";
import type { ImageInfo, SourceFile } from "../../src/types.js";
import { Memo } from "../../src/util/memo.js";
import { fixtureCopy, type Edit } from "../support/fixture.js";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

/** Validates the fixture with edits: the content, or the errors' first lines. */
async function validate(edits: Record<string, Edit>) {
  const fx = await fixtureCopy(edits);
  cleanups.push(fx.cleanup);
  try {
    return { content: validateContent(await loadContent({ contentDir: fx.content, cwd: fx.dir })).content, errors: [] as string[] };
  } catch (e) {
    if (e instanceof ContentErrors) return { content: undefined, errors: e.errors.map((x) => x.format().split("\n")[0]) };
    throw e;
  }
}

const after = (line: string, added: string) => (s: string) => {
  if (!s.includes(line)) throw new Error(`edit did not apply: ${line}`);
  return s.replace(line, `${line}\n${added}`);
};

describe("image focal points", () => {
  it("attaches a hotel's imageFocus and site.yaml's homeImageFocus to their images; an image without one has none", async () => {
    const { content, errors } = await validate({
      "hotels/alpha.yaml": after("image: images/alpha.svg", "imageFocus: { x: 70, y: 35 }"),
      "site.yaml": after("homeImage: images/home.svg", "homeImageFocus: { x: 20, y: 60 }"),
    });
    expect(errors).toEqual([]);
    expect(content!.images.get("images/alpha.svg")!.focus).toEqual({ x: 70, y: 35 });
    expect(content!.images.get("images/home.svg")!.focus).toEqual({ x: 20, y: 60 });
    expect(content!.images.get("images/default.svg")!.focus).toBeUndefined();
  });

  it("refuses a focal point outside 0-100, off the 5% steps, or with a field missing, at its place", async () => {
    const { errors } = await validate({ "hotels/alpha.yaml": after("image: images/alpha.svg", "imageFocus: { x: 120, y: 33 }") });
    expect(errors).toEqual([
      "content/hotels/alpha.yaml:5:18 /imageFocus/x must be at most 100",
      "content/hotels/alpha.yaml:5:26 /imageFocus/y must be a multiple of 5",
    ]);
    const missing = await validate({ "hotels/alpha.yaml": after("image: images/alpha.svg", "imageFocus: { x: 10 }") });
    expect(missing.errors).toHaveLength(1);
    expect(missing.errors[0]).toMatch(/^content\/hotels\/alpha\.yaml:5:\d+ \/imageFocus/);
  });

  it("refuses two different focal points for one image, naming both files", async () => {
    const { errors } = await validate({
      "hotels/alpha.yaml": after("image: images/alpha.svg", "imageFocus: { x: 70, y: 35 }"),
      "hotels/gamma.yaml": after("image: images/alpha.svg", "imageFocus: { x: 30, y: 35 }"),
    });
    expect(errors).toEqual(['content/hotels/gamma.yaml:4:13 /imageFocus gives "images/alpha.svg" a different focal point (30, 35) than content/hotels/alpha.yaml (70, 35)']);
    // The same point twice is one focal point, not a conflict.
    const same = await validate({
      "hotels/alpha.yaml": after("image: images/alpha.svg", "imageFocus: { x: 70, y: 35 }"),
      "hotels/gamma.yaml": after("image: images/alpha.svg", "imageFocus: { x: 70, y: 35 }"),
    });
    expect(same.errors).toEqual([]);
  });

  it("refuses a focal point on a hotel that names no image of its own", async () => {
    const { errors } = await validate({ "hotels/beta.yaml": after("layout: story", "imageFocus: { x: 50, y: 50 }") });
    expect(errors).toEqual(["content/hotels/beta.yaml:3:13 /imageFocus is the focal point of an image this hotel does not name"]);
  });

  it("gives a run the last run's image with its focal point while the image and the point are the same (a save re-plans no image), a new one when either changes", () => {
    const image: ImageInfo = { width: 1600, height: 900, hash: "abc", ext: "jpg", format: "jpeg" } as ImageInfo;
    const images = new Map([["images/a.jpg", image]]);
    const claim = (x: number) => ({ ref: "images/a.jpg", focus: { x, y: 40 }, source: {} as SourceFile, pointer: "/imageFocus" });
    const memo = new Memo();
    const first = withFocus(images, [claim(30)], memo).images.get("images/a.jpg")!;
    expect(first).toEqual({ ...image, focus: { x: 30, y: 40 } });
    expect(image.focus).toBeUndefined();
    expect(withFocus(images, [claim(30)], memo).images.get("images/a.jpg")).toBe(first);
    const moved = withFocus(images, [claim(31)], memo).images.get("images/a.jpg")!;
    expect(moved).not.toBe(first);
    expect(moved.focus).toEqual({ x: 31, y: 40 });
    // Another image object (the file changed) with the same point: a new one too.
    const changed = withFocus(new Map([["images/a.jpg", { ...image, hash: "def" }]]), [claim(31)], memo).images.get("images/a.jpg")!;
    expect(changed).not.toBe(moved);
    expect(changed.hash).toBe("def");
    // Another session's memo (a new watch, a build): its own.
    expect(withFocus(images, [claim(30)], new Memo()).images.get("images/a.jpg")).not.toBe(first);
  });
});
