// Watch's runs make a home page's worth of garbage each (40-50 MB at 4,008 pages: React's markup, the page's
// strings, the run's maps), and V8 collected it whenever the young generation filled: in every second save, inside
// it, for 6-18 ms. Collecting the young generation once a run is done, while nothing waits, starts each save with
// it empty, so no collection falls inside the next one. V8's gc() is the global one under bin/hotelsite.js (which
// sets --expose-gc before anything starts); elsewhere (tests) the flag is set now and the function taken from a
// new context, whose global has it.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type Gc = (options: { type: "minor" | "major" }) => void;
let gc: Gc | null | undefined;

/** Collects V8's young generation now; false when this runtime offers no way to (nothing is done then). */
export function collectYoung(): boolean {
  if (gc === undefined) {
    try {
      if (typeof globalThis.gc === "function") gc = globalThis.gc as Gc;
      else {
        setFlagsFromString("--expose-gc");
        gc = (runInNewContext("gc") as Gc | undefined) ?? null;
      }
    } catch {
      gc = null;
    }
  }
  gc?.({ type: "minor" });
  return !!gc;
}
