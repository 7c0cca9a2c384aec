// The folder watcher that names the paths watch looks at: a save in a watched folder, a file added to a folder
// made after the start, a removed folder, ignored paths, and nothing once closed.
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, onTestFailed } from "vitest";
import { watchFolders, type FolderWatch } from "../../src/watch/folder-watch.js";

let dir: string;
let watch: FolderWatch | undefined;
let named: string[];
let rootEvents: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-folder-watch-"));
  await mkdir(path.join(dir, "content", "hotels"), { recursive: true });
  await writeFile(path.join(dir, "content", "hotels", "alpha.yaml"), "id: alpha\n");
  named = [];
  rootEvents = [];
});
afterEach(async () => {
  waits.clear();
  watch?.close();
  watch = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** Re-checks every pending until() condition: called on each callback of the watcher under test. */
const waits = new Set<() => void>();
const wake = () => waits.forEach((w) => w());

const start = async (ignored?: (abs: string) => boolean) => {
  watch = await watchFolders({
    roots: [path.join(dir, "content")],
    ignored,
    onPath: (p) => (named.push(p), wake()),
    onRoot: (r, what) => (rootEvents.push(`${path.basename(r)} ${what}`), wake()),
    onFolders: wake,
  });
  return watch;
};

/**
 * Resolves once `check` holds, looked at again on each of the watcher's callbacks (file events come
 * asynchronously); no timer: a condition never met fails on the test's timeout, and this says what it waited for.
 */
function until(check: () => boolean, what: string): Promise<void> {
  let met = false;
  onTestFailed(() => void (met || console.error(`still waiting for ${what}; named: ${named.join(", ")}`)));
  return new Promise((resolve) => {
    const look = () => {
      if (met || !check()) return;
      met = true;
      waits.delete(look);
      resolve();
    };
    waits.add(look);
    look();
  });
}

describe("watchFolders", () => {
  it("watches the roots and the folders below them, and names a saved file", async () => {
    await start();
    expect(watch!.folders()).toEqual([path.join(dir, "content"), path.join(dir, "content", "hotels")]);
    const alpha = path.join(dir, "content", "hotels", "alpha.yaml");
    await writeFile(alpha, "id: alpha\nlayout: story\n");
    await until(() => named.includes(alpha), "the saved file");
  });

  it("names a file saved by renaming a temporary file over it (an editor's atomic save)", async () => {
    await start();
    const alpha = path.join(dir, "content", "hotels", "alpha.yaml");
    const tmp = path.join(dir, "content", "hotels", "alpha.yaml.tmp");
    await writeFile(tmp, "id: alpha\n# saved\n");
    await rename(tmp, alpha);
    await until(() => named.includes(alpha), "the renamed-over file");
  });

  it("watches a folder made after the start, naming what it already held and what is saved in it later", async () => {
    await start();
    const images = path.join(dir, "content", "images");
    await mkdir(path.join(images, "hotels"), { recursive: true });
    await until(() => named.includes(images), "the new folder");
    await until(() => watch!.folders().includes(path.join(images, "hotels")), "the new folder's subfolder to be watched");
    const photo = path.join(images, "hotels", "a.svg");
    await writeFile(photo, "<svg/>");
    await until(() => named.includes(photo), "a file in the new folder");
  });

  it("stops watching a removed folder and names it", async () => {
    await start();
    const hotels = path.join(dir, "content", "hotels");
    await rm(hotels, { recursive: true });
    await until(() => named.includes(hotels), "the removed folder");
    await until(() => !watch!.folders().includes(hotels), "the removed folder to be dropped");
    // Named by its parent: never as a path inside itself (inotify names a removed folder by its own name).
    expect(named).not.toContain(path.join(hotels, "hotels"));
  });

  it("never names or enters ignored paths", async () => {
    await start((abs) => path.basename(abs).startsWith(".") || abs.endsWith("skip"));
    const hidden = path.join(dir, "content", "hotels", ".alpha.yaml.swp");
    const alpha = path.join(dir, "content", "hotels", "alpha.yaml");
    await writeFile(hidden, "swap");
    await mkdir(path.join(dir, "content", "skip"));
    await writeFile(alpha, "id: alpha\n# after the ignored ones\n");
    await until(() => named.includes(alpha), "the saved file");
    expect(named.filter((p) => p.includes(".swp") || p.endsWith("skip"))).toEqual([]);
    expect(watch!.folders()).not.toContain(path.join(dir, "content", "skip"));
  });

  it("names nothing once closed", async () => {
    (await start()).close();
    expect(watch!.folders()).toEqual([]);
    // A second watcher of the same folder sees the save: by then the closed one would have seen it too.
    const seen: string[] = [];
    const witness = await watchFolders({ roots: [path.join(dir, "content")], onPath: (p) => (seen.push(p), wake()) });
    try {
      const alpha = path.join(dir, "content", "hotels", "alpha.yaml");
      await writeFile(alpha, "id: alpha\n# closed\n");
      await until(() => seen.includes(alpha), "the witness to see the save");
      expect(named).toEqual([]);
    } finally {
      witness.close();
    }
  });

  it("skips a root that does not exist", async () => {
    watch = await watchFolders({ roots: [path.join(dir, "missing"), path.join(dir, "content")], onPath: (p) => named.push(p) });
    expect(watch.folders()).toEqual([path.join(dir, "content"), path.join(dir, "content", "hotels")]);
  });

  it("follows a root replaced by another folder (a branch switch): the new one is watched, the moved one no more", async () => {
    await start();
    const content = path.join(dir, "content");
    await mkdir(path.join(dir, "other", "hotels"), { recursive: true });
    await writeFile(path.join(dir, "other", "hotels", "beta.yaml"), "id: beta\n");
    await rename(content, path.join(dir, "content-a"));
    await rename(path.join(dir, "other"), content);
    // Seen between the two renames it is gone, then back; seen after both, replaced.
    const followed = () => ["content replaced", "content back"].includes(rootEvents.at(-1)!);
    await until(followed, "the replacement to be noticed");
    // What the new folder holds is named, so watch rebuilds from it.
    await until(() => named.includes(path.join(content, "hotels", "beta.yaml")), "the new folder's files");
    await until(() => watch!.folders().includes(path.join(content, "hotels")), "the new subfolder");
    named = [];
    const saved = path.join(content, "hotels", "beta.yaml");
    await writeFile(saved, "id: beta\n# saved later\n");
    await until(() => named.includes(saved), "a later save in the new folder");
    // The folder moved away is not watched under the old name any more: a save there names nothing inside content/.
    named = [];
    await writeFile(path.join(dir, "content-a", "hotels", "alpha.yaml"), "id: alpha\n# moved away\n");
    await writeFile(saved, "id: beta\n# saved once more\n");
    await until(() => named.includes(saved), "the second save");
    expect(named).not.toContain(path.join(content, "hotels", "alpha.yaml"));
    expect([["content replaced"], ["content gone", "content back"]]).toContainEqual(rootEvents);
  });

  it("follows a root deleted and made again, and one renamed away and back", async () => {
    await start();
    const content = path.join(dir, "content");
    await rm(content, { recursive: true });
    await until(() => rootEvents.includes("content gone"), "the deletion to be noticed");
    await mkdir(path.join(content, "hotels"), { recursive: true });
    await until(() => rootEvents.includes("content back"), "the new folder to be noticed");
    await until(() => watch!.folders().includes(path.join(content, "hotels")), "the new subfolder");
    const saved = path.join(content, "hotels", "gamma.yaml");
    await writeFile(saved, "id: gamma\n");
    await until(() => named.includes(saved), "a save in the recreated folder");

    await rename(content, path.join(dir, "away"));
    await until(() => rootEvents.filter((e) => e === "content gone").length === 2, "the rename away");
    await rename(path.join(dir, "away"), content);
    await until(() => rootEvents.filter((e) => e === "content back").length === 2, "the rename back");
    await until(() => watch!.folders().includes(path.join(content, "hotels")), "the subfolder again");
    named = [];
    await writeFile(saved, "id: gamma\n# back\n");
    await until(() => named.includes(saved), "a save after the rename back");
  });

  it("follows a subfolder replaced by another under the same name", async () => {
    await start();
    const hotels = path.join(dir, "content", "hotels");
    await rename(hotels, path.join(dir, "content", "hotels-old"));
    await mkdir(path.join(dir, "hotels-new"));
    await rename(path.join(dir, "hotels-new"), hotels);
    await until(() => watch!.folders().includes(hotels), "the new hotels folder");
    const saved = path.join(hotels, "delta.yaml");
    await writeFile(saved, "id: delta\n");
    await until(() => named.includes(saved), "a save in the new subfolder");
  });
});
