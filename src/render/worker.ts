// A rendering thread: loads the compiled templates when told, then renders, scans (links.ts) and writes (or sends
// back) each page it is given, answering every message in order over messages.ts's protocol. Template code runs
// only here, so a template that loops, allocates without end or exits stops this thread, never the build's.
import { parentPort } from "node:worker_threads";
import { ContentError } from "../errors.js";
import { scanPage } from "../site/links.js";
import { stagingWriter, type StagingOptions, type StagingWriter } from "../write/staging.js";
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

if (parentPort) {
  const port = parentPort;
  // Template errors name the .tsx file and line through the compiled module's inline source map.
  process.setSourceMapsEnabled(true);
  let opts: RenderOptions | undefined;
  let writer: { staging: StagingOptions; writer: StagingWriter } | undefined;
  const encoder = new TextEncoder();
  /** One message's answer. */
  const answer = async (msg: ToWorker): Promise<FromWorker> => {
    if (msg.kind === "templates") {
      opts = await load(msg.init);
      return { kind: "templates", names: Object.keys(opts.templates.pages ?? {}) };
    }
    // React's markup is written as it is: the tokenizer reads hrefLang and <meta .../> as hreflang and <meta ...>.
    const html = renderMarkup(msg.page, opts!);
    const { links, ids } = scanPage(html);
    if (!msg.staging) {
      const bytes = encoder.encode(html);
      return { kind: "page", links, ids, bytes, linked: false };
    }
    if (writer?.staging.dir !== msg.staging.dir) writer = { staging: msg.staging, writer: stagingWriter(msg.staging) };
    return { kind: "page", links, ids, linked: writer.writer.write(msg.page.outFile, html) };
  };
  // Messages are answered one at a time, in order (a template import is the only wait), each answer sent at once.
  let queue = Promise.resolve();
  port.on("message", (msg: ToWorker) => {
    queue = queue.then(async () => {
      let out: FromWorker;
      try {
        out = await answer(msg);
      } catch (e) {
        out = { kind: "failed", error: encodeError(e) };
      }
      port.postMessage(out, out.kind === "page" && out.bytes ? [out.bytes.buffer as ArrayBuffer] : []);
    });
  });
}
