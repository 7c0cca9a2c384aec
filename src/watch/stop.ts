// How `hotelsite watch` stops: on SIGINT or SIGTERM (or an abort signal when embedded) in any state, the first
// build included, and within a bounded time even if some work never finishes (a read that waits on the disk).

/** How long a stop waits for the running rebuild and the server to close before giving up on them. */
export const STOP_GRACE_MS = 3000;

/** Resolves when the abort signal fires, or on Ctrl+C / SIGTERM when there is none; listening starts at once. */
export function untilStopped(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal) {
      if (signal.aborted) return resolve();
      signal.addEventListener("abort", () => resolve(), { once: true });
      return;
    }
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

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
