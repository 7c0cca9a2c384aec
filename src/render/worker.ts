// A rendering thread: template code runs only here, so a template that loops or exits stops this thread, never the build.
import { parentPort } from "node:worker_threads";
import { ContentError } from "../errors.js";
import { scanPage } from "../site/links.js";
import { encodeError, type FromWorker, type TemplatesInit, type ToWorker } from "./messages.js";
import { renderMarkup, type RenderOptions } from "./render.js";
import { templatePlace } from "./template-errors.js";
import type { TemplateModule } from "./template-module.js";

/** Imports a template set; a throw of its top-level code is the template's mistake, located. */
async function load(init: TemplatesInit): Promise<RenderOptions> {
  try {
    const templates = (await import(init.templatesUrl)) as TemplateModule;
    return { ...init, templates };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new ContentError(templatePlace(e, init.templatesDir, init.cwd), `template failed to load: ${message}`);
  }
}

/** A build's page this long leaves garbage in the old generation: its thread collects it after answering (docs/performance.md). */
export const LARGE_PAGE_CHARS = 1_000_000;

if (parentPort) {
  const port = parentPort;
  // Template errors name the .tsx file and line through the compiled module's inline source map.
  process.setSourceMapsEnabled(true);
  let opts: RenderOptions | undefined;
  const encoder = new TextEncoder();
  /** Set by a build's page of LARGE_PAGE_CHARS or more: collected once its answer is sent and gone from scope. */
  let large = false;
  const answer = async (msg: ToWorker): Promise<FromWorker> => {
    if (msg.kind === "templates") {
      opts = await load(msg.init);
      return { kind: "templates", names: Object.keys(opts.templates.pages ?? {}) };
    }
    // The parser loads only in a thread asked to parse (the first one, on a large site's first load).
    if (msg.kind === "parse") return { kind: "parsed", parsed: msg.files.map((await import("../content/quick-read.js")).quickParse) };
    // React's markup is written as it is: the tokenizer reads hrefLang and <meta .../> as hreflang and <meta ...>.
    const html = renderMarkup(msg.page, opts!);
    const { links, ids } = scanPage(html);
    large ||= !!msg.collect && html.length >= LARGE_PAGE_CHARS;
    // The bytes go back to the main thread, which writes every page: two threads making folders and files in one
    // folder at once took longer than one thread making them all.
    return { kind: "page", links, ids, bytes: encoder.encode(html) };
  };
  const reply = async (msg: ToWorker) => {
    let out: FromWorker;
    try {
      out = await answer(msg);
    } catch (e) {
      out = { kind: "failed", error: encodeError(e) };
    }
    port.postMessage(out, out.kind === "page" ? [out.bytes.buffer as ArrayBuffer] : []);
  };
  // Messages are answered one at a time, in order (a template import is the only wait), each answer sent at once.
  let queue = Promise.resolve();
  port.on("message", (msg: ToWorker) => {
    queue = queue.then(async () => {
      await reply(msg);
      // Once the answer (slices of the page) is out of scope; V8's last match keeps its input (RegExp.input): replaced.
      if (!large) return;
      large = false;
      /^/.exec("");
      (globalThis as { gc?: () => void }).gc?.();
    });
  });
}
