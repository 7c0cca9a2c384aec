// The plan a run computes before it acts: what to load again from the changed files, what to render and why.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BATCH_PAGES, planLoad, planRender } from "../src/plan.js";
import { input, type Input } from "../src/site/inputs.js";
import { Readers } from "../src/site/readers.js";

const dirs = { contentDir: "/p/content", templatesDir: "/p/templates", schemasDir: "/p/schemas" };
const prev = { templates: { inputs: ["/p/templates/index.tsx", "/p/templates/pages/Story.tsx"] }, assets: { inputs: ["/p/templates/styles/site.css"] } };

describe("planLoad", () => {
  it("loads everything without a previous run", () => {
    expect(planLoad(undefined, new Set(), dirs)).toEqual({ content: "all", templates: true, assets: true, schemas: false });
  });

  it("reads a changed content file alone, and nothing of the templates or assets", () => {
    const file = path.join(dirs.contentDir, "hotels", "dubai.yaml");
    expect(planLoad(prev, new Set([file]), dirs)).toEqual({ content: { files: new Set([file]) }, templates: false, assets: false, schemas: false });
  });

  it("reads all content when a folder changed, and everything when a file outside every source changed", () => {
    expect(planLoad(prev, new Set([path.join(dirs.contentDir, "hotels")]), dirs).content).toBe("all");
    expect(planLoad(prev, new Set(["/p/package.json"]), dirs)).toEqual({ content: "all", templates: true, assets: true, schemas: false });
  });

  it("sends a templates file to the bundle made of it, a new one to both, and notes a schema change", () => {
    expect(planLoad(prev, new Set(["/p/templates/pages/Story.tsx"]), dirs)).toMatchObject({ content: "none", templates: true, assets: false });
    expect(planLoad(prev, new Set(["/p/templates/styles/site.css"]), dirs)).toMatchObject({ templates: false, assets: true });
    expect(planLoad(prev, new Set(["/p/templates/new.tsx"]), dirs)).toMatchObject({ templates: true, assets: true });
    expect(planLoad(prev, new Set(["/p/schemas/hotel.json"]), dirs)).toMatchObject({ content: "none", schemas: true });
  });
});

describe("planRender", () => {
  const pages = [
    { outFile: "index.html", kind: "home" },
    { outFile: "a/index.html", kind: "hotel" },
    { outFile: "b/index.html", kind: "hotel" },
    { outFile: "c/index.html", kind: "hotel" },
  ];
  // What each page recorded last time, and its template.
  const last: Record<string, { inputs: Input[]; template: string }> = {
    "index.html": { inputs: [input.site, input.text("home", "en"), input.field("hotel:c", "en", "name")], template: "home" },
    "a/index.html": { inputs: [input.site, input.text("hotel:a", "en"), input.field("hotel:c", "en", "name")], template: "story" },
    "b/index.html": { inputs: [input.site, input.text("hotel:b", "en"), input.field("hotel:c", "en", "name")], template: "showcase" },
    "c/index.html": { inputs: [input.site, input.text("hotel:c", "en"), input.hotel("c")], template: "story" },
  };
  const before = (p: { outFile: string }) => last[p.outFile];
  const none = { templates: new Set<string>(), assets: false };

  it("resolves again the pages one of whose recorded inputs changed, named by the fields that changed", () => {
    const plan = planRender(pages, { before, changed: new Set([input.text("hotel:c", "en"), input.field("hotel:c", "en", "description"), input.field("hotel:c", "en", "tagline")]), causes: none });
    expect(plan.pages.map((p) => p.outFile)).toEqual(["c/index.html"]);
    expect(plan.why).toEqual({ "c/index.html": "hotel:c#en/description, hotel:c#en/tagline changed" });
    expect(plan.again.size).toBe(0);
    // A field every page recorded (a footer's name): every page, each resolved again.
    const named = planRender(pages, { before, changed: new Set([input.text("hotel:c", "en"), input.field("hotel:c", "en", "name")]), causes: none });
    expect(named.pages.map((p) => p.outFile).sort()).toEqual(pages.map((p) => p.outFile).sort());
    expect(named.why["a/index.html"]).toBe("hotel:c#en/name changed");
    expect(named.why["c/index.html"]).toBe("hotel:c#en/name changed");
  });

  it("with an index of who read what, looks only at the pages it names and new pages, and plans the same", () => {
    const withNew = [...pages, { outFile: "d/index.html", kind: "hotel" }];
    const inputs = new Map(Object.entries(last).map(([f, l]) => [f, l.inputs]));
    for (const changed of [new Set([input.text("hotel:c", "en"), input.field("hotel:c", "en", "description")]), new Set([input.field("hotel:c", "en", "name")]), new Set([input.text("hotel:b", "en")]), new Set<Input>()]) {
      const looked: string[] = [];
      const watched = (p: { outFile: string }) => (looked.push(p.outFile), last[p.outFile]);
      const readers = { reading: Readers.of(inputs).pagesOf(changed), known: (p: { outFile: string }) => inputs.has(p.outFile) };
      const indexed = planRender(withNew, { before: watched, changed, readers, causes: none });
      expect(indexed).toEqual(planRender(withNew, { before, changed, causes: none }));
      expect(looked.sort()).toEqual([...readers.reading, "d/index.html"].sort());
    }
    // A changed template still looks at every page.
    const looked: string[] = [];
    const all = planRender(pages, { before: (p) => (looked.push(p.outFile), last[p.outFile]), changed: new Set(), readers: { reading: new Set(), known: () => true }, causes: { ...none, templates: new Set(["story"]) } });
    expect(all.pages.map((p) => p.outFile)).toEqual(["a/index.html", "c/index.html"]);
    expect(looked).toHaveLength(pages.length);
  });

  it("renders the pages of a changed template from their last page, in page order, and a page it did not have as new", () => {
    const plan = planRender([...pages, { outFile: "d/index.html", kind: "hotel" }], { before, changed: new Set(), causes: { ...none, templates: new Set(["showcase", "story"]) } });
    expect(plan.pages.map((p) => p.outFile)).toEqual(["a/index.html", "b/index.html", "c/index.html", "d/index.html"]);
    expect(plan.why).toEqual({ "a/index.html": 'template "story" changed', "b/index.html": 'template "showcase" changed', "c/index.html": 'template "story" changed', "d/index.html": "new page" });
    expect([...plan.again].map((p) => p.outFile)).toEqual(["a/index.html", "b/index.html", "c/index.html"]);
  });

  it("renders every page for a template every page uses or new asset names, resolving only those whose inputs changed", () => {
    const all = planRender(pages, { before, changed: new Set([input.text("hotel:c", "en"), input.field("hotel:c", "en", "tagline")]), causes: { ...none, templates: "all" } });
    expect(all.pages).toHaveLength(4);
    expect(all.why["c/index.html"]).toBe("a template every page uses changed");
    expect([...all.again].map((p) => p.outFile).sort()).toEqual(["a/index.html", "b/index.html", "index.html"]);
    expect(planRender(pages, { before, changed: new Set(), causes: { ...none, assets: true } }).why["index.html"]).toBe("the asset names changed");
    expect(planRender(pages, { before, changed: new Set(), causes: none }).pages).toEqual([]);
  });

  it("puts the pages a preview shows first, then the saved files' own pages, then the home pages, each a batch of its own", () => {
    const every = { ...none, templates: "all" as const };
    const plan = planRender(pages, { before, changed: new Set(), causes: every, focus: { shown: new Set(["b/index.html"]), own: new Set(["c/index.html"]) } });
    expect(plan.batches.map((b) => b.map((p) => p.outFile))).toEqual([["b/index.html"], ["c/index.html"], ["index.html"], ["a/index.html"]]);
    expect(plan.pages).toEqual(plan.batches.flat());
    // Why is listed in that order too (watch --verbose prints it so).
    expect(Object.keys(plan.why)).toEqual(["b/index.html", "c/index.html", "index.html", "a/index.html"]);
    // A shown page that is also its file's own goes first once; a shown page the run does not render is no batch.
    const shownOwn = planRender(pages, { before, changed: new Set(), causes: every, focus: { shown: new Set(["c/index.html", "x/index.html"]), own: new Set(["c/index.html"]) } });
    expect(shownOwn.batches.map((b) => b.map((p) => p.outFile))).toEqual([["c/index.html"], ["index.html"], ["a/index.html", "b/index.html"]]);
  });

  it("gives each home page a batch of its own (one lists every hotel: a language's should not wait for another's)", () => {
    const homes = [{ outFile: "index.html", kind: "home" }, { outFile: "a/index.html", kind: "hotel" }, { outFile: "zh/index.html", kind: "home" }];
    const plan = planRender(homes, { before: () => undefined, changed: new Set(), causes: none });
    expect(plan.batches.map((b) => b.map((p) => p.outFile))).toEqual([["index.html"], ["zh/index.html"], ["a/index.html"]]);
  });

  it("without a focus puts the home pages first, then the rest in page order, BATCH_PAGES a batch", () => {
    const many = [...pages, ...Array.from({ length: BATCH_PAGES + 1 }, (_, i) => ({ outFile: `h${i}/index.html`, kind: "hotel" }))];
    const plan = planRender(many, { before: () => undefined, changed: new Set(), causes: none });
    expect(plan.batches.map((b) => b.length)).toEqual([1, BATCH_PAGES, 4]);
    expect(plan.batches[0][0].outFile).toBe("index.html");
    expect(plan.pages.slice(1).map((p) => p.outFile)).toEqual(many.slice(1).map((p) => p.outFile));
    const same = { inputs: [input.site], template: "story" };
    expect(planRender(many, { before: () => same, changed: new Set(), causes: none }).batches).toEqual([]);
  });
});
