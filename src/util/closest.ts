// "Did you mean ...?" for unknown names: the nearest candidate by edit distance, if it is near enough.

/** Levenshtein distance between two short strings. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

/** The candidate nearest to `name`, compared case-insensitively, or undefined when none is within `max` edits. */
export function closest(name: string, candidates: string[], max = Math.max(2, Math.floor(name.length / 3))): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= max ? best : undefined;
}

/** A hint's first words for a misspelt name: `did you mean "x"? ` with the nearest candidate, or "" when none is close. */
export function didYouMean(name: string, candidates: string[], max?: number): string {
  const near = closest(name, candidates, max);
  return near === undefined ? "" : `did you mean "${near}"? `;
}
