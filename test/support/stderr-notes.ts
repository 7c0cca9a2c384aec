// The notes ("hotelsite: ..." lines) that code under test writes to this process's stderr, caught as they are
// written; everything else written there goes through.
import { vi } from "vitest";

/** Starts catching notes: `lines` fills as they come (clear it with lines.length = 0); `restore` stops. */
export function stderrNotes(): { lines: string[]; restore: () => void } {
  const lines: string[] = [];
  const write = process.stderr.write.bind(process.stderr) as (chunk: string | Uint8Array) => boolean;
  const spy = vi.spyOn(process.stderr, "write").mockImplementation(((chunk: string | Uint8Array) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    const rest: string[] = [];
    for (const line of text.split("\n").filter(Boolean)) (line.startsWith("hotelsite: ") ? lines : rest).push(line);
    return rest.length ? write(`${rest.join("\n")}\n`) : true;
  }) as typeof process.stderr.write);
  return { lines, restore: () => spy.mockRestore() };
}
