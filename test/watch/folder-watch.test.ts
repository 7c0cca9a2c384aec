// The folder watcher that names the paths watch looks at: a save in a watched folder, a file added to a folder
// made after the start, a removed folder, ignored paths, and nothing once closed.
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { watchFolders, type FolderWatch } from "../../src/watch/folder-watch.js";

let dir: string;
let watch: FolderWatch | undefined;
let named: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-folder-watch-"));
  await mkdir(path.join(dir, "content", "hotels"), { recursive: true });
  await writeFile(path.join(dir, "content", "hotels", "alpha.yaml"), "id: alpha\n");
  named = [];
});
afterEach(async () => {
  watch?.close();
  watch = undefined;
  await rm(dir, { recursive: true, force: true });
});

const start = async (ignored?: (abs: string) => boolean) => {
  watch = await watchFolders({ roots: [path.join(dir, "content")], ignored, onPath: (p) => named.push(p) });
  return watch;
};

/** Waits until `check` holds (file events come asynchronously), or fails after 5 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !check(); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}; named: ${named.join(", ")}`);
  }
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
    const witness = await watchFolders({ roots: [path.join(dir, "content")], onPath: (p) => seen.push(p) });
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
});
