// Layout two: a centred hero (60% of the viewport, 500px at least) from the hotel record, long descriptive
// sections, and a closing call to action with a second book button.
import type { HotelPage } from "../../src/site/pages";
import { AvailabilityForm } from "../components/AvailabilityForm";
import { BookButton } from "../components/BookButton";
import { FactsPanel } from "../components/FactsPanel";
import { Breadcrumb, SectionsAndClose } from "../components/HotelParts";
import { Img, panelSide } from "../components/Img";
import { Paragraphs } from "../components/Paragraphs";
import { T } from "../components/T";
import { Phrases } from "../components/Phrases";

export function Story({ page }: { page: HotelPage }) {
  const h = page.hotel;
  const t = page.t;
  return (
    <article className="hotel hotel--story">
      <header className={`hero hero--story ${panelSide(h.image)}`}>
        <Img image={h.image} className="hero__image" hero crop sizes="100vw" />
        <div className="hero__content hero__content--center">
          <h1 className="hero__title"><Phrases>{h.name}</Phrases></h1>
          <p className="hero__kicker"><Phrases place>{h.location}</Phrases></p>
          <BookButton link={h.book} placement="hero" newTab={t.opensInNewTab} note={t.commissionNote} size="large" />
        </div>
      </header>
      <div className="container container--narrow">
        <Breadcrumb page={page} />
        <FactsPanel page={page} />
        <section className="overview">
          <h2><Phrases>{h.mainTitle}</Phrases></h2>
          <Paragraphs items={h.intro} className="lead" />
        </section>
        <AvailabilityForm page={page} />
      </div>
      <SectionsAndClose page={page} />
    </article>
  );
}
