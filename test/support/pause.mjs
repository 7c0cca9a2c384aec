// Preloaded into a real hotelsite process by the robustness and signal tests (node --import this-file): when
// HOTELSITE_TEST_PAUSE names a point, the process stops there and waits to be killed, saying so on stderr, so a
// test can SIGKILL (or SIGTERM) it at a known moment. The points are things the process does, seen from outside:
//   load        as it lists the content's hotels folder (the load stage)
//   render      as it sends the first page to a rendering thread (the render stage starts; the output is open: the
//               templates go to the threads earlier, while the content is validated, at no fixed moment)
//   write       as it clears the staging folder's marker to write it new (the write stage's commit starts)
//   write:tmp   once the staging folder is complete, before the old output is moved aside
//   write:swap  between the two renames of the swap (the old output aside, the new one not yet in place)
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";

const point = process.env.HOTELSITE_TEST_PAUSE;
const MARKER = ".hotelsite-output";

/** Says where it stopped, and never settles (the event loop stays free: signals are still heard). */
const pause = () => {
  process.stderr.write(`hotelsite: paused at ${point}\n`);
  setInterval(() => {}, 60_000);
  return new Promise(() => {});
};

if (point) {
  const fsp = fs.promises;
  const { readdir, rm, writeFile, rename } = fsp;
  if (point === "load") fsp.readdir = (p, ...rest) => (path.basename(String(p)) === "hotels" ? pause() : readdir(p, ...rest));
  if (point === "write") fsp.rm = (p, ...rest) => (path.basename(String(p)) === MARKER ? pause() : rm(p, ...rest));
  if (point === "write:tmp") fsp.writeFile = async (p, ...rest) => (await writeFile(p, ...rest), path.basename(String(p)) === MARKER ? pause() : undefined);
  if (point === "write:swap") fsp.rename = async (from, to) => (await rename(from, to), /\.hotelsite-old-\d+$/.test(String(to)) ? pause() : undefined);
  syncBuiltinESMExports();
  if (point === "render") {
    const send = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (msg, ...rest) {
      if (msg?.kind === "page") return void pause();
      return send.call(this, msg, ...rest);
    };
  }
}
