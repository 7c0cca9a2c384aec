// Editors' temporary, backup and lock files in the hotels folder: build and check pass them over by name, while a
// file that is not a regular file under a hotel's name is still refused.
import { execFileSync } from "node:child_process";
import { readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isEditorFile } from "../../src/content/editor-files.js";
import { fixtureCopy, runCli } from "../support/fixture.js";

/** Each editor's dropping beside alpha.yaml, as it makes it (the Emacs lock is a link to nowhere). */
async function droppings(hotels: string): Promise<string[]> {
  const alpha = await readFile(path.join(hotels, "alpha.yaml"), "utf8");
  await symlink("user@host.4242:1732500000", path.join(hotels, ".#alpha.yaml")); // Emacs lock of a modified buffer
  await writeFile(path.join(hotels, "#alpha.yaml#"), alpha.slice(0, 40)); // Emacs auto-save
  await writeFile(path.join(hotels, ".alpha.yaml.swp"), "b0VIM 9.0"); // Vim swap
  await writeFile(path.join(hotels, "alpha.yaml~"), alpha); // Vim/Emacs backup
  await writeFile(path.join(hotels, "4913"), ""); // Vim's write test
  await writeFile(path.join(hotels, "sed3tkNK3"), alpha.replace("id: alpha", "id: half")); // sed -i's temporary copy
  return [".#alpha.yaml", "#alpha.yaml#", ".alpha.yaml.swp", "alpha.yaml~", "4913", "sed3tkNK3"];
}

describe("isEditorFile", () => {
  it("knows each editor's temporary, backup and lock names", () => {
    for (const n of [".#bali.yaml", "#bali.yaml#", ".bali.yaml.swp", ".bali.yaml.swo", "bali.yaml~", "4913", "sedAb12Cd", "sed3tkNK3", "bali.yaml___jb_tmp___", "bali.yaml.orig"]) expect(isEditorFile(n), n).toBe(true);
  });
  it("takes content names as content", () => {
    for (const n of ["bali.yaml", "sedona.yaml", "sed.yaml", "4913.yaml", "hash#tag.yaml", "hotels"]) expect(isEditorFile(n), n).toBe(false);
  });
});

describe("build and check beside editors' files", () => {
  it("build and check pass over every editor's file and report nothing about them", async () => {
    const fx = await fixtureCopy();
    try {
      const names = await droppings(path.join(fx.content, "hotels"));
      for (const argv of [["check"], ["build"]]) {
        const r = await runCli(argv, fx.dir);
        expect(r.code, r.err).toBe(0);
        for (const n of names) expect(r.out + r.err, n).not.toContain(n);
      }
    } finally {
      await fx.cleanup();
    }
  });

  it("still refuses a named pipe under a hotel's name", async () => {
    const fx = await fixtureCopy();
    try {
      execFileSync("mkfifo", [path.join(fx.content, "hotels", "delta.yaml")]);
      const r = await runCli(["check"], fx.dir);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/hotels\/delta\.yaml is a named pipe \(FIFO\)/);
    } finally {
      await fx.cleanup();
    }
  });
});
