// A count/total line on a terminal for a stage that runs longer than a second (the image stage's encodes on a
// fresh cache), so a slow first build is never silence; nothing at all when stderr is not a terminal (CI, pipes).
import type { Writable } from "node:stream";

/** A progress line: `update` after each item, `end` once (it clears the line if one was shown). */
export interface Progress {
  update(done: number, total: number): void;
  end(): void;
}

/** Starts a progress line labelled `label` on `stream` (default stderr), shown once `afterMs` have passed. */
export function terminalProgress(label: string, stream: Writable & { isTTY?: boolean } = process.stderr, afterMs = 1000): Progress {
  const started = performance.now();
  let shown = false;
  if (!stream.isTTY) return { update: () => {}, end: () => {} };
  return {
    update(done, total) {
      if (!shown && performance.now() - started < afterMs) return;
      shown = true;
      stream.write(`\r${label}: ${done}/${total}`);
    },
    end() {
      if (shown) stream.write("\r\x1b[K");
    },
  };
}
