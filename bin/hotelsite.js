#!/usr/bin/env -S node --no-allocation-site-pretenuring --expose-gc
// Thin entry: React's production build for rendering, source-mapped template errors, then main(argv).
// The shebang turns V8's allocation-site pretenuring off: when a collection lands inside a large page's render (a
// home page's thousands of cards, all alive at that moment), V8 decides that the templates' objects live long and
// allocates every later page's garbage in the old generation; peak memory at 12,006 pages then went from about
// 520 MB to over 1 GB in one build of four. It also exposes gc(), for a rendering thread to collect a very large
// page's garbage at once (src/render/worker.ts). No flag is set once Node has started.

process.env.NODE_ENV = "production";
process.setSourceMapsEnabled(true);

let cli;
try {
  cli = await import("../lib/cli.js");
} catch (e) {
  if (e && e.code === "ERR_MODULE_NOT_FOUND" && String(e.message).includes("lib/cli.js")) {
    console.error("hotelsite: lib/cli.js is missing; run `npm install` (or `npm run compile`) first.");
    process.exit(2);
  }
  throw e;
}
// Exit as soon as main returns: after a stop, nothing left behind (a read the OS never answers, a worker) may
// keep the process alive. stdout and stderr are synchronous on Linux for files, pipes and terminals.
process.exit(await cli.main(process.argv.slice(2)));
