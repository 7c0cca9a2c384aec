// Which page templates a changed template file can affect, from the import graph in the compile's own metafile.
import path from "node:path";
import type { Metafile } from "esbuild";

/** Absolute file -> absolute files it imports, for every file the templates module is built from. */
export type ImportGraph = Map<string, string[]>;

/** The import graph in the metafile of the one esbuild run that compiles the templates (templates.ts). */
export function importGraph(metafile: Metafile, cwd: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    graph.set(path.resolve(cwd, file), input.imports.filter((i) => !i.external).map((i) => path.resolve(cwd, i.path)));
  }
  return graph;
}

/** Every file reachable from `start`, itself included. */
function reachable(graph: ImportGraph, start: string): Set<string> {
  const seen = new Set<string>([start]);
  const todo = [start];
  while (todo.length) {
    for (const next of graph.get(todo.pop()!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  return seen;
}

/** The template name a file under templates/pages/ provides: its name with a lower-case first letter (NotFound.tsx -> notFound). */
export function templateNameOf(file: string): string {
  const stem = path.basename(file).replace(/\.[^.]+$/, "");
  return stem.charAt(0).toLowerCase() + stem.slice(1);
}

/** The page templates whose output may change when `changed` files change: "all", or a set of names (a file only one page reaches). */
export function affectedTemplates(graph: ImportGraph, opts: { templatesDir: string; names: string[]; changed: Iterable<string> }): "all" | Set<string> {
  const entry = path.join(opts.templatesDir, "index.tsx");
  const pagesDir = path.join(opts.templatesDir, "pages") + path.sep;
  const roots = (graph.get(entry) ?? []).map((root) => ({ root, files: reachable(graph, root) }));
  const names = new Set<string>();
  for (const file of opts.changed) {
    if (file === entry) return "all";
    for (const { root, files } of roots) {
      if (!files.has(file)) continue;
      const name = templateNameOf(root);
      if (!root.startsWith(pagesDir) || !opts.names.includes(name)) return "all";
      names.add(name);
    }
  }
  return names;
}
