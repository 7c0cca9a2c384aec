// Home page: hero, the destinations by region (on a phone they begin in the second screen), welcome, three
// features, Why Choose and a closing call to action.
import type { HomePage } from "../../src/site/pages";
import { BookButton } from "../components/BookButton";
import { Img, panelSide } from "../components/Img";
import { Destinations } from "../components/Destinations";
import { T } from "../components/T";
import { Phrases } from "../components/Phrases";

const FEATURES = ["Accommodations", "Dining", "Locations"] as const;
const REASONS = ["quality", "global", "amenities", "culinary", "business", "sustainable"] as const;

export function Home({ page }: { page: HomePage }) {
  const home = page.home;
  const x = home.text;
  const t = page.t;
  return (
    <>
      <section className={`hero hero--home ${panelSide(home.heroImage)}`}>
        <Img image={home.heroImage} className="hero__image" hero crop sizes="100vw" />
        <div className="hero__content hero__content--center">
          <h1 className="hero__title"><Phrases>{x.heroTitle}</Phrases></h1>
          <p className="hero__subtitle"><Phrases>{x.heroSubtitle}</Phrases></p>
          <div className="hero__actions">
            <BookButton link={home.book} placement="hero" newTab={t.opensInNewTab} size="large" />
            <a className="button button--large button--ghost" href={page.chrome.destinationsHref}>
              <T>{t.exploreDestinations}</T>
            </a>
          </div>
          <small className="book__note hero__note"><T>{t.commissionNote}</T></small>
        </div>
      </section>

      <section className="destinations container" id="destinations" tabIndex={-1}>
        <h2 className="section-title"><Phrases>{x.destinationsTitle}</Phrases></h2>
        <p className="destinations__subtitle"><T>{x.destinationsSubtitle}</T></p>
        <Destinations groups={home.groups} label={t.browseByRegion} />
      </section>

      <section className="welcome container">
        <div className="welcome__intro">
          <h2 className="section-title"><Phrases>{x.welcomeTitle}</Phrases></h2>
          <p><T>{x.welcomeText1}</T></p>
          <p><T>{x.welcomeText2}</T></p>
        </div>
        <ul className="features">
          {FEATURES.map((f) => (
            <li key={f} className="feature">
              <h3><Phrases>{x[`feature${f}Title`]}</Phrases></h3>
              <p><T>{x[`feature${f}Text`]}</T></p>
            </li>
          ))}
        </ul>
      </section>

      <section className="why">
        <div className="container">
          <h2 className="section-title"><Phrases>{x.whyChooseTitle}</Phrases></h2>
          <ul className="why__list">
            {REASONS.map((r) => (
              <li key={r}>
                <h3><Phrases>{x[`${r}Title`]}</Phrases></h3>
                <p><T>{x[`${r}Text`]}</T></p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="cta cta--home">
        <h2 className="section-title"><Phrases>{x.ctaTitle}</Phrases></h2>
        <p><T>{x.ctaSubtitle}</T></p>
        <BookButton link={home.book} placement="cta" newTab={t.opensInNewTab} note={t.commissionNote} size="large" />
      </section>
    </>
  );
}
