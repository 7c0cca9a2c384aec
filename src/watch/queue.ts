// The change queue between the file watcher and the rebuilder: runs never overlap, and every change that
// arrives while a run is going is kept for one next run, however many there are.

/** Options for {@link createChangeQueue}. */
export interface ChangeQueueOptions {
  /** Rebuilds for a batch of changed paths. Its errors are its own to report; the queue only logs a rejection. */
  run: (paths: string[]) => Promise<void>;
  /** Milliseconds to wait after the first change of a batch, so an editor's burst of events is one run. */
  delay?: number;
  /** Called if `run` rejects (a bug: run is expected to report its own failures). */
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
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
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
    if (timer || running || closed || !pending.size) return settleIfIdle();
    timer = setTimeout(flush, delay);
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
