// Every placement id the site issues, for the report's join: the placement table (src/affiliate/placements.ts).
import { placementRows } from "../affiliate/placements.js";
import type { CheckResult } from "../build.js";
import type { PlacedId } from "./tally.js";

/** The placed ids of a checked site (rows without an id have nothing a programme could report). */
export async function placedIds(result: Pick<CheckResult, "content">, _cwd: string): Promise<PlacedId[]> {
  return placementRows(result.content).filter((r) => r.id !== "");
}
