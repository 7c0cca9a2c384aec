// Layout three (article): title, intro, headed sections, a seven-point "Why Choose" checklist in a
// highlighted box, a closing paragraph and one large centred book button; the hotel's Book button under the title
// (first screen), the availability form and the phone's booking bar.
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

export function Article({ page }: { page: HotelPage }) {
  const h = page.hotel;
  const t = page.t;
  return (
    <article className="hotel hotel--article container container--narrow">
      <Breadcrumb page={page} />
      <header className="article-header">
        <p className="article-header__kicker"><T>{h.location}</T></p>
        <h1><T>{h.mainTitle}</T></h1>
        <TopBook page={page} />
        <Paragraphs items={h.intro} className="lead" />
      </header>
      <figure className="article-figure">
        <Img image={h.image} className="article-figure__image" hero sizes="(min-width: 800px) 760px, 100vw" />
      </figure>
      <FactsPanel page={page} />
      <AvailabilityForm page={page} />
      <BookingScope page={page}>
        <Sections sections={h.sections} />
        <Gallery page={page} />
        {h.whyChoose && (
          <section className="checklist">
            <h2><T>{h.whyChoose.title}</T></h2>
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
    </article>
  );
}
