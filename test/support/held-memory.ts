// How much heap a value keeps alive: V8's gc() (exposed for the tests from here on) before and after making it.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** MB the heap holds more, after full collections, once `make` has returned what it keeps. */
export function heldBy<T>(make: () => T): { held: number; kept: T } {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  // Called in a frame of its own, so that nothing it made but what it returns is still in a register.
  const kept = make();
  gc();
  gc();
  return { held: (process.memoryUsage().heapUsed - before) / 1024 / 1024, kept };
}
