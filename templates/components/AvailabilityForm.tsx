// "Check Availability & Book Now": dates, adults, rooms and children with their ages, submitted with GET straight to the partner's search
// page; the affiliate parameters (partner id, label, language, search term) ride along as hidden fields, so it
// works without JavaScript. The script keeps check-out after check-in (templates/client/availability.ts). Through a
// network that wraps the destination, the form goes to the network's link with the hotel's booking link as its
// destination, and the script puts the search for the visitor's fields there on submit (the fields have no name
// of their own then: without a script they could not reach the partner's search, the hotel's page does).
import type { HotelPage } from "../../src/site/pages";
import { T } from "./T";

export function AvailabilityForm({ page }: { page: HotelPage }) {
  const form = page.hotel.availability;
  if (!form) return null;
  const t = page.t;
  const id = (name: string) => `availability-${name}`;
  // A visible field's name, or, for a network, the name the script gives it in the destination's search.
  const field = (name: string) => (form.search ? { "data-t": name } : { name });
  return (
    <section className="availability" aria-labelledby={id("title")}>
      <h2 className="availability__title" id={id("title")}>
        <T>{t.checkAvailability}</T>
      </h2>
      <form className="availability__form" action={form.action} method="get" target="_blank" rel={form.rel} data-availability>
        {form.hidden.map((f) => (
          <input key={f.name} type="hidden" name={f.name} value={f.value} data-to={f.destination ? form.search : undefined} />
        ))}
        <p className="availability__field">
          <label htmlFor={id("in")}><T>{t.checkIn}</T></label>
          <input id={id("in")} type="date" {...field(form.names.checkIn)} data-check-in />
        </p>
        <p className="availability__field">
          <label htmlFor={id("out")}><T>{t.checkOut}</T></label>
          <input id={id("out")} type="date" {...field(form.names.checkOut)} data-check-out />
        </p>
        <p className="availability__field">
          <label htmlFor={id("adults")}><T>{t.adults}</T></label>
          <input id={id("adults")} type="number" {...field(form.names.adults)} defaultValue="2" min="1" max="30" inputMode="numeric" />
        </p>
        <p className="availability__field">
          <label htmlFor={id("rooms")}><T>{t.rooms}</T></label>
          <input id={id("rooms")} type="number" {...field(form.names.rooms)} defaultValue="1" min="1" max="30" inputMode="numeric" />
        </p>
        {form.names.children && form.names.childAge && <Children t={t} names={{ children: form.names.children, age: form.names.childAge }} field={field} />}
        <p className="availability__submit">
          <button className="button" type="submit">
            <T>{t.checkAvailability}</T>
            <span className="visually-hidden"> (<T>{t.opensInNewTab}</T>)</span>
          </button>
          <small className="book__note"><T>{t.commissionNote}</T></small>
        </p>
      </form>
    </section>
  );
}

/** Most children the form asks ages for. */
const CHILDREN = 4;
/** Ages the partner takes for a child: 0 (under one) to 17. */
const AGES = Array.from({ length: 18 }, (_, i) => String(i));

/**
 * The number of children and one age per child (the partner takes the age parameter once per child). Without
 * JavaScript: the stylesheet shows as many age fields as children are chosen (booking.css), and an age left
 * unchosen, or a hidden field's, submits nothing (its chosen option is the disabled placeholder).
 */
function Children({ t, names, field }: { t: HotelPage["t"]; names: { children: string; age: string }; field: (name: string) => { name?: string; "data-t"?: string } }) {
  const id = (name: string) => `availability-${name}`;
  return (
    <>
      <p className="availability__field">
        <label htmlFor={id("children")}><T>{t.children}</T></label>
        <select id={id("children")} {...field(names.children)} defaultValue="0" data-children>
          {AGES.slice(0, CHILDREN + 1).map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </p>
      {Array.from({ length: CHILDREN }, (_, i) => (
        <p key={i} className="availability__field availability__age" data-child={i + 1}>
          <label htmlFor={id(`age-${i + 1}`)}><T>{t.childAge.replace("{n}", String(i + 1))}</T></label>
          <select id={id(`age-${i + 1}`)} {...field(names.age)} defaultValue="">
            <option value="" disabled>–</option>
            {AGES.map((a) => (
              <option key={a} value={a}>{a}</option>
            ))}
          </select>
        </p>
      ))}
    </>
  );
}
