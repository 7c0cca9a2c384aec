// Templates that never finish, allocate without end or exit (issue 25, "Templates that never finish"): a build
// fails with a content error naming the template and the page and never exits 0; watch keeps serving, stops on
// SIGTERM while a render runs away, and picks up the fixed template. A missing --templates folder is named.
import { spawn, type ChildProcess } from "node:child_process";
import { cp, readFile, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilInFolder } from "../support/folder-events.js";
import { fixtureCopy, REPO, runCli } from "../support/fixture.js";
import { compileCli } from "./support.js";

/** A copy of the fixture site with a copy of the bundled templates beside it. */
async function siteWithTemplates() {
  const fx = await fixtureCopy();
  const templates = path.join(fx.dir, "templates");
  await cp(path.join(REPO, "templates"), templates, { recursive: true });
  const story = path.join(templates, "pages", "Story.tsx");
  const original = await readFile(story, "utf8");
  /** Puts `code` first in the Story template's body (the story pages' template). */
  const breakStory = (code: string, imports = "") => writeFile(story, imports + original.replace(/(export function Story\([^)]*\)[^{]*\{)/, `$1\n  ${code}\n`));
  return { ...fx, templates, breakStory, fixStory: () => writeFile(story, original) };
}

const exists = (p: string) => stat(p).then(() => true, () => false);

describe("hotelsite build with a template that", () => {
  it("never finishes: fails at --timeout with the template and the page named, writing nothing", async () => {
    const s = await siteWithTemplates();
    try {
      await s.breakStory("for (;;) {}");
      const r = await runCli(["build", "--content", "content", "--templates", "templates", "--timeout", "1"], s.dir);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/template "story" did not finish within 1 s on \S*test-brand-\w+\/index\.html/);
      expect(await exists(path.join(s.dir, "dist"))).toBe(false);
    } finally {
      await s.cleanup();
    }
  }, 60_000);

  it("calls process.exit(0): fails (never exit 0 having built nothing)", async () => {
    const s = await siteWithTemplates();
    try {
      await s.breakStory("process.exit(0);");
      const r = await runCli(["build", "--content", "content", "--templates", "templates"], s.dir);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/template "story" stopped its rendering thread \(exit code 0\) on \S+/);
      expect(r.err).toContain("templates must not call process.exit");
      expect(await exists(path.join(s.dir, "dist"))).toBe(false);
    } finally {
      await s.cleanup();
    }
  }, 60_000);

  it("is missing: a --templates folder that does not exist is named as such", async () => {
    const s = await siteWithTemplates();
    try {
      const r = await runCli(["build", "--content", "content", "--templates", "no-such-templates"], s.dir);
      expect(r.code).toBe(1);
      expect(r.err).toContain("no-such-templates is not a templates folder: it does not exist or is not a folder");
      expect(r.err).not.toContain("cannot resolve");
    } finally {
      await s.cleanup();
    }
  }, 60_000);

  it("rejects a --timeout that is not a positive number of seconds", async () => {
    const r = await runCli(["build", "--timeout", "soon"], REPO);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--timeout must be a number of seconds");
  });
});

describe("hotelsite watch with a template that runs away", () => {
  let cli: Awaited<ReturnType<typeof compileCli>>;
  beforeAll(async () => {
    cli = await compileCli();
  }, 120_000);
  afterAll(() => cli?.cleanup());

  /** Spawns watch and resolves `text` waits on its output (bounded). */
  function watch(dir: string, timeout: number) {
    const child: ChildProcess = spawn(process.execPath, [cli.bin, "watch", "--port", "0", "--content", "content", "--templates", "templates", "--timeout", String(timeout)], { cwd: dir });
    let all = "";
    const waiters = new Set<() => void>();
    child.stdout!.on("data", (d) => ((all += d), waiters.forEach((w) => w())));
    child.stderr!.on("data", (d) => ((all += d), waiters.forEach((w) => w())));
    const ended = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const waitFor = (text: RegExp, ms = 30_000) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const check = () => {
          const m = all.match(text);
          if (m) (waiters.delete(check), clearTimeout(timer), resolve(m));
        };
        const timer = setTimeout(() => (waiters.delete(check), reject(new Error(`no ${text} within ${ms} ms:\n${all}`))), ms);
        waiters.add(check);
        check();
      });
    return { child, waitFor, ended, output: () => all };
  }

  /** The preview's status for a path. */
  const get = (url: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(url, (res) => (res.resume(), resolve(res.statusCode ?? 0)));
      req.on("error", reject);
      req.end();
    });

  it("keeps serving and stops on SIGTERM while the render runs away", async () => {
    const s = await siteWithTemplates();
    const flag = path.join(s.dir, "running-away");
    const w = watch(s.dir, 600);
    try {
      const [, url] = await w.waitFor(/Serving \S+ at (http:\/\/\S+)/);
      await w.waitFor(/Watching /);
      // The template says when it has started to run away, then never ends (the limit is ten minutes away).
      await s.breakStory(`writeFileSync(${JSON.stringify(flag)}, "1"); for (;;) {}`, `import { writeFileSync } from "node:fs";\n`);
      await untilInFolder(s.dir, () => exists(flag));
      expect(await get(new URL("/", url).href)).toBeLessThan(500);
      w.child.kill("SIGTERM");
      // It exits on its own (a watch that ignored the signal would fail on the test's timeout), and cleanly.
      expect(await w.ended).toBe(0);
    } finally {
      w.child.kill("SIGKILL");
      await s.cleanup();
    }
  }, 90_000);

  it("reports the runaway at the limit and picks up the fixed template", async () => {
    const s = await siteWithTemplates();
    const w = watch(s.dir, 1);
    try {
      await w.waitFor(/Watching /);
      await s.breakStory("for (;;) {}");
      await w.waitFor(/template "story" did not finish within 1 s on \S+/);
      await s.fixStory();
      await w.waitFor(/templates\/pages\/Story\.tsx: rendered/);
      expect(await readFile(path.join(s.dir, "dist", "test-brand-beta", "index.html"), "utf8")).toMatch(/^<!doctype html>/);
      w.child.kill("SIGTERM");
      expect(await w.ended).toBe(0);
    } finally {
      w.child.kill("SIGKILL");
      await s.cleanup();
    }
  }, 90_000);
});
