import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "./support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  fx = await fixtureCopy();
});
afterAll(() => fx.cleanup());

describe("hotelsite CLI", () => {
  it("prints its version", async () => {
    const pkg = JSON.parse(await readFile(path.resolve(import.meta.dirname, "../package.json"), "utf8"));
    const r = await runCli(["--version"], fx.dir);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe(pkg.version);
  });

  it("builds and says how many pages it wrote", async () => {
    const r = await runCli(["build"], fx.dir);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Built 15 pages \(\d+ files\) into dist in \d+\.\d\d s, 1 warning/);
  });

  it("overrides the base URL with --base-url", async () => {
    const r = await runCli(["build", "--base-url", "https://www.override.test/", "--out", "dist-override"], fx.dir);
    expect(r.code).toBe(0);
    const html = await readFile(path.join(fx.dir, "dist-override/zh/index.html"), "utf8");
    expect(html).toContain('<link rel="canonical" href="https://www.override.test/zh/"');
  });

  it("refuses a malformed --base-url with exit code 2", async () => {
    const r = await runCli(["build", "--base-url", "ftp:/nope"], fx.dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--base-url must be an https origin: https:// and a lower-case host name, optionally :port (1-65535), with no user name, password, path, query or trailing slash (e.g. https://hotels.example.com or https://hotels.example.com:8443) (got "ftp:/nope")');
  });

  it("check prints coverage per page and language, and passes without --strict", async () => {
    const r = await runCli(["check"], fx.dir);
    expect(r.code).toBe(0);
    const rows = r.out.split("\n");
    expect(rows.find((l) => l.startsWith("strings"))).toMatch(/^strings\s+100%\s+98%\s+100%\s+zh: 1 missing$/);
    expect(rows.find((l) => l.startsWith("beta"))).toMatch(/^beta\s+100%\s+0%\s+0%/);
    expect(r.out).toContain("15 pages checked:");
  });

  it("check --strict fails with exit 1 and lists the fields that fall back", async () => {
    const r = await runCli(["check", "--strict"], fx.dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain("content/strings.yaml zh: falls back for /notFoundText");
    expect(r.err).toMatch(/check --strict: \d+ untranslated fields/);
  });

  it("check --json gives machines the same report", async () => {
    const r = await runCli(["check", "--json", "--strict"], fx.dir);
    const report = JSON.parse(r.out);
    expect(report.ok).toBe(false);
    expect(report.languages).toEqual(["en", "zh", "ja"]);
    expect(report.coverage.find((c: { source: string }) => c.source === "strings").languages.zh.fallbacks).toEqual(["/notFoundText"]);
    expect(r.code).toBe(1);
  });

  it("reports content errors with file:line:column, exit 1, and writes nothing", async () => {
    const broken = await fixtureCopy({ "hotels/alpha.yaml": (s) => s.replace("layout: showcase", "layout: nope") });
    try {
      const r = await runCli(["build", "--out", "never"], broken.dir);
      expect(r.code).toBe(1);
      expect(r.err).toContain("content/hotels/alpha.yaml:2:9 /layout must be one of: showcase, story, article");
      expect(r.err).toContain("1 error found.");
      await expect(readFile(path.join(broken.dir, "never/index.html"))).rejects.toThrow();
    } finally {
      await broken.cleanup();
    }
  });

  it("ends a failed check saying that check wrote nothing, and a failed build that the output is unchanged", async () => {
    const broken = await fixtureCopy({ "hotels/alpha.yaml": (s) => s.replace("layout: showcase", "layout: nope") });
    try {
      const checked = await runCli(["check"], broken.dir);
      expect(checked.code).toBe(1);
      expect(checked.err.trimEnd().split("\n").at(-1)).toBe("check only reads: it wrote nothing.");
      const built = await runCli(["build", "--out", "never"], broken.dir);
      expect(built.err.trimEnd().split("\n").at(-1)).toBe("Nothing was written; the previous output is unchanged.");
    } finally {
      await broken.cleanup();
    }
  });

  it("says to commit the image variants a build had to encode, and nothing when none was", async () => {
    const copy = await fixtureCopy();
    try {
      const quiet = await runCli(["build"], copy.dir);
      expect(quiet.out).not.toContain("Encoded");
      // An edited image: new bytes, so variants no folder or cache has yet (an SVG gets 14: 3 widths x 3 formats, og, a phone crop at 2 widths x 2 formats).
      const svg = path.join(copy.content, "images", "alpha.svg");
      await writeFile(svg, (await readFile(svg, "utf8")).replace("</svg>", `<!-- ${process.pid} ${Date.now()} ${Math.random()} --></svg>`));
      const r = await runCli(["build", "--out", "dist2"], copy.dir);
      expect(r.code).toBe(0);
      expect(r.out).toContain("Encoded 14 new image variants into content/.generated/images: commit them with the content");
    } finally {
      await copy.cleanup();
    }
  });

  it("exits 2 on an unknown command", async () => {
    expect((await runCli(["publish"], fx.dir)).code).toBe(2);
  });
});
