// Refuses a template folder holding anything but regular files inside it (a FIFO, a device, a link out of it).
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { checkRegularFile } from "../content/read-file.js";
import { ContentError, ContentErrors } from "../errors.js";

/** Largest template, stylesheet or static file: real ones are a few KB. */
const MAX_TEMPLATE_BYTES = 4 * 1024 * 1024;

/** Throws a ContentError when the templates folder is missing (before anything reads inside it). */
export async function checkTemplatesFolder(templatesDir: string, cwd: string): Promise<void> {
  const root = path.resolve(cwd, templatesDir);
  if (!(await stat(root).then((s) => s.isDirectory(), () => false))) {
    throw new ContentErrors([new ContentError({ file: path.relative(cwd, root) || "." }, "is not a templates folder: it does not exist or is not a folder", "give --templates the folder that holds index.tsx, or leave it out to use the bundled templates")]);
  }
}

/** Throws ContentErrors naming every file under `templatesDir` that is not a regular file of sane size inside it; else their names. */
export async function checkTemplateFiles(templatesDir: string, cwd: string): Promise<string[]> {
  const root = path.resolve(cwd, templatesDir);
  // Every file of a folder checked at once (one by one, each check waited for the content's parsing between its
  // steps); names and errors in the walk's order.
  async function walk(dir: string): Promise<{ name: string; error?: ContentError }[]> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const found = entries.sort((a, b) => a.name.localeCompare(b.name)).map(async (e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return walk(full);
      const checked = await checkRegularFile(full, { root });
      const shown = path.relative(cwd, full);
      const name = path.relative(root, full);
      if ("refused" in checked) {
        const { kind, reason, hint } = checked.refused;
        if (kind !== "folder") return [{ name, error: new ContentError({ file: shown }, reason.replace("its folder", "the templates folder"), hint.replace("the folder", "the templates folder")) }];
      } else if (checked.info.size > MAX_TEMPLATE_BYTES) {
        return [{ name, error: new ContentError({ file: shown }, `is larger than the ${MAX_TEMPLATE_BYTES / 1024 / 1024} MB a template file may be`, "templates hold code and styles; move large files elsewhere") }];
      }
      return [{ name }];
    });
    return (await Promise.all(found)).flat();
  }
  const files = await walk(root);
  const errors = files.flatMap((f) => (f.error ? [f.error] : []));
  if (errors.length) throw new ContentErrors(errors);
  return files.map((f) => f.name);
}
