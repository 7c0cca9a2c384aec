// Pieces the hotel layouts share: breadcrumb trail, headed sections, the closing call to action, and the body
// showcase and story pages have in common.
import type { BookLink, HotelPage, Page, Section } from "../../src/site/pages";
import { BookButton } from "./BookButton";
import { BookingScope } from "./BookingParts";
import { Gallery } from "./Gallery";
import { Paragraphs } from "./Paragraphs";
import { T } from "./T";
import { Phrases } from "./Phrases";

export function Breadcrumb({ page }: { page: HotelPage }) {
  return (
    <nav className="breadcrumb" aria-label={page.t.breadcrumb}>
      <ol>
        <li>
          <a href={page.chrome.homeHref}><T>{page.t.home}</T></a>
        </li>
        <li aria-current="page"><T>{page.hotel.name}</T></li>
      </ol>
    </nav>
  );
}

export function Sections({ sections }: { sections: Section[] }) {
  return (
    <>
      {sections.map((s, i) => (
        <section key={i} className="prose-section">
          <h2><Phrases>{s.title}</Phrases></h2>
          <Paragraphs items={s.paragraphs} />
        </section>
      ))}
    </>
  );
}

export function CallToAction({ page, title, paragraphs, book }: { page: Page; title: string; paragraphs: string[]; book: BookLink<"cta"> }) {
  return (
    <section className="cta">
      <h2 className="section-title"><Phrases>{title}</Phrases></h2>
      <Paragraphs items={paragraphs} />
      <BookButton link={book} placement="cta" newTab={page.t.opensInNewTab} note={page.t.commissionNote} size="large" />
    </section>
  );
}

/** The body of a showcase or story page: gallery and sections under the booking bar's scope, then the closing call to action. */
export function SectionsAndClose({ page }: { page: HotelPage }) {
  const h = page.hotel;
  return (
    <>
      <BookingScope page={page}>
        <Gallery page={page} />
        <div className="container container--narrow">
          <Sections sections={h.sections} />
        </div>
      </BookingScope>
      {h.cta && <CallToAction page={page} title={h.cta.title} paragraphs={h.cta.paragraphs} book={h.book} />}
    </>
  );
}
