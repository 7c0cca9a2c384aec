// Waiting for something on disk without a timer: a condition looked at again on every change in a folder.
import { watch } from "node:fs";

/**
 * Resolves once `check` holds, looking again at each event in `dir` (watched before the first look, so no change
 * is missed). No deadline: a condition never met fails on the test's own timeout.
 */
export async function untilInFolder(dir: string, check: () => boolean | Promise<boolean>): Promise<void> {
  let events = 0;
  let wake = () => {};
  const watcher = watch(dir, () => (events++, wake()));
  try {
    for (;;) {
      const seen = events;
      if (await check()) return;
      if (events === seen) await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    watcher.close();
  }
}
