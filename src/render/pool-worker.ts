// A render worker: imports the compiled templates once, then renders the batches of pages the pool sends
// with the same renderMarkup and finishPage as the main thread. Pages travel back as UTF-8 bytes (moved, not copied) with the
// internal links the dead-link check needs, so the main thread neither encodes nor scans them. Template
// errors travel back as data, bugs as stacks.
import { parentPort, workerData } from "node:worker_threads";
import { ContentError } from "../errors.js";
import type { Page } from "../site/pages.js";
import { finishPage } from "./finish.js";
import { renderMarkup, type RenderOptions } from "./render.js";
import type { AssetLinks, TemplateModule } from "./templates.js";

/** What the pool tells a worker when it starts it. */
export interface WorkerInit {
  /** file: URL of the compiled templates module (templates.ts's cache). */
  templatesUrl: string;
  assets: AssetLinks;
  templatesDir: string;
  cwd: string;
  devScript?: string;
}

/** A batch to render. */
export interface BatchRequest {
  id: number;
  pages: Page[];
}

/** A template error, as plain data. */
export interface ErrorData {
  place: ContentError["place"];
  message: string;
  hint?: string;
}

/** One rendered page: its HTML (as UTF-8 bytes from a worker, as a string in the main thread) and its links. */
export interface RenderedBytes {
  bytes?: Uint8Array;
  html?: string;
  links: string[];
  /** The page's ids, for the dead-link check's #fragment targets. */
  ids: string[];
}

/** A rendered batch: pages in order (null where a template failed), the errors, or a bug's stack. */
export interface BatchResult {
  id: number;
  pages: (RenderedBytes | null)[];
  errors: ErrorData[];
  bug?: string;
}

/** Renders one batch (as bytes to move, or as strings to keep); never throws, so one bad page cannot take a worker down. */
export function renderBatch(req: BatchRequest, opts: RenderOptions, bytes = true): BatchResult {
  const encoder = new TextEncoder();
  const pages: (RenderedBytes | null)[] = [];
  const errors: ErrorData[] = [];
  for (const page of req.pages) {
    try {
      const { html, ...scan } = finishPage(renderMarkup(page, opts));
      pages.push(bytes ? { bytes: encoder.encode(html), ...scan } : { html, ...scan });
    } catch (e) {
      if (!(e instanceof ContentError)) return { id: req.id, pages: [], errors: [], bug: e instanceof Error ? (e.stack ?? e.message) : String(e) };
      pages.push(null);
      errors.push({ place: e.place, message: e.message, hint: e.hint });
    }
  }
  return { id: req.id, pages, errors };
}

/** The buffers of a batch, to move them to the main thread instead of copying them. */
export function transferList(result: BatchResult): ArrayBuffer[] {
  return result.pages.flatMap((p) => (p?.bytes ? [p.bytes.buffer as ArrayBuffer] : []));
}

if (parentPort && (workerData as { hotelsiteRender?: WorkerInit } | null)?.hotelsiteRender) {
  const init = (workerData as { hotelsiteRender: WorkerInit }).hotelsiteRender;
  // Template errors name the .tsx file and line through the compiled module's inline source map.
  process.setSourceMapsEnabled(true);
  const port = parentPort;
  const templates = (await import(init.templatesUrl)) as TemplateModule;
  const opts: RenderOptions = { templates, assets: init.assets, templatesDir: init.templatesDir, cwd: init.cwd, devScript: init.devScript };
  port.on("message", (req: BatchRequest) => {
    const result = renderBatch(req, opts);
    port.postMessage(result, transferList(result));
  });
  port.postMessage({ ready: true });
}
