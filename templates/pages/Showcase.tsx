// Layout one: tall photo hero with its text at the bottom, overview, the feature tiles (those the facts panel does
// not already show: src/site/facts.ts), themed sections and a closing box with a second book button.
import type { HotelPage } from "../../src/site/pages";
import { AvailabilityForm } from "../components/AvailabilityForm";
import { BookButton } from "../components/BookButton";
import { FactsPanel } from "../components/FactsPanel";
import { Breadcrumb, SectionsAndClose } from "../components/HotelParts";
import { Img, panelSide } from "../components/Img";
import { Paragraphs } from "../components/Paragraphs";
import { T } from "../components/T";
import { Phrases } from "../components/Phrases";

export function Showcase({ page }: { page: HotelPage }) {
  const h = page.hotel;
  const t = page.t;
  return (
    <article className="hotel hotel--showcase">
      <header className={`hero hero--showcase hero--${h.hero} ${panelSide(h.image)}`}>
        <Img image={h.image} className="hero__image" hero crop sizes="100vw" />
        <div className="hero__content hero__content--bottom">
          <p className="hero__kicker"><Phrases place>{h.location}</Phrases></p>
          <h1 className="hero__title"><Phrases>{h.name}</Phrases></h1>
          {h.tagline && <p className="hero__subtitle"><Phrases>{h.tagline}</Phrases></p>}
          <BookButton link={h.book} placement="hero" newTab={t.opensInNewTab} note={t.commissionNote} size="large" />
        </div>
      </header>
      <div className="container container--narrow">
        <Breadcrumb page={page} />
        <FactsPanel page={page} />
        <section className="overview">
          <h2><Phrases>{h.mainTitle}</Phrases></h2>
          <Paragraphs items={h.overview} />
        </section>
        <AvailabilityForm page={page} />
      </div>
      {h.features.length > 0 && (
        <section className="tiles container" aria-labelledby="highlights">
          <h2 className="visually-hidden" id="highlights">
            <T>{t.highlights}</T>
          </h2>
          <ul className="tiles__list">
            {h.features.map((f, i) => (
              <li key={i} className="tile">
                <Phrases>{f}</Phrases>
              </li>
            ))}
          </ul>
        </section>
      )}
      <SectionsAndClose page={page} />
    </article>
  );
}
