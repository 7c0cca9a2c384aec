// check --report: one self-contained HTML page; cells coloured by translation share and listing what falls
// back; warnings by file; everything from content escaped.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { band, checkReportHtml } from "../../src/check/report-html.js";
import { check } from "../../src/build.js";
import { fixtureCopy, runCli } from "../support/fixture.js";

const HOSTILE = `<img src=x onerror="alert(1)">&'`;
/** HOSTILE as the report must show it: every markup character escaped. */
const SAFE = "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&apos;";

describe("band", () => {
  it("sorts a translated share into its colour", () => {
    expect(band(10, 10)).toBe("complete");
    expect(band(0, 0)).toBe("complete");
    expect(band(8, 10)).toBe("mostly");
    expect(band(79, 100)).toBe("partly");
    expect(band(4, 10)).toBe("partly");
    expect(band(3, 10)).toBe("barely");
  });
});

describe("checkReportHtml", () => {
  it("shows a row per page source and a cell per language with its fallbacks, escaping content", async () => {
    const fx = await fixtureCopy({ "hotels/gamma.yaml": (s) => s.replace(/^(\s+name: )Test Brand Gamma$/m, `$1'${HOSTILE.replace(/'/g, "''")}'`) });
    try {
      const result = await check({ contentDir: "content", outDir: "dist", cwd: fx.dir });
      const html = checkReportHtml({
        content: result.content,
        pages: result.pages,
        coverage: result.coverage,
        warnings: [{ place: { file: "content/hotels/<x>.yaml", line: 3, column: 5, pointer: "/text/en/name" }, message: `is ${HOSTILE}` }],
        generated: new Date("2031-05-01T12:00:00Z"),
      });
      expect(html).not.toContain("<img");
      expect(html).not.toContain("<script");
      expect(html).toContain(`${SAFE}<span class="sub">content/hotels/gamma.yaml</span>`);
      // The strings row: complete in en and ja, one field short in zh.
      const strings = /<tr><th scope="row">Interface strings.*?<\/tr>/.exec(html)![0];
      expect(strings).toContain('<td class="mostly"><span class="pct">98%</span> 71/72<ul><li><code>/notFoundText</code></li></ul></td>');
      expect(strings.match(/<td class="complete">/g)).toHaveLength(2);
      // A cell with many fallbacks folds them away.
      const beta = /<tr><th scope="row">Test Brand Beta.*?<\/tr>/.exec(html)![0];
      expect(beta).toContain("/test-brand-beta/  /zh/test-brand-beta/  /ja/test-brand-beta/");
      expect(beta).toContain('<td class="barely"><span class="pct">0%</span> 0/19<details><summary>19 fields in English</summary><ul><li><code>/name</code></li>');
      expect(html).toContain(`<h3>content/hotels/&lt;x&gt;.yaml</h3><ul><li><code>3:5 /text/en/name</code> is ${SAFE}</li></ul>`);
      expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
      expect(html).toContain("Made 2031-05-01T12:00:00.000Z");
    } finally {
      await fx.cleanup();
    }
  });
});

describe("hotelsite check --report", () => {
  it("writes the report file and still prints the text report", async () => {
    const fx = await fixtureCopy();
    try {
      const r = await runCli(["check", "--report", "report.html"], fx.dir);
      expect(r.code).toBe(0);
      expect(r.out).toContain("Report written to report.html");
      const html = await readFile(path.join(fx.dir, "report.html"), "utf8");
      expect(html.startsWith("<!doctype html>")).toBe(true);
      expect(html).toContain("<h1>Test Brand Guide: translation and content report</h1>");
      expect(html).toContain("<h3>content/hotels/beta.yaml</h3>");
    } finally {
      await fx.cleanup();
    }
  });
});
