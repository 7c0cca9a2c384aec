// A hotel renamed as the README says (new file name and id, the old id as an alias, popularDestinations updated,
// `translate prune`), end to end on a copy of the bundled content: check --strict is green at the end, and the
// translation record followed the hotel instead of turning every zh and ja field outdated.
import { cp, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carryRenamed, pruneLock, staleEntries } from "../../src/translate/lock-keys.js";
import type { Lock } from "../../src/translate/lock.js";
import type { TextSource } from "../../src/translate/sources.js";
import { REPO, runCli } from "../support/fixture.js";

let dir: string;
const content = () => path.join(dir, "content");
const lockOf = async () => JSON.parse(await readFile(path.join(content(), "translations.lock.json"), "utf8")) as Lock;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-rename-"));
  await cp(path.join(REPO, "content"), content(), { recursive: true, filter: (src) => !src.includes(`${path.sep}.generated`) });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("renaming a hotel (dubai -> dubai-creek)", () => {
  it("starts from a content folder that passes check --strict, and a translator takes an export of it", async () => {
    expect((await runCli(["check", "--strict"], dir)).code).toBe(0);
    expect(Object.keys((await lockOf()).fields)).toContain("hotels/dubai.yaml");
    expect((await runCli(["translate", "export", "--lang", "ja", "--all", "--out", "ja-before.xlf"], dir)).code).toBe(0);
  });

  it("step 1-2: new file name and id, the old id as an alias; check names the alias's hotel for popularDestinations", async () => {
    const from = path.join(content(), "hotels", "dubai.yaml");
    const to = path.join(content(), "hotels", "dubai-creek.yaml");
    await rename(from, to);
    await writeFile(to, (await readFile(to, "utf8")).replace(/^id: dubai$/m, "id: dubai-creek\naliases: [dubai]"));
    const r = await runCli(["check", "--strict"], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('/popularDestinations/0 "dubai" names no hotel\n    hint: "dubai" is an old id (an alias) of the hotel now called dubai-creek: write dubai-creek');
  });

  it("step 3: popularDestinations updated; the translations still count as current, carried from the old file name", async () => {
    const site = path.join(content(), "site.yaml");
    await writeFile(site, (await readFile(site, "utf8")).replace("popularDestinations: [dubai,", "popularDestinations: [dubai-creek,"));
    const r = await runCli(["check", "--strict"], dir);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).not.toContain("outdated");
    expect(r.out).toContain("note: content/translations.lock.json records hotels/dubai-creek.yaml's translations under its old name hotels/dubai.yaml; they count for hotels/dubai-creek.yaml.");
  });

  it("step 4: translate prune writes the record under the new name; check --strict is green with nothing to note", async () => {
    const before = (await lockOf()).fields["hotels/dubai.yaml"];
    const r = await runCli(["translate", "prune"], dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain("carried hotels/dubai.yaml -> hotels/dubai-creek.yaml; removed 0 entries");
    const lock = await lockOf();
    expect(lock.fields["hotels/dubai.yaml"]).toBeUndefined();
    expect(lock.fields["hotels/dubai-creek.yaml"]).toEqual(before);
    const checked = await runCli(["check", "--strict"], dir);
    expect(checked.code).toBe(0);
    expect(checked.out).not.toContain("translations.lock.json");
  });

  it("imports an XLIFF file exported before the rename into the hotel's file now", async () => {
    const file = path.join(dir, "ja-before.xlf");
    const xml = await readFile(file, "utf8");
    const at = xml.indexOf('<file id="hotels.dubai.yaml"');
    expect(at).toBeGreaterThan(-1);
    const unit = xml.indexOf('<unit id="name">', at);
    const start = xml.indexOf("<target", unit);
    const end = xml.indexOf("</target>", start) + "</target>".length;
    await writeFile(file, `${xml.slice(0, start)}<target>ドバイ・クリーク・ホテル</target>${xml.slice(end)}`);
    const r = await runCli(["translate", "import", "ja-before.xlf"], dir);
    expect(r.err).toBe("");
    expect(r.out).toMatch(/^Imported \d+ ja translations? \(1 changed, in 1 file/);
    expect(await readFile(path.join(content(), "hotels", "dubai-creek.yaml"), "utf8")).toContain("name: ドバイ・クリーク・ホテル");
    expect((await runCli(["check", "--strict"], dir)).code).toBe(0);
  });

  it("reports the entries of a removed hotel as stale, and prune removes them", async () => {
    await rm(path.join(content(), "hotels", "goa.yaml"));
    const r = await runCli(["check"], dir);
    expect(r.out).toMatch(/note: content\/translations\.lock\.json holds 1 entry for files or fields the content no longer has \(hotels\/goa\.yaml\)/);
    expect((await runCli(["translate", "prune"], dir)).out).toContain("removed 1 entry for files or fields the content no longer has (hotels/goa.yaml)");
    expect((await lockOf()).fields["hotels/goa.yaml"]).toBeUndefined();
  });
});

describe("lock keys", () => {
  const src = (key: string, source: string, en: Record<string, string>) => ({ key, source, blocks: { en } }) as unknown as TextSource;
  const lock = (): Lock => ({ fields: { "hotels/old.yaml": { "/name": { zh: "a", ja: "b" }, "/gone": { zh: "c" } }, "hotels/new.yaml": { "/name": { zh: "n" } } }, english: {} });

  it("carries an alias's entries, keeping what the new file records already", () => {
    const l = lock();
    const carried = carryRenamed(l, [src("hotels/new.yaml", "hotel:new", { name: "N", gone: "G" })], new Map([["hotel:new", ["old"]]]));
    expect(carried).toEqual([{ from: "hotels/old.yaml", to: "hotels/new.yaml" }]);
    expect(l.fields).toEqual({ "hotels/new.yaml": { "/name": { zh: "n", ja: "b" }, "/gone": { zh: "c" } } });
  });

  it("never carries from a file that is still content under the alias's name", () => {
    const l = lock();
    const sources = [src("hotels/new.yaml", "hotel:new", { name: "N" }), src("hotels/old.yaml", "hotel:old", { name: "O" })];
    expect(carryRenamed(l, sources, new Map([["hotel:new", ["old"]]]))).toEqual([]);
    expect(Object.keys(l.fields).sort()).toEqual(["hotels/new.yaml", "hotels/old.yaml"]);
  });

  it("finds and prunes files and fields the content no longer has", () => {
    const l = lock();
    const sources = [src("hotels/new.yaml", "hotel:new", { title: "T" })];
    expect(staleEntries(l, sources, "en")).toEqual([{ key: "hotels/old.yaml" }, { key: "hotels/new.yaml", pointer: "/name" }]);
    pruneLock(l, sources, "en");
    expect(l.fields).toEqual({ "hotels/new.yaml": {} });
  });
});
