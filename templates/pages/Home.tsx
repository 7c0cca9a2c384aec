// Home page: hero, welcome, three features, Why Choose, the destinations grid and a closing call to action.
import type { HotelCard, HomePage } from "../../src/site/pages";
import { BookButton } from "../components/BookButton";
import { Img } from "../components/Img";

const FEATURES = ["Accommodations", "Dining", "Locations"] as const;
const REASONS = ["quality", "global", "amenities", "culinary", "business", "sustainable"] as const;

function Card({ card }: { card: HotelCard }) {
  return (
    <li className="card">
      <a className="card__link" href={card.href}>
        <Img image={card.image} className="card__image" sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw" />
        <div className="card__body">
          <p className="card__location">{card.location}</p>
          <h3 className="card__name">{card.name}</h3>
          <p className="card__title">{card.title}</p>
          <p className="card__description">{card.description}</p>
        </div>
      </a>
    </li>
  );
}

export function Home({ page }: { page: HomePage }) {
  const home = page.home;
  const x = home.text;
  const t = page.t;
  return (
    <>
      <section className="hero hero--home">
        <Img image={home.heroImage} className="hero__image" hero sizes="100vw" />
        <div className="hero__content hero__content--center">
          <h1 className="hero__title">{x.heroTitle}</h1>
          <p className="hero__subtitle">{x.heroSubtitle}</p>
          <div className="hero__actions">
            <BookButton link={home.book} newTab={t.opensInNewTab} size="large" />
            <a className="button button--large button--ghost" href={page.chrome.destinationsHref}>
              {t.exploreDestinations}
            </a>
          </div>
          <small className="book__note hero__note">{t.commissionNote}</small>
        </div>
      </section>

      <section className="welcome container">
        <div className="welcome__intro">
          <h2 className="section-title">{x.welcomeTitle}</h2>
          <p>{x.welcomeText1}</p>
          <p>{x.welcomeText2}</p>
        </div>
        <ul className="features">
          {FEATURES.map((f) => (
            <li key={f} className="feature">
              <h3>{x[`feature${f}Title`]}</h3>
              <p>{x[`feature${f}Text`]}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="why">
        <div className="container">
          <h2 className="section-title">{x.whyChooseTitle}</h2>
          <ul className="why__list">
            {REASONS.map((r) => (
              <li key={r}>
                <h3>{x[`${r}Title`]}</h3>
                <p>{x[`${r}Text`]}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="destinations container" id="destinations" tabIndex={-1}>
        <h2 className="section-title">{x.destinationsTitle}</h2>
        <p className="destinations__subtitle">{x.destinationsSubtitle}</p>
        <ul className="cards">
          {home.cards.map((c) => (
            <Card key={c.id} card={c} />
          ))}
        </ul>
      </section>

      <section className="cta cta--home">
        <h2 className="section-title">{x.ctaTitle}</h2>
        <p>{x.ctaSubtitle}</p>
        <BookButton link={home.book} newTab={t.opensInNewTab} note={t.commissionNote} size="large" />
      </section>
    </>
  );
}
