// Loaded content frozen under test: stages and caches keyed by object identity trust that nobody changes content
// after it is validated. The tests that run the executors wrap validation with `freezingValidate`, so a step that
// mutates content fails there loudly.
import type * as Validate from "../../src/content/validate.js";

/** Freezes `value` and everything reachable from it (typed arrays and other views are left as they are). */
export function deepFreeze<T>(value: T, seen = new Set<object>()): T {
  if (!value || typeof value !== "object" || seen.has(value) || ArrayBuffer.isView(value)) return value;
  seen.add(value);
  if (value instanceof Map) for (const [k, v] of value) (deepFreeze(k, seen), deepFreeze(v, seen));
  else if (value instanceof Set) for (const v of value) deepFreeze(v, seen);
  else for (const v of Object.values(value)) deepFreeze(v, seen);
  return Object.freeze(value);
}

/** The validate module with its result frozen, for `vi.mock` of src/content/validate.js (update.test.ts shows how). */
export async function freezingValidate(original: () => Promise<typeof Validate>): Promise<typeof Validate> {
  const m = await original();
  return {
    ...m,
    validateContent: (...args: Parameters<typeof m.validateContent>) => {
      const result = m.validateContent(...args);
      deepFreeze(result.content);
      return result;
    },
  };
}
