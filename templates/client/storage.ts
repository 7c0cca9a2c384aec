// Web Storage that never throws: Safari private mode, disabled cookies or a full quota just mean "nothing stored".

type Area = "localStorage" | "sessionStorage";

/** Reads a key, or null when storage is missing or refuses. */
export function readStorage(area: Area, key: string): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    return null;
  }
}

/** Writes a key, silently doing nothing when storage is missing or refuses. */
export function writeStorage(area: Area, key: string, value: string): void {
  try {
    window[area].setItem(key, value);
  } catch {
    // Storage is an enhancement; the page works without it.
  }
}
