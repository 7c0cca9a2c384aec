// The placement table: one row per Book link and form of every page, each with the URL that page really shows
// (read from the built fixture site, not from the code that makes the rows), and the CSV form of it.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placementRows, placementsCsv, type PlacementRow } from "../../src/affiliate/placements.js";
import { build } from "../../src/build.js";
import { fixtureCopy } from "../support/fixture.js";

type Element = DefaultTreeAdapterMap["element"];

/** Every sponsored link's URL and every form's submission URL (action and hidden fields) of one built page. */
function outbound(html: string): string[] {
  const urls: string[] = [];
  const walk = (el: Element): void => {
    const attr = (name: string) => el.attrs?.find((a) => a.name === name)?.value;
    if (el.tagName === "a" && (attr("rel") ?? "").includes("sponsored")) urls.push(attr("href")!);
    if (el.tagName === "form" && attr("action")?.startsWith("https:")) {
      const hidden: [string, string][] = [];
      const inputs = (e: Element): void => {
        if (e.tagName === "input" && e.attrs.find((a) => a.name === "type")?.value === "hidden") hidden.push([e.attrs.find((a) => a.name === "name")!.value, e.attrs.find((a) => a.name === "value")!.value]);
        for (const c of e.childNodes ?? []) inputs(c as Element);
      };
      inputs(el);
      urls.push(`${attr("action")}?${new URLSearchParams(hidden)}`);
    }
    for (const c of el.childNodes ?? []) walk(c as Element);
  };
  walk(parse(html) as unknown as Element);
  return urls;
}

describe("placementRows", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let rows: PlacementRow[];
  const pages = new Map<string, string[]>();

  beforeAll(async () => {
    // The fixture with a label on every link, so each placement's URL is its own.
    const copy = await fixtureCopy({ "site.yaml": (s) => s.replace("  allowedHosts: [book.example.com]", '  allowedHosts: [book.example.com]\n  tracking: { param: label, template: "{lang}-{page}-{placement}" }\n  search: { action: "https://book.example.com/search", term: ss, checkIn: checkin, checkOut: checkout, adults: group_adults, rooms: no_rooms }') });
    ({ dir, cleanup } = copy);
    const result = await build({ contentDir: copy.content, outDir: path.join(dir, "dist"), cwd: dir });
    rows = placementRows(result.content);
    const dist = path.join(dir, "dist");
    for (const file of (await readdir(dist, { recursive: true })).filter((f) => f.endsWith(".html"))) pages.set(file.split(path.sep).join("/"), outbound(await readFile(path.join(dist, file), "utf8")));
  });
  afterAll(() => cleanup());

  it("lists every language's home, hotel and not-found pages with the placements each has", () => {
    const en = rows.filter((r) => r.lang === "en");
    expect([...new Set(en.map((r) => r.page))]).toEqual(["home", "alpha", "beta", "gamma", "404"]);
    expect(en.filter((r) => r.page === "home").map((r) => r.placement)).toEqual(["header", "menu", "footer", "hero", "cta"]);
    expect(en.filter((r) => r.page === "404").map((r) => `${r.route} ${r.placement}`)).toEqual(["/404.html header", "/404.html menu", "/404.html footer"]);
    expect(rows.filter((r) => r.page === "beta" && r.placement === "hero").map((r) => r.route)).toEqual(["/test-brand-beta/", "/zh/test-brand-beta/", "/ja/test-brand-beta/"]);
  });

  it("has a row with the page's route and the exact URL for every link and form a page shows", () => {
    const byFile = (route: string) => (route.endsWith(".html") ? route.slice(1) : `${route.slice(1)}index.html`);
    let shown = 0;
    for (const [file, urls] of pages) {
      const listed = new Set(rows.filter((r) => byFile(r.route) === file).map((r) => r.url));
      for (const url of urls) expect(listed.has(url), `${file}: ${url}`).toBe(true);
      shown += urls.length;
    }
    expect(shown).toBeGreaterThan(pages.size * 4);
    // A layout shows some of a hotel page's placements; the table lists each id the page was given, once.
    expect(new Set(rows.map((r) => r.url)).size).toBe(rows.length);
    expect(rows.find((r) => r.route === "/zh/test-brand-alpha/" && r.placement === "form")).toEqual({
      id: "zh-test-brand-alpha-form",
      page: "alpha",
      route: "/zh/test-brand-alpha/",
      lang: "zh",
      placement: "form",
      programme: "default",
      url: "https://book.example.com/search?aid=42&label=zh-test-brand-alpha-form&ss=Test+Brand+Alpha",
    });
  });

  it("writes CSV with a header, quoting only what needs it", () => {
    const csv = placementsCsv([rows[0], { ...rows[0], page: 'a "b", c' }]);
    const [head, first, second] = csv.split("\r\n");
    expect(head).toBe("id,page,route,lang,placement,programme,url");
    expect(first).toBe(`en-home-header,home,/,en,header,default,${rows[0].url}`);
    expect(second.split(",").slice(0, 3)).toEqual(["en-home-header", '"a ""b""', ' c"']);
  });
});
