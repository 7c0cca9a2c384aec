// esbuild's failures named for what they are, located, with esbuild's own failure kept as the cause.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentErrors } from "../../src/errors.js";
import { loadTemplates } from "../../src/render/templates.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hotelsite-template-errors-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Compiles a one-file template set and returns the errors it fails with. */
async function failures(name: string, source: string): Promise<ContentErrors> {
  const templatesDir = path.join(dir, name);
  await mkdir(templatesDir, { recursive: true });
  await writeFile(path.join(templatesDir, "index.tsx"), source);
  try {
    await loadTemplates({ templatesDir, cwd: dir });
  } catch (e) {
    if (e instanceof ContentErrors) return e;
    throw e;
  }
  throw new Error("the templates compiled");
}

describe("template compile errors", () => {
  it("names a module that cannot be found, with the place that imports it", async () => {
    const e = await failures("missing", 'import x from "no-such-package-here";\nexport const pages = { x };\n');
    expect(e.errors.map((x) => x.format())).toEqual([
      'missing/index.tsx:1:15 cannot resolve module "no-such-package-here" imported from missing/index.tsx:1:15\n    hint: install the package beside your templates, or import a file by a relative path',
    ]);
    expect((e.errors[0].cause as { errors?: unknown[] }).errors).toHaveLength(1);
  });

  it("calls a syntax error a syntax error", async () => {
    const e = await failures("syntax", "export const pages = { ;\n");
    expect(e.errors).toHaveLength(1);
    expect(e.errors[0].message).toMatch(/^template syntax: /);
    expect(e.errors[0].place).toMatchObject({ file: "syntax/index.tsx", line: 1 });
  });
});
