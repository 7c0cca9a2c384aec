// A page's last step after React: its markup in HTML's usual spelling (compact.ts), then the links and ids the
// dead-link check needs, read from the finished HTML. Pure; runs in the thread that rendered the page.
import { scanPage, type ScannedPage } from "../site/links.js";
import { compactHtml } from "./compact.js";

/** A finished page: the HTML to write and what it links to. */
export interface FinishedPage extends ScannedPage {
  html: string;
}

/** Finishes React's markup of one page: compacted, then scanned. */
export function finishPage(markup: string): FinishedPage {
  const html = compactHtml(markup);
  return { html, ...scanPage(html) };
}
