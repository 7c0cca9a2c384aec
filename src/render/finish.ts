// A page's last step after React: its markup in HTML's usual spelling (compact.ts), then the links and ids the
// dead-link check needs, read from the finished HTML. Pure; a build runs it in the page worker beside the
// writer (write/page-worker.ts), so it overlaps the next page's rendering on the other core.
import { scanPage, type ScannedPage } from "../site/links.js";
import { compactHtml } from "./compact.js";
import { finishInOnePass } from "./finish-pass.js";

/** A finished page: the HTML to write and what it links to. */
export interface FinishedPage extends ScannedPage {
  html: string;
}

/** Finishes React's markup of one page: in one pass when it has React's shape, else compacted then scanned. */
export function finishPage(markup: string): FinishedPage {
  const page = finishInOnePass(markup);
  if (page) return page;
  const html = compactHtml(markup);
  const { links, ids } = scanPage(html);
  return { html, links, ids };
}
