// The copyright year from the visitor's clock: the static HTML holds the build's year, which stays right for
// pages read without script until the year turns.

/** Writes the current year into every [data-year]. */
export function initYear(doc: Document): void {
  const year = String(new Date().getFullYear());
  for (const el of Array.from(doc.querySelectorAll("[data-year]"))) if (el.textContent !== year) el.textContent = year;
}
