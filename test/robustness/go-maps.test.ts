// The hostile corpus for the /go/ maps: content that tries to write nginx directives, variables, quotes or line
// breaks into _nginx_clicks.conf or Netlify's rules (real nginx loads the map and answers each id with exactly the
// page's link), and a _go.json that a build did not write (cut, of another shape, a FIFO), which `links` refuses
// by name and the preview server passes over, never an internal error or a hang.
import { execFileSync } from "node:child_process";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { collectOutbound } from "../../src/outbound/collect.js";
import { startServer } from "../../src/watch/server.js";
import { markedBlock, startNginx } from "../deploy/nginx-server.js";
import { clicksSiteYaml, goTargets } from "../support/clicks-fixture.js";
import { fixtureCopy } from "../support/fixture.js";

/** A destination holding what nginx would read as a variable, the end of a directive, a block and quotes. */
const HOSTILE_LINK = `'https://book.example.com/hotel/alpha?x=$host;return%20200%20"owned";{a}\\b''c"d%0d%0aSet-Cookie:%20x=1&y=$1'`;
const alpha = (s: string) => s.replace("affiliateLink: https://book.example.com/hotel/alpha", `affiliateLink: ${HOSTILE_LINK}`);

let fx: Awaited<ReturnType<typeof fixtureCopy>> & { dist: string; distOff: string };
beforeAll(async () => {
  const on = await fixtureCopy({ "site.yaml": clicksSiteYaml(true), "hotels/alpha.yaml": alpha });
  const off = await fixtureCopy({ "site.yaml": clicksSiteYaml(false), "hotels/alpha.yaml": alpha });
  await build({ contentDir: "content", outDir: "dist", cwd: off.dir });
  await cp(path.join(off.dir, "dist"), path.join(on.dir, "dist-off"), { recursive: true });
  await off.cleanup();
  await build({ contentDir: "content", outDir: "dist", cwd: on.dir });
  fx = { ...on, dist: path.join(on.dir, "dist"), distOff: path.join(on.dir, "dist-off") };
}, 120_000);
afterAll(async () => fx?.cleanup());

describe("/go/ maps made from hostile content", () => {
  it("loads in real nginx, which sends every id to exactly the page's link, the hostile one included", async () => {
    const conf = await readFile(path.join(fx.dist, "_nginx_clicks.conf"), "utf8");
    // Every entry of the map is one line of two quoted strings: no directive, variable or block of the content's.
    const entries = conf.slice(conf.indexOf("map $uri $hotelsite_go {")).split("\n").slice(2, -2);
    for (const line of entries) expect(line).toMatch(/^ {2}"\/go\/[a-z0-9-]+" "https:\/\/[^"\s;{}\\]+";$/);
    expect(entries.filter((l) => l.includes("alpha-hero"))[0]).toContain("x=%24host%3Breturn+200+%22owned%22%3B%7Ba%7D%5Cb%27c%22d%0D%0ASet-Cookie%3A+x%3D1&y=%241");
    const conf2 = path.join(fx.dist, "_nginx.conf");
    await writeFile(conf2, (await readFile(conf2, "utf8")).replace("/var/log/nginx/hotelsite-clicks.log", path.join(fx.dir, "clicks.log")));
    const server = await startNginx({ dist: fx.dist, work: fx.dir, http: await markedBlock("docs/report.md", "nginx-clicks-http") });
    try {
      const targets = await goTargets(fx);
      expect(targets.filter((t) => t.want.includes("owned")).length).toBeGreaterThan(3);
      for (const { target, query, want } of targets) {
        const r = await fetch(server.url + target + query, { redirect: "manual", headers: { "user-agent": "Mozilla/5.0 Firefox/140.0" } });
        expect([r.status, r.headers.get("location"), r.headers.get("set-cookie")], target).toEqual([302, want, null]);
      }
      // A visitor's own field value with a quote, a variable and an encoded line break goes on as sent, in one header.
      const form = targets.find((t) => t.target.endsWith("-form"))!;
      const r = await fetch(`${server.url}${form.target}?checkin=$host%22%0d%0aX:1`, { redirect: "manual" });
      expect([r.status, r.headers.get("location")?.endsWith("&checkin=$host%22%0d%0aX:1&checkout=&group_adults=&no_rooms=&group_children="), r.headers.get("x")]).toEqual([302, true, null]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("writes Netlify's rules one to a line, a path, the fields, a URL and 302!", async () => {
    const rules = (await readFile(path.join(fx.dist, "_redirects.netlify"), "utf8")).split("\n").filter((l) => l.startsWith("/go/"));
    expect(rules.length).toBeGreaterThan(30);
    for (const rule of rules) expect(rule).toMatch(/^\/go\/[a-z0-9-]+( [a-z_]+=:[a-z_]+)* https:\/\/\S+ 302!$/);
  });
});

describe("a _go.json a build did not write", () => {
  const variants: [string, string][] = [
    ["cut", '{"links": {"en-home-hero": "https://book.example.com/'],
    ["links not an object", '{"links": ["https://book.example.com/"], "fields": {}}'],
    ["a link that is a number", '{"links": {"en-home-hero": 5}, "fields": {}}'],
    ["fields that are not lists", '{"links": {}, "fields": {"en-home-hero": "checkin"}}'],
    ["null", "null"],
  ];

  it("is refused by links, naming it, and passed over by the preview server (404, no crash)", async () => {
    const map = path.join(fx.dist, "_go.json");
    const good = await readFile(map);
    const preview = await startServer({ root: fx.dist, port: 0 });
    try {
      for (const [what, text] of variants) {
        await writeFile(map, text);
        const refused = await collectOutbound(fx.dist).then(() => "read", (e: Error) => e.message);
        expect(refused, what).toBe(`${map} is not the map of /go/ links a build writes`);
        expect((await fetch(`${preview.url}/go/en-home-hero`, { redirect: "manual" })).status, what).toBe(404);
      }
      await rm(map);
      execFileSync("mkfifo", [map]);
      expect((await fetch(`${preview.url}/go/en-home-hero`, { redirect: "manual" })).status).toBe(404);
      // Passed over unopened: the /go/ links are then the site's own, so none is outbound.
      expect(await collectOutbound(fx.dist)).toEqual(new Map());
    } finally {
      await preview.close();
      await rm(map, { force: true });
      await writeFile(map, good);
    }
  });
});
