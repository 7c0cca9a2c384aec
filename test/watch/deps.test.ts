// The dependency map: changed files sorted by what they affect, and the pages that must be rendered again.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classifyChanges, dirtyPages, imageSources, mergeChanges, noChanges } from "../../src/watch/deps.js";
import type { Page } from "../../src/site/pages.js";
import type { Content } from "../../src/types.js";

const root = path.resolve("/project");
const roots = {
  contentDir: path.join(root, "content"),
  templatesDir: path.join(root, "templates"),
  schemasDir: path.join(root, "schemas"),
  templateInputs: new Set([path.join(root, "templates/pages/Story.tsx")]),
  assetInputs: new Set([path.join(root, "templates/styles/site.css")]),
};
const at = (p: string) => path.join(root, p);

/** A page with just what dirtyPages reads. */
const page = (outFile: string, template: string, sources: string[]) => ({ outFile, template, sources }) as unknown as Page;

describe("classifyChanges", () => {
  it("maps a hotel file to its source, home.yaml to home, and leaves everything else alone", () => {
    const c = classifyChanges([at("content/hotels/dubai.yaml"), at("content/hotels/bali.yml"), at("content/home.yaml")], roots);
    expect([...c.sources].sort()).toEqual(["home", "hotel:bali", "hotel:dubai"]);
    expect(c).toMatchObject({ all: false, assets: false, schemas: false });
    expect(c.templates.size).toBe(0);
    expect(c.images.size).toBe(0);
  });

  it("rebuilds everything for site settings, UI strings, schemas and folders", () => {
    expect(classifyChanges([at("content/site.yaml")], roots).all).toBe(true);
    expect(classifyChanges([at("content/strings.yaml")], roots).all).toBe(true);
    expect(classifyChanges([at("content/hotels")], roots).all).toBe(true);
    expect(classifyChanges([at("schemas/hotel.schema.json")], roots)).toMatchObject({ all: true, schemas: true });
  });

  it("keeps images by their content-relative path", () => {
    expect([...classifyChanges([at("content/images/hotels/dubai.svg")], roots).images]).toEqual(["images/hotels/dubai.svg"]);
  });

  it("tells templates from assets by the inputs of the last build; an unknown file counts as both", () => {
    expect(classifyChanges([at("templates/pages/Story.tsx")], roots)).toMatchObject({ assets: false, templates: new Set([at("templates/pages/Story.tsx")]) });
    expect(classifyChanges([at("templates/styles/site.css")], roots)).toMatchObject({ assets: true, templates: new Set() });
    expect(classifyChanges([at("templates/pages/New.tsx")], roots)).toMatchObject({ assets: true, templates: new Set([at("templates/pages/New.tsx")]) });
  });

  it("merges two change sets", () => {
    const m = mergeChanges(classifyChanges([at("content/hotels/a.yaml")], roots), classifyChanges([at("templates/styles/site.css")], roots));
    expect(m).toMatchObject({ all: false, assets: true, sources: new Set(["hotel:a"]) });
    expect(m.files.size).toBe(2);
    expect(mergeChanges(noChanges(), noChanges()).files.size).toBe(0);
  });
});

describe("imageSources", () => {
  const content = { hotels: [{ id: "a", image: "images/a.svg" }, { id: "b" }], site: { defaultImage: "images/default.svg", homeImage: "images/home.svg" } } as unknown as Content;
  it("names the hotels that use a changed image", () => {
    const into = new Set<string>();
    expect(imageSources(new Set(["images/a.svg"]), content, into)).toBe(false);
    expect([...into]).toEqual(["hotel:a"]);
  });
  it("asks for everything when the site's default or home image changed", () => {
    expect(imageSources(new Set(["images/default.svg"]), content, new Set())).toBe(true);
    expect(imageSources(new Set(["images/unused.svg"]), content, new Set())).toBe(false);
  });
});

describe("dirtyPages", () => {
  const before = [
    page("index.html", "home", ["site", "strings", "home", "hotel:a", "hotel:b"]),
    page("hotel-a/index.html", "story", ["site", "strings", "hotel:a", "hotel:p"]),
    page("hotel-b/index.html", "article", ["site", "strings", "hotel:b", "hotel:p"]),
    page("404.html", "notFound", ["site", "strings", "hotel:p"]),
  ];
  const previous = new Map(before.map((p) => [p.outFile, p]));
  const files = (pages: Page[]) => pages.map((p) => p.outFile);

  it("renders the pages that read a changed source, and no others", () => {
    expect(files(dirtyPages(before, previous, { all: false, sources: new Set(["hotel:a"]), templates: new Set() }))).toEqual(["index.html", "hotel-a/index.html"]);
    expect(files(dirtyPages(before, previous, { all: false, sources: new Set(["hotel:p"]), templates: new Set() }))).toEqual(["hotel-a/index.html", "hotel-b/index.html", "404.html"]);
  });

  it("renders the pages of a changed template, and everything when asked or on a first build", () => {
    expect(files(dirtyPages(before, previous, { all: false, sources: new Set(), templates: new Set(["article"]) }))).toEqual(["hotel-b/index.html"]);
    expect(dirtyPages(before, previous, { all: true, sources: new Set(), templates: new Set() })).toHaveLength(4);
    expect(dirtyPages(before, undefined, { all: false, sources: new Set(), templates: new Set() })).toHaveLength(4);
  });

  it("renders new pages, and pages whose old version read the changed source (a hotel removed from home)", () => {
    const after = [page("index.html", "home", ["site", "strings", "home", "hotel:b"]), before[2], before[3], page("hotel-c/index.html", "story", ["hotel:c"])];
    expect(files(dirtyPages(after, previous, { all: false, sources: new Set(["hotel:a"]), templates: new Set() }))).toEqual(["index.html", "hotel-c/index.html"]);
  });
});
