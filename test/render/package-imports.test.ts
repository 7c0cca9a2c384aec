// A copy of the bundled templates anywhere builds: the stylesheet's font packages and React come from
// hotelsite's own packages, not from the copy's folder (which has no node_modules).
import { cp, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { fixtureCopy, REPO } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  fx = await fixtureCopy();
});
afterAll(() => fx.cleanup());

describe("--templates DIR outside hotelsite's folder", () => {
  it("builds with a copy of the bundled templates in a folder named with a dot, fonts included", async () => {
    const templatesDir = path.join(fx.dir, ".my-templates");
    await cp(path.join(REPO, "templates"), templatesDir, { recursive: true });
    const result = await build({ contentDir: "content", outDir: "dist", templatesDir: ".my-templates", cwd: fx.dir, now: new Date("2031-05-01T00:00:00Z") });
    expect(result.pages).toHaveLength(15);
    const fonts = await readdir(path.join(fx.dir, "dist", "assets", "fonts"));
    expect(fonts.some((f) => /^playfair-display-.*\.woff2$/.test(f))).toBe(true);
    expect(await readFile(path.join(fx.dir, "dist", "index.html"), "utf8")).toContain("Test Brand Guide");
  });
});
