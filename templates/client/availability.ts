// The availability form's one enhancement: check-out stays at least a day after check-in, and check-in starts
// today at the earliest. Without it the form still submits whatever dates the visitor chose.

const DAY = 864e5;

/** A time (ms, UTC midnight of a date input) as a date input's value. */
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Ties each form[data-availability]'s check-out to its check-in. */
export function initAvailability(doc: Document): void {
  for (const form of Array.from(doc.querySelectorAll("form[data-availability]"))) {
    const checkIn = form.querySelector<HTMLInputElement>("[data-check-in]");
    const checkOut = form.querySelector<HTMLInputElement>("[data-check-out]");
    if (!checkIn || !checkOut) continue;
    // Today in the visitor's time zone, as the UTC midnight a date input means.
    const today = Date.now() - new Date().getTimezoneOffset() * 6e4;
    checkIn.min = iso(today);
    const follow = () => {
      const earliest = (checkIn.valueAsNumber || today) + DAY;
      checkOut.min = iso(earliest);
      if (checkIn.value && !(checkOut.valueAsNumber >= earliest)) checkOut.value = iso(earliest);
    };
    follow();
    checkIn.addEventListener("change", follow);
  }
}
