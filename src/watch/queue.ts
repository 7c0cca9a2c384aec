// The change queue between the watcher and the rebuilder: runs never overlap, changes arriving during a run make one next
// run, and a batch starts once its burst of events is quiet for `quiet` ms, at most `delay` ms after its first event.

/** Options for {@link createChangeQueue}. */
export interface ChangeQueueOptions {
  /** Rebuilds for a batch of changed paths. Its errors are its own to report; the queue only logs a rejection. */
  run: (paths: string[]) => Promise<void>;
  /** Most milliseconds to wait after the first change of a batch, so an editor's burst of events is one run. */
  delay?: number;
  /** Milliseconds without a change after which a batch starts before `delay` is up (default 3, at most `delay`). */
  quiet?: number;
  /** Called if `run` rejects (a bug: run reports its own failures). */
  onError?: (error: unknown) => void;
}

/** The queue watch pushes file events into. */
export interface ChangeQueue {
  /** Records a changed path; starts a run soon unless one is going. */
  push(path: string): void;
  /** Resolves when no run is going and nothing is waiting. */
  idle(): Promise<void>;
  /** Drops waiting changes, waits for the current run, and ignores later pushes. */
  close(): Promise<void>;
}

/** Makes the queue that serialises rebuilds. */
export function createChangeQueue(opts: ChangeQueueOptions): ChangeQueue {
  const delay = opts.delay ?? 10;
  const quiet = Math.min(opts.quiet ?? 3, delay);
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  // When the batch waiting now got its first change (the `delay` deadline counts from there).
  let first = 0;
  let running: Promise<void> | undefined;
  let closed = false;
  let waiters: (() => void)[] = [];

  const settleIfIdle = () => {
    if (running || timer || pending.size) return;
    const done = waiters;
    waiters = [];
    for (const w of done) w();
  };

  const schedule = () => {
    if (running || closed || !pending.size) return settleIfIdle();
    const now = performance.now();
    if (!timer) first = now;
    else clearTimeout(timer);
    timer = setTimeout(flush, Math.max(0, Math.min(quiet, first + delay - now)));
  };

  function flush(): void {
    timer = undefined;
    if (closed || running || !pending.size) return settleIfIdle();
    const batch = [...pending].sort();
    pending = new Set();
    running = opts
      .run(batch)
      .catch((e) => opts.onError?.(e))
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    push(path) {
      if (closed) return;
      pending.add(path);
      schedule();
    },
    idle() {
      return new Promise((resolve) => {
        waiters.push(resolve);
        settleIfIdle();
      });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending.clear();
      await running;
      settleIfIdle();
    },
  };
}
