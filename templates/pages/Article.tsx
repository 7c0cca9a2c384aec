// Layout three (article): the hotel's picture with its title and Book button beside it (above it on phones: both in
// the first screen), intro, headed sections, a seven-point "Why Choose" checklist in a highlighted box, a closing
// paragraph and one large centred book button; the availability form and the phone's booking bar.
import type { HotelPage } from "../../src/site/pages";
import { AvailabilityForm } from "../components/AvailabilityForm";
import { BookButton } from "../components/BookButton";
import { FactsPanel } from "../components/FactsPanel";
import { Gallery } from "../components/Gallery";
import { BookingScope, TopBook } from "../components/BookingParts";
import { Breadcrumb, Sections } from "../components/HotelParts";
import { Img } from "../components/Img";
import { Paragraphs } from "../components/Paragraphs";
import { T } from "../components/T";
import { Phrases } from "../components/Phrases";

export function Article({ page }: { page: HotelPage }) {
  const h = page.hotel;
  const t = page.t;
  return (
    <article className="hotel hotel--article">
      <header className="article-header">
        <figure className="article-figure">
          <Img image={h.image} className="article-figure__image" hero sizes="(min-width: 1024px) 44rem, 100vw" />
        </figure>
        <div className="article-header__text">
          <p className="article-header__kicker"><Phrases place>{h.location}</Phrases></p>
          <h1><Phrases>{h.mainTitle}</Phrases></h1>
          <TopBook page={page} />
        </div>
      </header>
      <div className="container container--narrow">
        <Breadcrumb page={page} />
        <Paragraphs items={h.intro} className="lead" />
        <FactsPanel page={page} />
        <AvailabilityForm page={page} />
        <BookingScope page={page}>
          <Sections sections={h.sections} />
          <Gallery page={page} />
          {h.whyChoose && (
            <section className="checklist">
              <h2><Phrases>{h.whyChoose.title}</Phrases></h2>
              <ul>
                {h.whyChoose.points.map((p, i) => (
                  <li key={i}><T>{p}</T></li>
                ))}
              </ul>
            </section>
          )}
          <Paragraphs items={h.closing} className="closing" />
        </BookingScope>
        <div className="article-book">
          <BookButton link={h.book} placement="body" newTab={t.opensInNewTab} note={t.commissionNote} size="large" />
        </div>
      </div>
    </article>
  );
}
