// Not-found page, one per language: "404", the message and a way home. The script logs the attempted path.
import type { Page } from "../../src/site/pages";
import { T } from "../components/T";
import { Phrases } from "../components/Phrases";

export function NotFound({ page }: { page: Page }) {
  const t = page.t;
  return (
    <section className="not-found container">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>
        <span className="visually-hidden">404: </span>
        <Phrases>{t.notFoundTitle}</Phrases>
      </h1>
      <p><T>{t.notFoundText}</T></p>
      <a className="button" href={page.chrome.homeHref}>
        <T>{t.returnHome}</T>
      </a>
    </section>
  );
}
