// Watch beside editors: a save in Vim, Emacs or with `sed -i` leaves temporary, backup and lock files for a moment;
// the run the save starts names only the content file, and none of those files is ever reported or fails a run.
import { rename, readFile, symlink, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunReport } from "../../src/state.js";
import { startWatch, type WatchSession } from "../../src/watch/watch.js";
import { fixtureCopy } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let session: WatchSession;
const reports: RunReport[] = [];

beforeAll(async () => {
  fx = await fixtureCopy();
  session = await startWatch({ contentDir: "content", outDir: "dist", cwd: fx.dir, port: 0, delay: 5, onReport: (r) => reports.push(r) });
});
afterAll(async () => {
  await session?.stop();
  await fx.cleanup();
});

describe("watch and editors' files", () => {
  it("reports only the saved hotel file, whatever the editor left beside it", async () => {
    const hotels = path.join(fx.content, "hotels");
    const alpha = path.join(hotels, "alpha.yaml");
    const text = await readFile(alpha, "utf8");
    const next = session.nextRebuild();
    // Vim: write test, swap file, backup; Emacs: lock link and auto-save; sed -i: a temporary copy renamed over.
    await writeFile(path.join(hotels, "4913"), "");
    await unlink(path.join(hotels, "4913"));
    await writeFile(path.join(hotels, ".alpha.yaml.swp"), "b0VIM 9.0");
    await writeFile(path.join(hotels, "alpha.yaml~"), text);
    await symlink("user@host.4242:1732500000", path.join(hotels, ".#alpha.yaml"));
    await writeFile(path.join(hotels, "#alpha.yaml#"), text.slice(0, 30));
    await writeFile(path.join(hotels, "sedQ1w2E3"), text.replace("Alpha Hotel", "Alpha Hotel and Spa"));
    await rename(path.join(hotels, "sedQ1w2E3"), alpha);
    const report = await next;
    expect(report.ok, JSON.stringify(report.errors)).toBe(true);
    expect(report.changed).toEqual(["content/hotels/alpha.yaml"]);
    await session.idle();
    // Every run so far (the first build and the saves) named only content files and none failed.
    for (const r of reports) {
      expect(r.ok).toBe(true);
      for (const f of r.changed) expect(f).toMatch(/^content\/hotels\/alpha\.yaml$/);
    }
  });
});
