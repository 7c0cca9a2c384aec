// Sitemap lastmod from git: each page's is the latest commit of the files it reads; none outside git.
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { input } from "../../src/site/inputs.js";
import { pageLastmod } from "../../src/site/lastmod.js";
import { fixtureCopy } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
const FIRST = "2025-03-01T10:00:00Z";
const SECOND = "2025-06-15T08:30:00Z";
const git = (args: string[], date?: string) =>
  execFileSync("git", args, {
    cwd: fx.dir,
    stdio: "pipe",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com", ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
  });

/** The lastmod of each URL in a sitemap (null when the entry has none). */
async function lastmods(dist: string): Promise<Map<string, string | null>> {
  const xml = await readFile(path.join(fx.dir, dist, "sitemap.xml"), "utf8");
  return new Map([...xml.matchAll(/<url><loc>https:\/\/fixture\.example\.com([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?/g)].map((m) => [m[1], m[2] ?? null]));
}

beforeAll(async () => {
  fx = await fixtureCopy();
  await build({ contentDir: "content", outDir: "dist-plain", cwd: fx.dir });
  git(["init", "-q"]);
  git(["add", "content"]);
  git(["commit", "-q", "-m", "first"], FIRST);
  // beta is not popular: only beta's pages and the home pages (their cards) read it.
  const beta = path.join(fx.content, "hotels/beta.yaml");
  await writeFile(beta, (await readFile(beta, "utf8")).replace("layout: story", "layout: story\nhero: tall"));
  git(["commit", "-q", "-am", "second"], SECOND);
  await build({ contentDir: "content", outDir: "dist", cwd: fx.dir });
  await build({ contentDir: "content", outDir: "dist-again", cwd: fx.dir });
});
afterAll(() => fx.cleanup());

describe("sitemap lastmod", () => {
  it("is the latest commit of the files each page is built from", async () => {
    const got = await lastmods("dist");
    expect(got.size).toBe(12);
    for (const lang of ["/", "/zh/", "/ja/"]) {
      expect(got.get(lang), lang).toBe(SECOND);
      expect(got.get(`${lang}test-brand-beta/`), lang).toBe(SECOND);
      expect(got.get(`${lang}test-brand-alpha/`), lang).toBe(FIRST);
      expect(got.get(`${lang}test-brand-gamma/`), lang).toBe(FIRST);
    }
  });

  it("is the same in a second build (reproducible output)", async () => {
    expect(await readFile(path.join(fx.dir, "dist-again/sitemap.xml"), "utf8")).toBe(await readFile(path.join(fx.dir, "dist/sitemap.xml"), "utf8"));
  });

  it("is left out when the content is not in a git checkout", async () => {
    const got = await lastmods("dist-plain");
    expect(got.size).toBe(12);
    expect([...got.values()].every((v) => v === null)).toBe(true);
  });

  it("is left out for a page that reads a file git does not know (new, not committed)", async () => {
    await writeFile(path.join(fx.content, "hotels/delta.yaml"), (await readFile(path.join(fx.content, "hotels/beta.yaml"), "utf8")).replace("id: beta", "id: delta").replace("/hotel/beta", "/hotel/delta"));
    await build({ contentDir: "content", outDir: "dist-untracked", cwd: fx.dir });
    const got = await lastmods("dist-untracked");
    expect(got.get("/test-brand-delta/")).toBeNull();
    expect(got.get("/")).toBeNull();
    expect(got.get("/test-brand-alpha/")).toBe(FIRST);
  });
});

describe("pageLastmod", () => {
  it("finds the file of every kind of recorded input: a block, one of its fields, a hotel's own field", () => {
    const changedAt = { site: 100, strings: 150, "hotel:alpha": 300, "hotel:beta": 200 };
    expect(pageLastmod([input.site, input.text("strings", "zh"), input.hotelField("beta", "image"), input.image("images/a.svg"), input.hotelList], changedAt)).toBe("1970-01-01T00:03:20Z");
    expect(pageLastmod([input.site, input.field("hotel:alpha", "en", "name"), input.text("hotel:beta", "zh"), input.shape("hotel:beta", "en")], changedAt)).toBe("1970-01-01T00:05:00Z");
    expect(pageLastmod([input.site, input.hotelField("gamma", "facts")], changedAt)).toBeUndefined();
  });
});
