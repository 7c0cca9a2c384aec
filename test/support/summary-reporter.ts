// Ends the test run with a plain "N passed, N failed" line that any CI can read, and, when the output is not a
// terminal (CI, a pipe, a log file), says what still runs whenever no file has finished for 10 s: a run is never
// silent long enough to look hung, also while one file takes minutes.
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** How long the output may stay without a line while files run. */
export const QUIET_MS = 10_000;

/** "75 s" or "4m05s". */
const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 100 ? `${s} s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
};

/** The files running and since when; `beat()` says what runs once the output has been quiet for QUIET_MS. */
export class Heartbeat {
  private readonly running = new Map<string, number>();
  private last: number;
  private readonly started: number;
  constructor(private readonly o: { now: () => number; write: (line: string) => void; root: string }) {
    this.last = this.started = o.now();
  }
  start(file: string): void {
    this.running.set(file, this.o.now());
  }
  end(file: string): void {
    this.running.delete(file);
    this.last = this.o.now();
  }
  beat(): void {
    const now = this.o.now();
    if (now - this.last < QUIET_MS || !this.running.size) return;
    this.last = now;
    const files = [...this.running].map(([f, since]) => `${path.relative(this.o.root, f)} (${duration(now - since)})`);
    this.o.write(`[${duration(now - this.started)}] still running: ${files.join(", ")}\n`);
  }
}

export default class SummaryReporter implements Reporter {
  private heartbeat?: Heartbeat;
  private timer?: NodeJS.Timeout;

  onTestRunStart(): void {
    if (process.stdout.isTTY) return;
    this.heartbeat = new Heartbeat({ now: Date.now, write: (line) => process.stdout.write(line), root: process.cwd() });
    this.timer = setInterval(() => this.heartbeat!.beat(), 1000);
    this.timer.unref();
  }

  onTestModuleStart(m: TestModule): void {
    this.heartbeat?.start(m.moduleId);
  }

  onTestModuleEnd(m: TestModule): void {
    this.heartbeat?.end(m.moduleId);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    clearInterval(this.timer);
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      if (m.state() === "failed" && ![...m.children.allTests()].length) failed++;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
