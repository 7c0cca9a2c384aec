// Renamed hotels keep their URLs: every old URL (a hotel's `aliases`) moves to the new page, by host rule or fallback page.
import type { OutputFile } from "../render/assets.js";
import type { Content } from "../types.js";
import { xmlEscape } from "./xml.js";
import type { ResolvedSite } from "./resolve.js";
import type { Routes } from "./routes.js";

/** One old URL and the page it moved to, both root-relative. */
export interface Moved {
  from: string;
  to: string;
  lang: string;
}

/** Every old URL of every renamed hotel: the canonical (slash) form and the slash-less one, in each language. */
export function movedUrls(content: Content, routes: Routes): Moved[] {
  const moved: Moved[] = [];
  for (const h of content.hotels) {
    for (const alias of h.aliases ?? []) {
      for (const l of content.site.languages) {
        const from = routes.url({ kind: "hotel", id: alias }, l.code);
        const to = routes.url({ kind: "hotel", id: h.id }, l.code);
        moved.push({ from, to, lang: l.code }, { from: from.slice(0, -1), to, lang: l.code });
      }
    }
  }
  return moved;
}

/** The fallback page at each old URL: sends the visitor on, tells search engines where the page is now. */
export function aliasPages(site: ResolvedSite, content: Content): OutputFile[] {
  const byUrl = new Map(site.pages.map((p) => [p.url, p]));
  return movedUrls(content, site.routes)
    .filter((m) => m.from.endsWith("/"))
    .map((m) => {
      const page = byUrl.get(m.to)!;
      const to = xmlEscape(m.to);
      const title = xmlEscape(page.head.title);
      const html =
        `<!DOCTYPE html><html lang="${xmlEscape(page.lang.htmlLang)}"><head><meta charset="utf-8"><title>${title}</title>` +
        `<meta name="robots" content="noindex"><link rel="canonical" href="${xmlEscape(page.head.canonical!)}">` +
        `<meta http-equiv="refresh" content="0; url=${to}"></head><body><p><a href="${to}">${title}</a></p></body></html>\n`;
      return { path: `${m.from.slice(1)}index.html`, contents: html };
    });
}
