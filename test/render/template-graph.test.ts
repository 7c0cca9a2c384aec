// The template import graph: a layout's own file affects that layout's pages, shared parts affect more.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTemplates } from "../../src/render/templates.js";
import { affectedTemplates, templateNameOf, type ImportGraph } from "../../src/render/template-graph.js";
import { REPO } from "../support/fixture.js";

const templatesDir = path.join(REPO, "templates");
const names = ["home", "notFound", "showcase", "story", "article"];
const t = (p: string) => path.join(templatesDir, p);
let graph: ImportGraph;
beforeAll(async () => {
  graph = (await loadTemplates({ templatesDir, cwd: REPO })).graph;
});
const affected = (...files: string[]) => {
  const r = affectedTemplates(graph, { templatesDir, names, changed: files.map(t) });
  return r === "all" ? r : [...r].sort();
};

describe("template graph (the bundled templates)", () => {
  it("names templates after their file", () => {
    expect(templateNameOf("/x/pages/NotFound.tsx")).toBe("notFound");
    expect(templateNameOf("/x/pages/Showcase.tsx")).toBe("showcase");
  });

  it("maps a layout's own file to that layout only", () => {
    expect(affected("pages/Story.tsx")).toEqual(["story"]);
    expect(affected("pages/Article.tsx")).toEqual(["article"]);
  });

  it("maps a part the hotel layouts share to those layouts, and not to home or 404", () => {
    expect(affected("components/HotelParts.tsx")).toEqual(["article", "showcase", "story"]);
  });

  it("maps the Document, the header and the entry to every page", () => {
    expect(affected("Document.tsx")).toBe("all");
    expect(affected("components/Header.tsx")).toBe("all");
    expect(affected("index.tsx")).toBe("all");
  });

  it("maps a file the templates do not import to nothing", () => {
    expect(affected("styles/site.css")).toEqual([]);
  });

  it("asks for every page when a page file's name is not a template name", () => {
    expect(affectedTemplates(graph, { templatesDir, names: ["home", "notFound"], changed: [t("pages/Story.tsx")] })).toBe("all");
  });
});
