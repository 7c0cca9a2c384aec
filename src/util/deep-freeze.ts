// Loaded content frozen under test (HOTELSITE_FREEZE, set by vitest.config.ts): stages and caches keyed by
// object identity trust that nobody changes content after it is validated, and a mutation then fails loudly.

/** True when content should be frozen once validated (the test suite sets HOTELSITE_FREEZE=1). */
export const freezeContent = process.env.HOTELSITE_FREEZE === "1";

/** Freezes `value` and everything reachable from it (typed arrays and other views are left as they are). */
export function deepFreeze<T>(value: T, seen = new Set<object>()): T {
  if (!value || typeof value !== "object" || seen.has(value) || ArrayBuffer.isView(value)) return value;
  seen.add(value);
  if (value instanceof Map) for (const [k, v] of value) (deepFreeze(k, seen), deepFreeze(v, seen));
  else if (value instanceof Set) for (const v of value) deepFreeze(v, seen);
  else for (const v of Object.values(value)) deepFreeze(v, seen);
  return Object.freeze(value);
}
