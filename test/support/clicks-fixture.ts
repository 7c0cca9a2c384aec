// The fixture site with placement ids and an availability form, built twice: with click counting off (the
// links as they were) and on (the links through /go/), so tests can hold each /go/ redirect to the link it stands for.
import { cp, readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { build } from "../../src/build.js";
import { fixtureCopy } from "./fixture.js";

/** The affiliate settings the fixture lacks: a tracking label and a partner search form. */
export const TRACKING_AND_SEARCH = `  tracking: { param: label, template: "{lang}-{page}-{placement}" }
  search: { action: "https://book.example.com/search", term: ss, checkIn: checkin, checkOut: checkout, adults: group_adults, rooms: no_rooms, children: group_children, childAge: age }
`;

/** site.yaml of the fixture with the settings above, and countClicks when `on`. */
export const clicksSiteYaml = (on: boolean) => (s: string) => s.replace("popularDestinations:", `${TRACKING_AND_SEARCH}${on ? "countClicks: true\n" : ""}popularDestinations:`);

/** A fixture copy built with countClicks on into dist/ and off into dist-off/. */
export async function clicksFixture() {
  const fx = await fixtureCopy({ "site.yaml": clicksSiteYaml(true) });
  const off = await fixtureCopy({ "site.yaml": clicksSiteYaml(false) });
  await build({ contentDir: "content", outDir: "dist", cwd: off.dir });
  await cp(path.join(off.dir, "dist"), path.join(fx.dir, "dist-off"), { recursive: true });
  await off.cleanup();
  await build({ contentDir: "content", outDir: "dist", cwd: fx.dir });
  return { ...fx, dist: path.join(fx.dir, "dist"), distOff: path.join(fx.dir, "dist-off") };
}

/** Every HTML file of a built folder, by its path inside it. */
export async function htmlFiles(dir: string): Promise<Map<string, string>> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(".html")).sort();
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f), "utf8")] as [string, string])));
}

/** The booking links of a page in order: anchors' hrefs and forms' actions. */
export const bookingTargets = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*data-book|<form [^>]*action="([^"]*)"/g)].map((m) => (m[1] ?? m[2]).replaceAll("&amp;", "&"));

/** A form's hidden fields, as name=value pairs in order. */
export const hiddenFields = (html: string) => [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replaceAll("&amp;", "&")] as [string, string]);

/** Every /go/ link of the built pages with the link it stands for (from the build with countClicks off). */
export async function goTargets(fx: { dist: string; distOff: string }): Promise<{ file: string; target: string; query: string; want: string }[]> {
  const on = await htmlFiles(fx.dist);
  const off = await htmlFiles(fx.distOff);
  const out: { file: string; target: string; query: string; want: string }[] = [];
  for (const [file, html] of on) {
    const before = bookingTargets(off.get(file)!);
    const targets = bookingTargets(html);
    if (targets.length !== before.length) throw new Error(`${file}: ${targets.length} booking links with click counting, ${before.length} without`);
    for (const [i, target] of targets.entries()) {
      // The form: its old action with its old hidden fields, then the visitor's fields (two children, an age each).
      const query = target.endsWith("-form") ? "?checkin=2026-12-01&checkout=2026-12-04&group_adults=2&no_rooms=1&group_children=2&age=7&age=12" : "";
      const want = query ? `${before[i]}?${new URLSearchParams(hiddenFields(off.get(file)!))}&${query.slice(1)}` : before[i];
      out.push({ file, target, query, want });
    }
  }
  return out;
}
