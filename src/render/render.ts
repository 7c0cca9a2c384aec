// Stage 4 for one page: its template with renderToStaticMarkup inside the Document (runs in a rendering thread only).
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ContentError, shownPath } from "../errors.js";
import type { Page } from "../site/pages.js";
import { templatePlace } from "./template-errors.js";
import type { AssetLinks, TemplateModule } from "./template-module.js";

/** What a page is rendered with. */
export interface RenderOptions {
  templates: TemplateModule;
  assets: AssetLinks;
  /** Where templates live, to point template errors at their file. */
  templatesDir: string;
  cwd?: string;
  /** Extra markup for watch mode's live reload; never set by `build`. */
  devScript?: string;
}

/** Renders one page to React's markup of the whole document, the HTML that is written. */
export function renderMarkup(page: Page, opts: RenderOptions): string {
  const Body = opts.templates.pages[page.template];
  if (!Body) {
    throw new ContentError(
      { file: shownPath(path.join(opts.templatesDir, "index.tsx"), opts.cwd) },
      `has no template "${page.template}" (needed by ${page.outFile})`,
      `export it in pages: { ${Object.keys(opts.templates.pages).join(", ")} }`,
    );
  }
  try {
    const tree = createElement(opts.templates.Document, { page, assets: opts.assets, devScript: opts.devScript, children: createElement(Body, { page }) });
    return "<!doctype html>" + renderToStaticMarkup(tree);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new ContentError(templatePlace(e, opts.templatesDir, opts.cwd ?? process.cwd()), `template "${page.template}" failed on ${page.outFile}: ${message}`, undefined, { cause: e });
  }
}
