// Home page: hero, welcome, three features, Why Choose, the destinations by region and a closing call to action.
import type { HomePage } from "../../src/site/pages";
import { BookButton } from "../components/BookButton";
import { Img, panelSide } from "../components/Img";
import { Destinations } from "../components/Destinations";
import { T } from "../components/T";

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
          <h1 className="hero__title"><T>{x.heroTitle}</T></h1>
          <p className="hero__subtitle"><T>{x.heroSubtitle}</T></p>
          <div className="hero__actions">
            <BookButton link={home.book} placement="hero" newTab={t.opensInNewTab} size="large" />
            <a className="button button--large button--ghost" href={page.chrome.destinationsHref}>
              <T>{t.exploreDestinations}</T>
            </a>
          </div>
          <small className="book__note hero__note"><T>{t.commissionNote}</T></small>
        </div>
      </section>

      <section className="welcome container">
        <div className="welcome__intro">
          <h2 className="section-title"><T>{x.welcomeTitle}</T></h2>
          <p><T>{x.welcomeText1}</T></p>
          <p><T>{x.welcomeText2}</T></p>
        </div>
        <ul className="features">
          {FEATURES.map((f) => (
            <li key={f} className="feature">
              <h3><T>{x[`feature${f}Title`]}</T></h3>
              <p><T>{x[`feature${f}Text`]}</T></p>
            </li>
          ))}
        </ul>
      </section>

      <section className="why">
        <div className="container">
          <h2 className="section-title"><T>{x.whyChooseTitle}</T></h2>
          <ul className="why__list">
            {REASONS.map((r) => (
              <li key={r}>
                <h3><T>{x[`${r}Title`]}</T></h3>
                <p><T>{x[`${r}Text`]}</T></p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="destinations container" id="destinations" tabIndex={-1}>
        <h2 className="section-title"><T>{x.destinationsTitle}</T></h2>
        <p className="destinations__subtitle"><T>{x.destinationsSubtitle}</T></p>
        <Destinations groups={home.groups} label={t.browseByRegion} />
      </section>

      <section className="cta cta--home">
        <h2 className="section-title"><T>{x.ctaTitle}</T></h2>
        <p><T>{x.ctaSubtitle}</T></p>
        <BookButton link={home.book} placement="cta" newTab={t.opensInNewTab} note={t.commissionNote} size="large" />
      </section>
    </>
  );
}
