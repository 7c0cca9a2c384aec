// At most n tasks at a time: a gate for work started all at once (Promise.all over thousands of files) whose
// results cost memory until they are used.

/** Runs each task given to it once fewer than `n` of its tasks are running; the result is the task's. */
export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
