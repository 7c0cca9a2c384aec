// How `hotelsite watch` stops: on a signal, an abort, or its starter gone, in any state and within a bounded time.

/** How long a stop waits for the running rebuild and the server to close before giving up on them. */
export const STOP_GRACE_MS = 3000;

/** How often watch looks whether the process that started it is still there. */
export const PARENT_POLL_MS = 500;

/** Resolves on the abort signal, else on SIGINT, SIGTERM, SIGHUP or the starter gone (an orphan would keep the port taken). */
export function untilStopped(signal?: AbortSignal, parent: () => number = () => process.ppid): Promise<void> {
  return new Promise((resolve) => {
    if (signal) {
      if (signal.aborted) return resolve();
      signal.addEventListener("abort", () => resolve(), { once: true });
      return;
    }
    const started = parent();
    // Reparented (to init or a subreaper): the starter is gone.
    const poll = setInterval(() => parent() !== started && stop(), PARENT_POLL_MS);
    poll.unref();
    const stop = () => {
      clearInterval(poll);
      for (const s of SIGNALS) process.off(s, stop);
      resolve();
    };
    for (const s of SIGNALS) process.on(s, stop);
  });
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** Waits for `work` (its failure is as good as its end) but no longer than `ms`: true when it finished in time. */
export async function settleWithin(work: Promise<unknown>, ms = STOP_GRACE_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
