// Watch end to end on a copy of the fixture site: the folder watcher sees the save, the rebuild reaches only what it
// should, the preview serves the result, and open pages hear about it over server-sent events.
import { cp, readFile, rename, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import type { RunReport } from "../../src/state.js";
import { ignoredPath, startWatch, type WatchSession } from "../../src/watch/watch.js";
import { fixtureCopy, REPO } from "../support/fixture.js";
import { listen, raw } from "./http.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let session: WatchSession;
const reports: RunReport[] = [];
const beta = () => path.join(fx.content, "hotels", "beta.yaml");
const langs = (f: string) => [f, `zh/${f}`, `ja/${f}`];

/**
 * The session's second looks at files: each comes at once (a microtask, no timer) unless the test holds them;
 * held ones wait for release(). next() resolves at the next one asked for, that is once a first look was taken.
 */
const looks = (() => {
  let held = false;
  const waiting: (() => void)[] = [];
  let asked: (() => void)[] = [];
  return {
    schedule(look: () => void): () => void {
      for (const a of asked.splice(0)) a();
      if (held) waiting.push(look);
      else queueMicrotask(look);
      return () => {};
    },
    next: () => new Promise<void>((resolve) => asked.push(resolve)),
    hold: () => void (held = true),
    release() {
      held = false;
      for (const look of waiting.splice(0)) look();
    },
  };
})();

/** Resolves with the first report, from now on, of a run that the given file started. */
function reportFor(file: string): Promise<RunReport> {
  const shown = path.relative(fx.dir, file);
  const seen = reports.length;
  return new Promise((resolve) => {
    const poll = () => {
      const hit = reports.slice(seen).find((r) => r.changed.includes(shown));
      if (hit) resolve(hit);
      else session.nextRebuild().then(poll);
    };
    poll();
  });
}

/** Resolves once a run reports after the first `seen` reports. */
function reportAfter(seen: number): Promise<void> {
  return new Promise((resolve) => {
    const poll = () => (reports.length > seen ? resolve() : void session.nextRebuild().then(poll));
    poll();
  });
}

/** Resolves once the preview serves `target` with `text` in it, waiting for runs until it does. */
async function untilServed(target: string, text: string): Promise<void> {
  for (;;) {
    const seen = reports.length;
    if ((await raw(session.url, target)).body.includes(text)) return;
    await reportAfter(seen);
  }
}

/** Saves a new version of a file and waits for the rebuild it causes. */
async function save(file: string, change: (old: string) => string): Promise<RunReport> {
  const done = reportFor(file);
  await writeFile(file, change(await readFile(file, "utf8")));
  const report = await done;
  await session.idle();
  return report;
}

beforeAll(async () => {
  fx = await fixtureCopy();
  // Its own templates, so edits elsewhere in the repository start no rebuild here; in a folder named with a
  // dot, which watch follows like any other.
  await cp(path.join(REPO, "templates"), path.join(fx.dir, ".templates"), { recursive: true });
  await symlink(path.join(REPO, "node_modules"), path.join(fx.dir, "node_modules"));
  session = await startWatch({
    contentDir: "content",
    outDir: "dist",
    templatesDir: ".templates",
    cwd: fx.dir,
    port: 0,
    delay: 5,
    now: new Date("2031-05-01T00:00:00Z"),
    onReport: (r) => reports.push(r),
    secondLook: looks.schedule,
  });
});
afterAll(async () => {
  await session?.stop();
  await fx.cleanup();
});

describe("startWatch", () => {
  it("builds first and serves the result on 127.0.0.1, every page loading the live-reload script", async () => {
    expect(session.first).toMatchObject({ ok: true, pages: 15 });
    expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const home = await raw(session.url, "/zh/");
    expect(home.status).toBe(200);
    expect(home.body).toMatch(/<script src="?\/__hotelsite\/live\.js"? defer(="")?><\/script><\/body>/);
    const script = await raw(session.url, "/__hotelsite/live.js");
    expect(script.status).toBe(200);
    expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(script.body).toContain('new EventSource("/__hotelsite/events" + "?path=" + encodeURIComponent(location.pathname))');
  });

  it("a saved hotel re-renders the pages that show the saved field only (its intro: its own pages), is served at once, and reloads open pages", async () => {
    const events = await listen(session.url, "/__hotelsite/events");
    expect(events.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect((await events.next("hello")).data).toMatchObject({ error: null });
    const report = await save(beta(), (s) => s.replace("intro: Beta intro.", "intro: Beta intro, saved in watch."));
    expect(report.errors).toEqual([]);
    expect([...report.rendered].sort()).toEqual(langs("test-brand-beta/index.html").sort());
    expect(report.written).toEqual(langs("test-brand-beta/index.html").sort());
    expect((await raw(session.url, "/ja/test-brand-beta/")).body).toContain("Beta intro, saved in watch.");
    expect((await events.next("reload")).event).toBe("reload");
    events.close();
  });

  it("a broken save keeps the last good pages served and tells the browser the file and line", async () => {
    const events = await listen(session.url, "/__hotelsite/events");
    await events.next("hello");
    const before = (await raw(session.url, "/test-brand-beta/")).body;
    const report = await save(beta(), (s) => s.replace("layout: story", "layout: nope"));
    expect(report.ok).toBe(false);
    const error = (await events.next("build-error")).data;
    expect(error).toMatchObject({ errors: [{ file: "content/hotels/beta.yaml", line: 2, column: 9, pointer: "/layout", message: "must be one of: showcase, story, article" }] });
    const page = await raw(session.url, "/test-brand-beta/");
    expect(page.status).toBe(200);
    expect(page.body).toBe(before);
    // A page opened now learns of the error as it connects.
    const late = await listen(session.url, "/__hotelsite/events");
    expect((await late.next("hello")).data).toMatchObject({ error: { errors: [{ file: "content/hotels/beta.yaml", line: 2 }] } });
    events.close();
    late.close();
  });

  it("the next good save clears the error and reloads", async () => {
    const events = await listen(session.url, "/__hotelsite/events");
    await events.next("hello");
    const report = await save(beta(), (s) => s.replace("layout: nope", "layout: story"));
    expect(report).toMatchObject({ ok: true, errors: [] });
    expect((await events.next("reload")).event).toBe("reload");
    const again = await listen(session.url, "/__hotelsite/events");
    expect((await again.next("hello")).data).toMatchObject({ error: null });
    events.close();
    again.close();
  });

  it("a save right after a failed one is rebuilt too (the second save lands while the first run goes on)", async () => {
    const text = await readFile(beta(), "utf8");
    const done = reportFor(beta());
    await writeFile(beta(), text.replace("layout: story", "layout: nope"));
    const failed = await done;
    expect(failed.ok).toBe(false);
    await writeFile(beta(), text.replace(/intro: .*/, "intro: Fixed at once."));
    await untilServed("/test-brand-beta/", "Fixed at once.");
    await session.idle();
    expect(reports.at(-1)).toMatchObject({ ok: true });
  });

  it("a save that empties the file and writes it after the first look runs once, on the written file; a file left empty is reported", async () => {
    const text = await readFile(beta(), "utf8");
    const seen = reports.length;
    looks.hold();
    const looked = looks.next();
    await writeFile(beta(), "");
    await looked; // the first look found it empty and left it for the second, which is held
    await writeFile(beta(), text.replace(/intro: .*/, "intro: Written after a pause."));
    await untilServed("/test-brand-beta/", "Written after a pause.");
    looks.release();
    await session.idle();
    expect(reports.slice(seen).map((r) => r.ok)).toEqual([true]);

    // Empty it is, at the second look: the run reports it.
    const done = reportFor(beta());
    await writeFile(beta(), "");
    const empty = await done;
    expect(empty.ok).toBe(false);
    expect(empty.errors.map((e) => e.format())).toEqual([expect.stringMatching(/^content\/hotels\/beta\.yaml.* is empty/)]);
    expect((await save(beta(), () => text)).ok).toBe(true);
  });

  it("follows a templates folder named with a dot: a template save renders that layout's pages", async () => {
    const story = path.join(fx.dir, ".templates", "pages", "Story.tsx");
    const report = await save(story, (s) => s.replace('className="hotel hotel--story"', 'className="hotel hotel--story hotel--dotted"'));
    expect(report.errors).toEqual([]);
    expect([...report.rendered].sort()).toEqual(langs("test-brand-beta/index.html").sort());
    expect((await raw(session.url, "/test-brand-beta/")).body).toContain("hotel--dotted");
  });

  it("a name every footer shows renders the page an open preview shows first and reloads it; every page is rendered and served", async () => {
    const gamma = path.join(fx.content, "hotels", "gamma.yaml");
    const events = await listen(session.url, `/__hotelsite/events?path=${encodeURIComponent("/ja/test-brand-beta/")}`);
    await events.next("hello");
    const report = await save(gamma, (s) => s.replace(/^(\s+name: Test Brand Gamma)$/m, "$1 Lagoon"));
    expect(report.errors).toEqual([]);
    // zh and ja fall back to gamma's English name: every page's footer shows it.
    expect(report.rendered).toHaveLength(15);
    expect(report.rendered[0]).toBe("ja/test-brand-beta/index.html");
    expect((await events.next("reload")).event).toBe("reload");
    expect((await raw(session.url, "/ja/test-brand-beta/")).body).toContain("Test Brand Gamma Lagoon");
    expect((await raw(session.url, "/zh/404.html")).body).toContain("Test Brand Gamma Lagoon");
    events.close();
  });

  it("refuses path traversal", async () => {
    for (const target of ["/../package.json", "/%2e%2e/package.json", "/%2e%2e%2fpackage.json", "/..%5cpackage.json"]) {
      expect((await raw(session.url, target)).status, target).toBe(400);
    }
  });

  it("never puts the live-reload script into build output", async () => {
    await build({ contentDir: "content", outDir: "dist-build", templatesDir: ".templates", cwd: fx.dir, now: new Date("2031-05-01T00:00:00Z") });
    const html = await readFile(path.join(fx.dir, "dist-build", "zh", "index.html"), "utf8");
    expect(html).toContain("</html>");
    expect(html).not.toContain("__hotelsite");
  });

  it("stops cleanly: the server closes and the session can be stopped twice", async () => {
    const url = session.url;
    await session.stop();
    await session.stop();
    await expect(raw(url, "/")).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe("startWatch on broken content", () => {
  it("starts anyway, shows the error to the browser, and builds once the content is fixed", async () => {
    const broken = await fixtureCopy({ "hotels/alpha.yaml": (s) => s.replace("layout: showcase", "layout: gallery") });
    await cp(path.join(REPO, "templates"), path.join(broken.dir, "templates"), { recursive: true });
    await symlink(path.join(REPO, "node_modules"), path.join(broken.dir, "node_modules"));
    const w = await startWatch({ contentDir: "content", outDir: "dist", templatesDir: "templates", cwd: broken.dir, port: 0, delay: 5 });
    try {
      expect(w.first.ok).toBe(false);
      expect(w.first.errors.map((e) => e.format())).toEqual(["content/hotels/alpha.yaml:2:9 /layout must be one of: showcase, story, article"]);
      // Nothing built yet: any page is a 404 that still loads the live-reload script, so it shows the overlay.
      const page = await raw(w.url, "/");
      expect(page.status).toBe(404);
      expect(page.body).toContain('<script src="/__hotelsite/live.js" defer></script>');
      const events = await listen(w.url, "/__hotelsite/events");
      expect((await events.next("hello")).data).toMatchObject({ error: { errors: [{ file: "content/hotels/alpha.yaml", line: 2, column: 9 }] } });

      const file = path.join(broken.content, "hotels", "alpha.yaml");
      const next = w.nextRebuild();
      await writeFile(file, (await readFile(file, "utf8")).replace("layout: gallery", "layout: showcase"));
      expect(await next).toMatchObject({ ok: true, full: true, pages: 15 });
      expect((await events.next("reload")).event).toBe("reload");
      expect((await raw(w.url, "/")).status).toBe(200);
      events.close();
    } finally {
      await w.stop();
      await broken.cleanup();
    }
  });
});

describe("startWatch when its content folder is replaced (a branch switch, a restored backup)", () => {
  it("notices, says so, rebuilds from the new folder and keeps following saves in it", async () => {
    const project = await fixtureCopy();
    await cp(path.join(REPO, "templates"), path.join(project.dir, "templates"), { recursive: true });
    await symlink(path.join(REPO, "node_modules"), path.join(project.dir, "node_modules"));
    const notes: string[] = [];
    const w = await startWatch({ contentDir: "content", outDir: "dist", templatesDir: "templates", cwd: project.dir, port: 0, delay: 5, onNote: (t) => notes.push(t) });
    /** Waits for runs until the preview serves `target` with `text`. */
    const served = async (target: string, text: string) => {
      while (!(await raw(w.url, target)).body.includes(text)) await w.nextRebuild();
    };
    try {
      expect(w.first.ok).toBe(true);
      const other = path.join(project.dir, "other");
      await cp(project.content, other, { recursive: true });
      const betaIn = (dir: string) => path.join(dir, "hotels", "beta.yaml");
      await writeFile(betaIn(other), (await readFile(betaIn(other), "utf8")).replace("name: Test Brand Beta", "name: Beta From The Other Branch"));
      await rename(project.content, path.join(project.dir, "content-a"));
      await rename(other, project.content);
      await served("/test-brand-beta/", "Beta From The Other Branch");
      expect(notes.at(-1)).toMatch(/^\[\d\d:\d\d:\d\d\] content (was replaced by another folder: watching the new one|is there again: watching it) and rebuilding from it$/);
      // The saves after it are followed too (the folder watched is the new one, not the one moved away).
      await w.idle();
      await writeFile(betaIn(project.content), (await readFile(betaIn(project.content), "utf8")).replace("name: Beta From The Other Branch", "name: Beta Saved Later"));
      await served("/test-brand-beta/", "Beta Saved Later");
      await writeFile(betaIn(project.content), (await readFile(betaIn(project.content), "utf8")).replace("name: Beta Saved Later", "name: Beta Saved Once More"));
      await served("/test-brand-beta/", "Beta Saved Once More");
    } finally {
      await w.stop();
      await project.cleanup();
    }
  });
});

describe("ignoredPath", () => {
  it("ignores editors' hidden, backup and swap files, not content", () => {
    for (const f of ["/c/hotels/.beta.yaml.swp", "/c/hotels/beta.yaml~", "/c/hotels/4913", "/c/.git", "/c/hotels/x.tmp"]) expect(ignoredPath(f), f).toBe(true);
    for (const f of ["/c/hotels/beta.yaml", "/c/images/a.svg", "/t/pages/Story.tsx"]) expect(ignoredPath(f), f).toBe(false);
  });
});
