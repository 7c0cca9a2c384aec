// The netlify.toml of docs/deploying.md, run as Netlify would: its build command in a site folder (the CLI compiled from
// this checkout in place of `npx hotelsite`), leaving the Netlify dialect of the rules as dist/_redirects.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileCli } from "../robustness/support.js";
import { fixtureCopy, REPO } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let cli: Awaited<ReturnType<typeof compileCli>>;
let toml: string;

beforeAll(async () => {
  const doc = await readFile(path.join(REPO, "docs", "deploying.md"), "utf8");
  toml = /<!-- netlify-toml:start -->\n```toml\n([\s\S]*?)```\n<!-- netlify-toml:end -->/.exec(doc)![1];
  fx = await fixtureCopy({ "hotels/beta.yaml": (s) => s.replace("id: beta\n", "id: beta\naliases: [old-beta]\n") });
  cli = await compileCli();
}, 120_000);
afterAll(async () => {
  await cli?.cleanup();
  await fx?.cleanup();
});

describe("the netlify.toml of docs/deploying.md", () => {
  it("publishes dist/ with Netlify's _redirects: forced 301s for renamed hotels and each language's 404", async () => {
    expect(toml).toMatch(/^\s*publish = "dist"$/m);
    const command = /^\s*command = "(.*)"$/m.exec(toml)![1];
    expect(command.startsWith("npx hotelsite ")).toBe(true);
    execFileSync("sh", ["-c", command.replace("npx hotelsite ", `node ${cli.bin} `)], { cwd: fx.dir, stdio: "pipe" });
    const lines = (await readFile(path.join(fx.dir, "dist/_redirects"), "utf8")).split("\n").filter((l) => l && !l.startsWith("#"));
    expect(lines).toContain("/zh/test-brand-old-beta/ /zh/test-brand-beta/ 301!");
    expect(lines).toContain("/test-brand-old-beta /test-brand-beta/ 301!");
    expect(lines.slice(-2)).toEqual(["/zh/* /zh/404.html 404", "/ja/* /ja/404.html 404"]);
    expect(existsSync(path.join(fx.dir, "dist/_redirects.netlify"))).toBe(false);
    expect(existsSync(path.join(fx.dir, "dist/_headers"))).toBe(true);
  });
});
