// translate import and mark-current write through the guarded writer: a YAML file keeps its mode, no temporary
// file is left beside it, and the lock is replaced whole.
import { chmod, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureCopy, runCli } from "../support/fixture.js";

const XLIFF = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ja">
  <file id="strings.yaml" original="strings.yaml">
    <unit id="home"><segment state="final"><source>EN home</source><target>ホーム</target></segment></unit>
  </file>
</xliff>
`;

describe("translate import's writes", () => {
  it("keep a YAML file's mode and the lock's, and leave nothing beside them", async () => {
    const fx = await fixtureCopy();
    try {
      expect((await runCli(["translate", "mark-current"], fx.dir)).code).toBe(0);
      const strings = path.join(fx.content, "strings.yaml");
      const lock = path.join(fx.content, "translations.lock.json");
      await chmod(strings, 0o640);
      await chmod(lock, 0o600);
      const before = (await readdir(fx.content)).sort();
      await writeFile(path.join(fx.dir, "ja.xlf"), XLIFF);
      const r = await runCli(["translate", "import", "ja.xlf"], fx.dir);
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      expect(await readFile(strings, "utf8")).toContain(`  home: "ホーム"\n`);
      expect((await stat(strings)).mode & 0o7777).toBe(0o640);
      expect((await stat(lock)).mode & 0o7777).toBe(0o600);
      expect((await readdir(fx.content)).sort()).toEqual(before);
    } finally {
      await fx.cleanup();
    }
  });

  it("read a file in the encoding it declares: ISO-8859-1 and UTF-16 import as the text they hold", async () => {
    for (const [encoding, bytes] of [
      ["ISO-8859-1", (text: string) => Buffer.from(text, "latin1")],
      ["UTF-16", (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")])],
    ] as const) {
      const fx = await fixtureCopy();
      try {
        await writeFile(path.join(fx.dir, "ja.xlf"), bytes(XLIFF.replace('encoding="UTF-8"', `encoding="${encoding}"`).replace("ホーム", "Café crème")));
        const r = await runCli(["translate", "import", "ja.xlf"], fx.dir);
        expect(r.err).toBe("");
        expect(r.code).toBe(0);
        expect(await readFile(path.join(fx.content, "strings.yaml"), "utf8")).toContain(`  home: "Café crème"\n`);
      } finally {
        await fx.cleanup();
      }
    }
  });
});
