// The dead-link check: every root-relative link, image and script in the built pages must name a file that
// the build writes. Runs on the rendered output before anything is written, so a broken link fails the build.
import { ContentError } from "../errors.js";

/** One page's HTML (or the links already found in it, as render workers send them) and where it will be written. */
export type LinkedPage = { outFile: string; html: string } | { outFile: string; links: string[] };

/** Root-relative URLs referenced by href, src and srcset attributes (quoted or not). */
export function internalLinks(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/\s(href|src|srcset|imagesrcset)=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g)) {
    const value = (m[2] ?? m[3] ?? m[4] ?? "").replace(/&amp;/g, "&");
    const urls = m[1].endsWith("srcset") ? value.split(",").map((c) => c.trim().split(/\s+/)[0]) : [value];
    for (const url of urls) if (url.startsWith("/") && !url.startsWith("//")) found.add(url);
  }
  return [...found];
}

/** The output file a root-relative URL is served from ("/zh/" -> "zh/index.html"). */
export function fileForUrl(url: string): string {
  let path = url.split(/[?#]/)[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    return path;
  }
  if (path.endsWith("/")) path += "index.html";
  return path.slice(1);
}

/** Every link in `pages` that names no file in `files`, one located error per page and link. */
export function deadLinks(pages: LinkedPage[], files: Set<string>, outDirShown: string): ContentError[] {
  const errors: ContentError[] = [];
  for (const page of pages) {
    for (const url of "links" in page ? page.links : internalLinks(page.html)) {
      if (!files.has(fileForUrl(url))) {
        errors.push(
          new ContentError(
            { file: `${outDirShown}/${page.outFile}` },
            `links to ${url}, which the build does not write`,
            "a template or content field names a page or file that does not exist; routes come from src/site/routes.ts",
          ),
        );
      }
    }
  }
  return errors;
}
