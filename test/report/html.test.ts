// The HTML report holds no markup from its inputs and asks for nothing outside itself: parsed with parse5,
// every element is one the report itself writes, no attribute loads or links anything, and hostile ids and
// file names come back as the text they were.
import { parse } from "parse5";
import { describe, expect, it } from "vitest";
import { reportHtml } from "../../src/report/html.js";
import type { ReportOutput } from "../../src/report/output.js";
import { Tallies } from "../../src/report/tally.js";

const HOSTILE = ['<script>alert(1)</script>', '"><img src=x onerror=alert(2)>', "</style><style>*{background:url(https://evil.example/x)}", "<svg onload=alert(3)>", "]]><!--"];

function hostileReport(): ReportOutput {
  const t = new Tallies([{ id: "en-home-hero", page: "<b>home</b>", lang: "en<i>", placement: "hero<u>" }]);
  t.click({ id: "en-home-hero", date: "2026-11-02", weight: 2 });
  t.booking({ subId: "en-home-hero", status: "confirmed", commission: 2_000, currency: "EUR", booked: "2026-11-03" });
  for (const id of HOSTILE) {
    t.click({ id, date: "2026-11-02", weight: 1 });
    t.booking({ subId: id, status: "confirmed", commission: 1_000, currency: "USD", booked: "2026-11-03" });
  }
  t.ignore("<bot>");
  return { ...t.report(), files: HOSTILE.map((file) => ({ file, kind: "export" as const, format: file, rows: 1, skipped: 1 })), skips: HOSTILE.map((file) => ({ file, line: 2, reason: file })) };
}

/** Every element of a parsed document with its attributes. */
function elements(node: any, out: { tag: string; attrs: string[] }[] = []) {
  if (node.tagName) out.push({ tag: node.tagName, attrs: node.attrs.map((a: any) => a.name) });
  for (const c of node.childNodes ?? []) elements(c, out);
  if (node.content) elements(node.content, out);
  return out;
}
/** Every attribute value of a parsed document. */
function values(node: any, out: string[] = []) {
  for (const a of node.attrs ?? []) out.push(a.value);
  for (const c of node.childNodes ?? []) values(c, out);
  return out;
}
function texts(node: any, out: string[] = []) {
  if (node.nodeName === "#text" && node.parentNode?.nodeName !== "style") out.push(node.value);
  for (const c of node.childNodes ?? []) texts(c, out);
  return out;
}

describe("reportHtml", () => {
  const html = reportHtml(hostileReport(), { siteName: "<Site & Co>", generated: new Date("2026-11-26T12:00:00Z") });
  const doc = parse(html);

  it("has only the elements and attributes the report writes: no script, no link, no handler, nothing loaded", () => {
    const allowed = new Set(["html", "head", "body", "meta", "title", "style", "h1", "h2", "p", "code", "ul", "li", "b", "span", "div", "figure", "figcaption", "svg", "text", "rect", "line", "table", "thead", "tbody", "tfoot", "tr", "th", "td"]);
    const found = elements(doc);
    expect(found.filter((e) => !allowed.has(e.tag))).toEqual([]);
    const attrs = new Set(found.flatMap((e) => e.attrs));
    expect([...attrs].filter((a) => a.startsWith("on") || ["src", "href", "srcset", "action", "style", "xlink:href"].includes(a))).toEqual([]);
    expect(values(doc).filter((v) => /https?:|url\(|\/\//.test(v))).toEqual([]);
    const styles = elements(doc).filter((e) => e.tag === "style").length;
    const css = /<style>([^<]*)<\/style>/.exec(html)![1];
    expect([styles, /url\(|@import|https?:/.test(css)]).toEqual([1, false]);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
  });

  it("shows every hostile id, file name and reason as its own text", () => {
    const all = texts(doc).join("\n");
    for (const h of HOSTILE) expect(all, h).toContain(h);
    expect(all).toContain("<Site & Co>: bookings and clicks");
    expect(all).toContain("1 <bot>");
  });

  it("draws a chart per group and one by week, each titled", () => {
    const titles = [...html.matchAll(/<figcaption>([^<]*)<\/figcaption>/g)].map((m) => m[1]);
    expect(titles).toEqual(["Confirmed commission by hotel (page) (USD)", "Confirmed commission by language (USD)", "Confirmed commission by placement (USD)", "Confirmed commission by week of booking (USD)"]);
    expect(html.match(/<svg /g)?.length).toBe(4);
  });
});
