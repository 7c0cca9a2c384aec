// A run's batches carried out: each rendered (the next one beside it), checked and written in order; a page linking to
// a #fragment of a later batch's page waits for it; a failure stops the writing but every batch is still rendered
// and checked.
import { describe, expect, it } from "vitest";
import { renderBatches, type BatchPage } from "../src/batches.js";
import { ContentError, ContentErrors } from "../src/errors.js";
import { deadLinks } from "../src/site/links.js";

type P = { outFile: string };
/** Pages to plan, by output file. */
const pages = (...files: string[]): P[] => files.map((outFile) => ({ outFile }));

/**
 * Steps that render each page with the links `linksOf` gives it and the ids `ids.after` gives it, check links
 * with the real dead-link check against the ids each page has now (`ids.before` until it is rendered), and log
 * what they do.
 */
function steps(linksOf: Record<string, string[]> = {}, opts: { before?: Record<string, string[]>; after?: Record<string, string[]>; failOn?: string } = {}) {
  const log: string[] = [];
  const ids = new Map(Object.entries(opts.before ?? {}));
  return {
    log,
    steps: {
      render: async (pages: Iterable<P>): Promise<BatchPage[]> => {
        const batch = [...pages];
        log.push(`render ${batch.map((p) => p.outFile).join(" ")}`);
        const failing = batch.find((p) => p.outFile === opts.failOn);
        if (failing) throw new ContentErrors([new ContentError({ file: "templates/pages/X.tsx" }, `template "x" failed on ${failing.outFile}: boom`)]);
        await Promise.resolve();
        log.push(`rendered ${batch.map((p) => p.outFile).join(" ")}`);
        return batch.map((p) => ({ page: p, links: linksOf[p.outFile] ?? [] }));
      },
      take: (done: BatchPage[]) => {
        for (const r of done) ids.set(r.page.outFile, opts.after?.[r.page.outFile] ?? []);
      },
      check: (done: BatchPage[]) => {
        log.push(`check ${done.map((r) => r.page.outFile).join(" ")}`);
        return deadLinks(done.map((r) => ({ outFile: r.page.outFile, links: r.links })), { has: () => true }, "dist", (f) => ids.get(f));
      },
      write: async (done: BatchPage[]) => {
        log.push(`write ${done.map((r) => r.page.outFile).join(" ")}`);
      },
    },
  };
}

describe("renderBatches", () => {
  it("writes each batch once it is checked, in order, and returns every page rendered in that order", async () => {
    const { log, steps: s } = steps();
    const done = await renderBatches([pages("a/index.html"), pages("index.html"), pages("b/index.html", "c/index.html")], s);
    expect(done.map((r) => r.page.outFile)).toEqual(["a/index.html", "index.html", "b/index.html", "c/index.html"]);
    const writes = log.filter((l) => l.startsWith("write"));
    expect(writes).toEqual(["write a/index.html", "write index.html", "write b/index.html c/index.html"]);
    // Each batch is checked before it is written.
    for (const w of writes) expect(log.indexOf(w.replace("write", "check"))).toBeLessThan(log.indexOf(w));
  });

  it("renders the next batch while a batch renders and is written, never a third: two batches in flight", async () => {
    const { log, steps: s } = steps();
    await renderBatches([pages("a/index.html"), pages("b/index.html"), pages("c/index.html")], s);
    const at = (line: string) => log.indexOf(line);
    expect(log.filter((l) => l.startsWith("write"))).toEqual(["write a/index.html", "write b/index.html", "write c/index.html"]);
    expect(at("render b/index.html")).toBeLessThan(at("rendered a/index.html"));
    expect(at("render c/index.html")).toBeGreaterThan(at("write a/index.html"));
    expect(at("render c/index.html")).toBeLessThan(at("write b/index.html"));
  });

  it("writes a page linking to a #fragment of a later batch's page at once when that page on disk has the id, and checks it again with that batch", async () => {
    const { log, steps: s } = steps({ "a/index.html": ["/", "/c/#rooms", "#top"], "b/index.html": ["/#destinations"] }, { before: { "c/index.html": ["rooms"] }, after: { "c/index.html": ["rooms"], "index.html": ["destinations"] } });
    await renderBatches([pages("a/index.html"), pages("index.html"), pages("b/index.html"), pages("c/index.html")], s);
    expect(log.filter((l) => !l.startsWith("render"))).toEqual([
      "check a/index.html",
      "write a/index.html",
      "check index.html",
      "write index.html",
      // b links to a fragment of a page already rendered: checked with its own batch.
      "check b/index.html",
      "write b/index.html",
      "check a/index.html c/index.html",
      "write c/index.html",
    ]);
  });

  it("holds a page linking to an id a later batch's page does not have yet until that batch, and writes it with it", async () => {
    const { log, steps: s } = steps({ "a/index.html": ["/c/#pool"] }, { before: { "c/index.html": ["rooms"] }, after: { "c/index.html": ["rooms", "pool"] } });
    await renderBatches([pages("a/index.html"), pages("b/index.html"), pages("c/index.html")], s);
    expect(log.filter((l) => l.startsWith("write"))).toEqual(["write b/index.html", "write a/index.html c/index.html"]);
  });

  it("when a later batch's page drops an id an early page links to, that page is not written and the run fails", async () => {
    const { log, steps: s } = steps({ "a/index.html": ["/c/#rooms"] }, { before: { "c/index.html": ["rooms"] }, after: { "c/index.html": [] } });
    const e = (await renderBatches([pages("a/index.html"), pages("c/index.html")], s).catch((x: unknown) => x)) as ContentErrors;
    expect(e.errors.map((x) => x.message)).toEqual(['links to /c/#rooms, but c/index.html has no element with id="rooms"']);
    // On disk, a's link still lands: c keeps the id until a run writes both.
    expect(log.filter((l) => l.startsWith("write"))).toEqual(["write a/index.html"]);
  });

  it("after a template error writes nothing more, yet renders and checks every batch and reports each template once", async () => {
    const { log, steps: s } = steps({}, { failOn: "b/index.html" });
    const failing = renderBatches([pages("a/index.html"), pages("b/index.html"), pages("c/index.html")], s);
    await expect(failing).rejects.toThrow(ContentErrors);
    const e = (await failing.catch((x: unknown) => x)) as ContentErrors;
    expect(e.errors.map((x) => x.message)).toEqual(['template "x" failed on b/index.html: boom']);
    expect(log.filter((l) => l.startsWith("write"))).toEqual(["write a/index.html"]);
    expect(log).toContain("render c/index.html");
    expect(log).toContain("check c/index.html");
  });

  it("reports the dead links of every batch at once and writes no batch after the first that has one", async () => {
    const { log, steps: s } = steps({ "b/index.html": ["/a/#nowhere"], "c/index.html": ["/a/#gone"] });
    const e = (await renderBatches([pages("a/index.html"), pages("b/index.html"), pages("c/index.html")], s).catch((x: unknown) => x)) as ContentErrors;
    expect(e.errors.map((x) => x.place.file)).toEqual(["dist/b/index.html", "dist/c/index.html"]);
    expect(log.filter((l) => l.startsWith("write"))).toEqual(["write a/index.html"]);
  });

  it("writes nothing when errors were found before it started (the links of pages not rendered), and reports them", async () => {
    const { log, steps: s } = steps();
    const before = new ContentError({ file: "dist/z/index.html" }, "links to /gone/, which the build does not write");
    await expect(renderBatches([pages("a/index.html")], s, [before])).rejects.toThrow(ContentErrors);
    expect(log).toEqual(["render a/index.html", "rendered a/index.html", "check a/index.html"]);
  });

  it("rejects with a failure that is not the user's (the threads died), met in a later batch after an earlier one is written", async () => {
    const { log, steps: s } = steps();
    const render = (pages: Iterable<P>) => {
      const batch = [...pages];
      return batch[0].outFile === "b/index.html" ? Promise.reject(new Error("thread died")) : s.render(batch);
    };
    // The write goes through the event loop, as a real one does, while the later batch's failure is pending.
    const write = async (done: BatchPage[]) => {
      await new Promise((resolve) => setImmediate(resolve));
      await s.write(done);
    };
    await expect(renderBatches([pages("a/index.html"), pages("b/index.html"), pages("c/index.html")], { ...s, render, write })).rejects.toThrow("thread died");
    expect(log).toContain("write a/index.html");
  });
});
