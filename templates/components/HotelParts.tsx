// Pieces the three hotel layouts share: breadcrumb trail, headed sections, the closing call to action.
import type { BookLink, HotelPage, Page, Section } from "../../src/site/pages";
import { BookButton } from "./BookButton";
import { Paragraphs } from "./Paragraphs";
import { T } from "./T";

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
          <h2><T>{s.title}</T></h2>
          <Paragraphs items={s.paragraphs} />
        </section>
      ))}
    </>
  );
}

export function CallToAction({ page, title, paragraphs, book }: { page: Page; title: string; paragraphs: string[]; book: BookLink<"cta"> }) {
  return (
    <section className="cta">
      <h2 className="section-title"><T>{title}</T></h2>
      <Paragraphs items={paragraphs} />
      <BookButton link={book} placement="cta" newTab={page.t.opensInNewTab} note={page.t.commissionNote} size="large" />
    </section>
  );
}
