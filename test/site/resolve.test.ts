// siteResolver: stage 3 one page at a time. A build renders each page as it is resolved, so the pages must
// come out on demand, in resolveSite's order, with the same inputs recorded, and the count known before any.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import { resolveSite, siteResolver, summary } from "../../src/site/resolve.js";
import type { Content } from "../../src/types.js";
import { fixtureCopy } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let content: Content;
const now = new Date("2031-05-01T00:00:00Z");
beforeAll(async () => {
  fx = await fixtureCopy();
  content = validateContent(await loadContent({ contentDir: "content", cwd: fx.dir })).content;
});
afterAll(() => fx.cleanup());

describe("siteResolver", () => {
  it("resolves each page only when it is asked for, recording its inputs then", () => {
    const resolver = siteResolver(content, { now });
    const languages = content.site.languages.length;
    expect(resolver.count).toBe(languages * (content.hotels.length + 2));
    const pages = resolver.pages();
    expect(resolver.site().inputs.size).toBe(0);
    const first = pages.next();
    expect(first.done).toBe(false);
    expect(resolver.site().inputs.size).toBe(1);
    expect([...resolver.site().inputs.keys()]).toEqual([first.value.outFile]);
    let n = 1;
    while (!pages.next().done) n++;
    expect(n).toBe(resolver.count);
    expect(resolver.site().inputs.size).toBe(resolver.count);
  });

  it("gives the pages, inputs and coverage resolveSite collects, in the same order", () => {
    const whole = resolveSite(content, { now });
    const resolver = siteResolver(content, { now });
    const streamed = [...resolver.pages()];
    expect(streamed.map((p) => p.outFile)).toEqual(whole.pages.map((p) => p.outFile));
    expect(streamed).toEqual(whole.pages);
    expect(resolver.site().inputs).toEqual(whole.inputs);
    expect(resolver.site().coverage).toEqual(whole.coverage);
  });

  it("summarises a page with what the sitemap, host rules and alias pages read, and nothing else", () => {
    const page = resolveSite(content, { now }).pages.find((p) => p.kind === "hotel")!;
    const s = summary(page);
    expect(Object.keys(s).sort()).toEqual(["head", "kind", "lang", "outFile", "template", "url"]);
    expect(Object.keys(s.head).sort()).toEqual(["alternates", "canonical", "title"]);
    expect(s.head.canonical).toBe(page.head.canonical);
  });
});
