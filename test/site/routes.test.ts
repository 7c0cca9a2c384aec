import { describe, expect, it } from "vitest";
import { makeRoutes } from "../../src/site/routes.js";
import type { SiteSettings } from "../../src/types.js";

const lang = (code: string) => ({ code, label: code, nativeName: code, flag: "", htmlLang: code, locale: "xx_XX" });
const site = {
  brand: { name: "B", slugPrefix: "grand-hyatt" },
  baseUrl: "https://example.com",
  languages: [lang("en"), lang("zh"), lang("ja")],
} as unknown as SiteSettings;

describe("routes", () => {
  const r = makeRoutes(site);
  it("makes URLs in one form, with the default language at the root", () => {
    expect(r.url({ kind: "home" }, "en")).toBe("/");
    expect(r.url({ kind: "home" }, "zh")).toBe("/zh/");
    expect(r.url({ kind: "hotel", id: "dubai" }, "en")).toBe("/grand-hyatt-dubai/");
    expect(r.url({ kind: "hotel", id: "dubai" }, "ja")).toBe("/ja/grand-hyatt-dubai/");
    expect(r.url({ kind: "notFound" }, "zh")).toBe("/zh/404.html");
  });

  it("gives each route and language its URL again whichever was asked first (each is made once per maker)", () => {
    const routes: Parameters<typeof r.url>[0][] = [{ kind: "hotel", id: "dubai" }, { kind: "home" }, { kind: "notFound" }, { kind: "hotel", id: "404" }, { kind: "hotel", id: "tokyo" }];
    const order = [...routes, ...[...routes].reverse()];
    const asked = makeRoutes(site);
    const answers = order.flatMap((route) => ["ja", "en", "zh"].map((l) => `${asked.url(route, l)} ${asked.absolute(asked.url(route, l))}`));
    const fresh = order.flatMap((route) => ["ja", "en", "zh"].map((l) => `${makeRoutes(site).url(route, l)} https://example.com${makeRoutes(site).url(route, l)}`));
    expect(answers).toEqual(fresh);
    expect(asked.url({ kind: "hotel", id: "404" }, "zh")).toBe("/zh/grand-hyatt-404/");
    expect(asked.url({ kind: "notFound" }, "zh")).toBe("/zh/404.html");
  });

  it("maps routes to the files of PRODUCT.md's table", () => {
    expect(r.outFile({ kind: "home" }, "en")).toBe("index.html");
    expect(r.outFile({ kind: "home" }, "ja")).toBe("ja/index.html");
    expect(r.outFile({ kind: "hotel", id: "kuala-lumpur" }, "zh")).toBe("zh/grand-hyatt-kuala-lumpur/index.html");
    expect(r.outFile({ kind: "notFound" }, "en")).toBe("404.html");
    expect(r.outFile({ kind: "notFound" }, "ja")).toBe("ja/404.html");
  });

  it("qualifies URLs with the base URL, which --base-url can override", () => {
    expect(r.absolute("/zh/")).toBe("https://example.com/zh/");
    expect(makeRoutes(site, "https://other.test/").absolute("/")).toBe("https://other.test/");
  });

  it("puts the content hash in image names", () => {
    expect(r.image("images/hotels/dubai.svg", { width: 1, height: 1, hash: "abc123", ext: "svg" })).toBe("/assets/images/hotels/dubai.abc123.svg");
  });
});
