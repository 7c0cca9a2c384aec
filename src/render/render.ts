// Stage 4: each page through its template with renderToStaticMarkup (React's production build), wrapped in
// the Document shell, then minified. Pure apart from the template code it runs.
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { minify } from "html-minifier-terser";
import { ContentError, ContentErrors } from "../errors.js";
import type { Page } from "../site/pages.js";
import type { AssetLinks, TemplateModule } from "./templates.js";

/** Options for {@link renderPages}. */
export interface RenderOptions {
  templates: TemplateModule;
  assets: AssetLinks;
  /** Where templates live, to point template errors at their file. */
  templatesDir: string;
  cwd?: string;
  /** Minify the HTML (on for builds). */
  minify?: boolean;
  /** Extra markup for watch mode's live reload; never set by `build`. */
  devScript?: string;
}

/** A rendered page. */
export interface RenderedPage {
  page: Page;
  html: string;
}

/** html-minifier-terser settings: only what keeps the markup valid and gains bytes. */
const MINIFY = {
  collapseWhitespace: true,
  conservativeCollapse: false,
  removeComments: true,
  collapseBooleanAttributes: true,
  removeRedundantAttributes: true,
  removeScriptTypeAttributes: true,
  removeStyleLinkTypeAttributes: true,
  useShortDoctype: true,
  decodeEntities: false,
  keepClosingSlash: false,
};

/** The first stack frame inside the templates folder, as a place to show the user. */
function templatePlace(error: unknown, templatesDir: string, cwd: string): { file: string; line?: number; column?: number } {
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const dir = path.resolve(templatesDir);
  for (const m of stack.matchAll(/\(?((?:file:\/\/)?\/[^\s()]+?):(\d+):(\d+)\)?$/gm)) {
    const file = m[1].replace(/^file:\/\//, "");
    if (file.startsWith(dir)) return { file: path.relative(cwd, file), line: Number(m[2]), column: Number(m[3]) };
  }
  return { file: path.relative(cwd, path.join(dir, "index.tsx")) };
}

/** Renders one page to a complete HTML document. */
export function renderPage(page: Page, opts: RenderOptions): string {
  const Body = opts.templates.pages[page.template];
  if (!Body) {
    throw new ContentError(
      { file: path.relative(opts.cwd ?? process.cwd(), path.join(opts.templatesDir, "index.tsx")) },
      `has no template "${page.template}" (needed by ${page.outFile})`,
      `export it in pages: { ${Object.keys(opts.templates.pages).join(", ")} }`,
    );
  }
  try {
    const tree = createElement(opts.templates.Document, { page, assets: opts.assets, devScript: opts.devScript, children: createElement(Body, { page }) });
    return "<!doctype html>" + renderToStaticMarkup(tree);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new ContentError(templatePlace(e, opts.templatesDir, opts.cwd ?? process.cwd()), `template "${page.template}" failed on ${page.outFile}: ${message}`);
  }
}

/** Stage 4 of the pipeline: every page rendered (and minified), or every template error at once. */
export async function renderPages(pages: Page[], opts: RenderOptions): Promise<RenderedPage[]> {
  const out: RenderedPage[] = [];
  const errors: ContentError[] = [];
  for (const page of pages) {
    try {
      const html = renderPage(page, opts);
      out.push({ page, html: opts.minify ? await minify(html, MINIFY) : html });
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
      // One broken template fails every page it renders; report it once.
      if (!errors.some((x) => x.message.split(" failed on ")[0] === e.message.split(" failed on ")[0])) errors.push(e);
    }
  }
  if (errors.length) throw new ContentErrors(errors);
  return out;
}
