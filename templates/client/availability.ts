// The availability form's enhancements: check-out stays at least a day after check-in, and check-in starts
// today at the earliest. Without them the form still submits whatever dates the visitor chose. A network's form
// gets its destination on submit: the partner's search (data-to) with each filled field (data-t: the partner's
// name of it; a date or a number, which need no escaping). Short names: the site's script budget is tight.

const DAY = 864e5;

/** A time (ms, UTC midnight of a date input) as a date input's value. */
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Ties each form[data-availability]'s check-out to its check-in, and fills a network form's destination. */
export function initAvailability(doc: Document): void {
  doc.querySelectorAll("form[data-availability]").forEach((form) => {
    const [checkIn, checkOut] = form.querySelectorAll<HTMLInputElement>("[type=date]");
    const to = form.querySelector<HTMLInputElement>("[data-to]");
    // Handlers as properties: nothing else listens to these elements, and they are the shorter script.
    if (to)
      (form as HTMLFormElement).onsubmit = () => {
        to.value = to.dataset.to!;
        form.querySelectorAll<HTMLInputElement>("[data-t]").forEach((i) => (to.value += i.value && "&" + i.dataset.t + "=" + i.value));
      };
    // Today in the visitor's time zone, as the UTC midnight a date input means.
    const today = Date.now() - new Date().getTimezoneOffset() * 6e4;
    checkIn.min = iso(today);
    const follow = () => {
      const earliest = (checkIn.valueAsNumber || today) + DAY;
      checkOut.min = iso(earliest);
      if (checkIn.value && !(checkOut.valueAsNumber >= earliest)) checkOut.value = iso(earliest);
    };
    follow();
    checkIn.onchange = follow;
  });
}
