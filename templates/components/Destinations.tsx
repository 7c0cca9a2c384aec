// The home page's destinations by region: a jump list of plain anchor links (works without JavaScript), then
// each region's heading and cards. A site without regions shows one list, as before.
import type { HotelCard, RegionGroup } from "../../src/site/pages";
import { Img } from "./Img";
import { T } from "./T";
import { Names, Phrases } from "./Phrases";
import { ReusedList } from "./Reused";

/** What a card shows inside its <li>. */
function Card({ card, heading: Heading }: { card: HotelCard; heading: "h3" | "h4" }) {
  return (
    <a className="card__link" href={card.href}>
      <Img image={card.image} className="card__image" sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 5.5rem" />
      <div className="card__body">
        <Names names={[card.name, card.location]}>
          <p className="card__location"><Phrases place>{card.location}</Phrases></p>
          <Heading className="card__name"><Phrases>{card.name}</Phrases></Heading>
          <p className="card__title"><Phrases>{card.title}</Phrases></p>
        </Names>
        <p className="card__description"><T>{card.description}</T></p>
      </div>
    </a>
  );
}

/** Columns that leave the fullest last row at the widest size (3 or 4; fewer cards than that: one row). */
function columns(n: number): number {
  if (n <= 4) return n;
  const rem = (c: number) => n % c || c;
  return rem(4) > rem(3) ? 4 : 3;
}

function Cards({ name, cards, heading }: { name: string; cards: HotelCard[]; heading: "h3" | "h4" }) {
  return (
    <ul className={`cards cards--${columns(cards.length)}`}>
      <ReusedList name={`${name} ${heading}`} items={cards} id={(c) => c.href} texts={(c) => [c.location, c.name, c.title, c.description, c.image.alt]} className="card">
        {(c) => <Card card={c} heading={heading} />}
      </ReusedList>
    </ul>
  );
}

/** The destinations, grouped when the site has regions. */
export function Destinations({ groups, label }: { groups: RegionGroup[]; label: string }) {
  if (groups.length === 1 && !groups[0].name) return <Cards name="" cards={groups[0].cards} heading="h3" />;
  const anchor = (id: string) => `region-${id}`;
  return (
    <>
      <nav className="region-nav" aria-label={label}>
        <ul>
          {groups.map((g) => (
            <li key={g.id}>
              <a href={`#${anchor(g.id)}`}><T>{g.name}</T></a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((g) => (
        <section key={g.id} className="region" id={anchor(g.id)} aria-labelledby={`${anchor(g.id)}-title`} tabIndex={-1}>
          <h3 className="region__title" id={`${anchor(g.id)}-title`}>
            <Phrases>{g.name}</Phrases>
          </h3>
          <Cards name={g.id} cards={g.cards} heading="h4" />
        </section>
      ))}
    </>
  );
}
