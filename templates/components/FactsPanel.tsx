// A hotel's key figures at a glance (rooms, event space, minutes to the airport...), as a compact <dl> near
// the top of every layout; labels and numbers arrive translated and formatted (src/site/facts.ts).
import type { HotelPage } from "../../src/site/pages";
import { T } from "./T";
import { Phrases } from "./Phrases";

export function FactsPanel({ page }: { page: HotelPage }) {
  const facts = page.hotel.facts;
  if (!facts.length) return null;
  return (
    <section className="facts" aria-labelledby="facts-title">
      <h2 className="facts__title" id="facts-title"><Phrases>{page.t.factsTitle}</Phrases></h2>
      <dl className="facts__list">
        {facts.map((f, i) => (
          <div key={i} className="facts__item">
            <dt className="facts__label"><Phrases>{f.label}</Phrases></dt>
            <dd className="facts__value">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
