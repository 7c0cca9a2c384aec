// The hotel's own booking pieces beside the layouts' hero and closing buttons: the first-screen button of a
// layout whose hero has none (placement top), and the phone's booking bar (placement bar), which sticks to the
// viewport's bottom while the visitor reads the part of the page its scope wraps, and stops before the closing
// call to action and the footer (CSS position: sticky, so it shifts nothing and needs no script).
import type { ReactNode } from "react";
import type { HotelPage } from "../../src/site/pages";
import { BookButton } from "./BookButton";
import { T } from "./T";

/** The hotel's Book button in the first screen, with its disclosure (placement top). */
export function TopBook({ page }: { page: HotelPage }) {
  return (
    <div className="top-book">
      <BookButton link={page.hotel.book} placement="top" newTab={page.t.opensInNewTab} note={page.t.commissionNote} />
    </div>
  );
}

/**
 * The part of a hotel page the booking bar follows: its children, then the bar, the scope's last child. A sticky
 * bar with bottom: 0 stays at the viewport's bottom while its scope is on screen and rests at the scope's end.
 */
export function BookingScope({ page, children }: { page: HotelPage; children: ReactNode }) {
  return (
    <div className="booking-scope">
      {children}
      <div className="booking-bar" data-booking-bar>
        <p className="booking-bar__name"><T>{page.hotel.name}</T></p>
        <BookButton link={page.hotel.book} placement="bar" newTab={page.t.opensInNewTab} size="small" />
      </div>
    </div>
  );
}
