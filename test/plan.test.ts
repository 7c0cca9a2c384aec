// The plan a run computes before it acts: what to load again from the changed files, what to render and why.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BATCH_PAGES, planLoad, planRender } from "../src/plan.js";

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
    { outFile: "index.html", template: "home", kind: "home" },
    { outFile: "a/index.html", template: "story", kind: "hotel" },
    { outFile: "b/index.html", template: "showcase", kind: "hotel" },
    { outFile: "c/index.html", template: "story", kind: "hotel" },
  ];
  const reused = new Set([pages[0], pages[1], pages[2]]);

  it("renders the re-resolved pages with their input, the pages of a changed template, in page order", () => {
    const plan = planRender(pages, reused, { "c/index.html": "hotel:c#en/description changed" }, { first: false, templates: new Set(["showcase"]), assets: false });
    expect(plan.pages.map((p) => p.outFile)).toEqual(["b/index.html", "c/index.html"]);
    expect(plan.why).toEqual({ "b/index.html": 'template "showcase" changed', "c/index.html": "hotel:c#en/description changed" });
  });

  it("renders every page on a first run, for a template every page uses, or new asset names", () => {
    expect(planRender(pages, reused, {}, { first: true, templates: new Set(), assets: false }).why["a/index.html"]).toBe("first build");
    expect(planRender(pages, reused, {}, { first: false, templates: "all", assets: false }).pages).toHaveLength(4);
    expect(planRender(pages, reused, {}, { first: false, templates: new Set(), assets: true }).why["index.html"]).toBe("the asset names changed");
    expect(planRender(pages, new Set(pages), {}, { first: false, templates: new Set(), assets: false }).pages).toEqual([]);
  });

  it("puts the pages a preview shows first, then the saved files' own pages, then the home pages, each a batch of its own", () => {
    const every = { first: false, templates: "all" as const, assets: false };
    const plan = planRender(pages, reused, {}, every, { shown: new Set(["b/index.html"]), own: new Set(["c/index.html"]) });
    expect(plan.batches.map((b) => b.map((p) => p.outFile))).toEqual([["b/index.html"], ["c/index.html"], ["index.html"], ["a/index.html"]]);
    expect(plan.pages).toEqual(plan.batches.flat());
    // Why is listed in that order too (watch --verbose prints it so).
    expect(Object.keys(plan.why)).toEqual(["b/index.html", "c/index.html", "index.html", "a/index.html"]);
    // A shown page that is also its file's own goes first once; a shown page the run does not render is no batch.
    const shownOwn = planRender(pages, reused, {}, every, { shown: new Set(["c/index.html", "x/index.html"]), own: new Set(["c/index.html"]) });
    expect(shownOwn.batches.map((b) => b.map((p) => p.outFile))).toEqual([["c/index.html"], ["index.html"], ["a/index.html", "b/index.html"]]);
  });

  it("without a focus puts the home pages first, then the rest in page order, BATCH_PAGES a batch", () => {
    const many = [...pages, ...Array.from({ length: BATCH_PAGES + 1 }, (_, i) => ({ outFile: `h${i}/index.html`, template: "story", kind: "hotel" }))];
    const plan = planRender(many, new Set(), {}, { first: false, templates: new Set(), assets: false });
    expect(plan.batches.map((b) => b.length)).toEqual([1, BATCH_PAGES, 4]);
    expect(plan.batches[0][0].outFile).toBe("index.html");
    expect(plan.pages.slice(1).map((p) => p.outFile)).toEqual(many.slice(1).map((p) => p.outFile));
    expect(planRender(many, new Set(many), {}, { first: false, templates: new Set(), assets: false }).batches).toEqual([]);
  });
});
