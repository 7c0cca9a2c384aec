// A hotel's photographs as a horizontal strip that swipes on touch and scrolls by keyboard (a focusable,
// labelled region with CSS scroll snap): no JavaScript. Every image is lazy, with width, height and alt.
import type { HotelPage } from "../../src/site/pages";
import { Img } from "./Img";

export function Gallery({ page }: { page: HotelPage }) {
  const images = page.hotel.gallery;
  if (!images.length) return null;
  return (
    // The region itself scrolls, so that arrow keys scroll it once it has focus (axe: scrollable-region-focusable).
    <div className="gallery" role="region" aria-label={page.t.gallery} tabIndex={0}>
      <ul className="gallery__list">
        {images.map((image, i) => (
          <li key={i} className="gallery__item">
            <Img image={image} className="gallery__image" sizes="(min-width: 678px) 36rem, 85vw" />
          </li>
        ))}
      </ul>
    </div>
  );
}
