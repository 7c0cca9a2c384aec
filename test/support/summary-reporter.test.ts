// The reporter's heartbeat: a line naming the running files whenever none has finished for 10 s, and none while
// files finish (the default reporter prints those), on a clock the test moves.
import { describe, expect, it } from "vitest";
import { Heartbeat } from "./summary-reporter.js";

describe("Heartbeat", () => {
  it("says what runs, and for how long, once the output has been quiet for 10 s", () => {
    let now = 0;
    const lines: string[] = [];
    const beat = new Heartbeat({ now: () => now, write: (l) => lines.push(l), root: "/repo" });
    beat.start("/repo/test/a.test.ts");
    now = 9_999;
    beat.beat();
    expect(lines).toEqual([]);
    now = 10_000;
    beat.start("/repo/test/b.test.ts");
    beat.beat();
    now = 15_000;
    beat.beat();
    now = 125_000;
    beat.end("/repo/test/b.test.ts");
    beat.beat();
    now = 135_000;
    beat.beat();
    expect(lines).toEqual([
      "[10 s] still running: test/a.test.ts (10 s), test/b.test.ts (0 s)\n",
      "[2m15s] still running: test/a.test.ts (2m15s)\n",
    ]);
    beat.end("/repo/test/a.test.ts");
    now = 200_000;
    beat.beat();
    expect(lines.length).toBe(2);
  });
});
