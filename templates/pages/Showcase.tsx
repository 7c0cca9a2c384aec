// Layout one: tall photo hero with its text at the bottom, overview, six feature tiles, themed sections
// and a closing box with a second book button.
import type { HotelPage } from "../../src/site/pages";
import { BookButton } from "../components/BookButton";
import { Breadcrumb, CallToAction, Sections } from "../components/HotelParts";
import { Img } from "../components/Img";
import { Paragraphs } from "../components/Paragraphs";

export function Showcase({ page }: { page: HotelPage }) {
  const h = page.hotel;
  const t = page.t;
  return (
    <article className="hotel hotel--showcase">
      <header className={`hero hero--showcase hero--${h.hero}`}>
        <Img image={h.image} className="hero__image" hero sizes="100vw" />
        <div className="hero__content hero__content--bottom">
          <p className="hero__kicker">{h.location}</p>
          <h1 className="hero__title">{h.name}</h1>
          {h.tagline && <p className="hero__subtitle">{h.tagline}</p>}
          <BookButton link={h.book} newTab={t.opensInNewTab} note={t.commissionNote} size="large" />
        </div>
      </header>
      <div className="container container--narrow">
        <Breadcrumb page={page} />
        <section className="overview">
          <h2>{h.mainTitle}</h2>
          <Paragraphs items={h.overview} />
        </section>
      </div>
      <section className="tiles container" aria-labelledby="highlights">
        <h2 className="visually-hidden" id="highlights">
          {t.highlights}
        </h2>
        <ul className="tiles__list">
          {h.features.map((f, i) => (
            <li key={i} className="tile">
              {f}
            </li>
          ))}
        </ul>
      </section>
      <div className="container container--narrow">
        <Sections sections={h.sections} />
      </div>
      {h.cta && <CallToAction page={page} title={h.cta.title} paragraphs={h.cta.paragraphs} book={h.book} />}
    </article>
  );
}
